package corpus

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// reachRows are truthRows with per-line answers on two tasks: t1-held (a gap; its oracle ran 1
// of its 4 added executable lines) and t4-unshown (no gap; it ran neither of its 2). Every other
// row records no file, so its reach is trivially met.
func reachRows() []Row {
	rows := truthRows()
	lines := func(r *Row, path string, answers ...report.LineStatus) {
		r.Report.Files = []plan.FileInfo{{Path: path}}
		r.Report.Baseline = &report.Baseline{Reach: report.Reach{Files: []report.FileReach{{Path: path, Coverage: "v8"}}}}
		for i, a := range answers {
			r.Report.Lines = append(r.Report.Lines, report.LineAnswer{Path: path, Line: i + 1, Answer: a})
		}
		// A comment line, which no reach counts.
		r.Report.Lines = append(r.Report.Lines, report.LineAnswer{Path: path, Line: len(answers) + 1, Answer: report.LineNotExecutable, Kind: "comment"})
	}
	lines(&rows[0], "src/a1.js", report.LinePinned, report.LineNotRun, report.LineNotRun, report.LineNotRun)
	lines(&rows[3], "src/d1.js", report.LineNotRun, report.LineNotRun)
	return rows
}

// A reach requirement refuses held and unshown bonds whose oracle ran too few added lines, under
// every regime but report-only; the ground truth judges such a refusal by the task's known_gap.
func TestReportRequireReach(t *testing.T) {
	rep := buildReport(t, reachRows(), ReportOptions{Truth: truthFixture(), RequireReach: 50})
	rr := rep.RequireReach
	if rr == nil || rr.Percent != 50 || len(rr.Tasks) != 2 {
		t.Fatalf("require_reach = %+v", rr)
	}
	if got := rr.Tasks[0]; got != (ReachTask{Task: "t1-held", Known: true, Ran: 1, Executable: 4, Refused: true}) {
		t.Errorf("t1 = %+v", got)
	}
	if got := rr.Tasks[1]; got != (ReachTask{Task: "t4-unshown", Known: true, Ran: 0, Executable: 2, Refused: true}) {
		t.Errorf("t4 = %+v", got)
	}
	tests := []struct {
		regime                          report.Regime
		refused, gapsRefused, falseRefs int
	}{
		// Without the requirement: t2, t3, t7, t8 refused (gaps t2, t7, t8; t3 false). With it,
		// t1 (a gap) and t4 (no gap: a false refusal) as well.
		{report.RegimeWitnessRecorded, 6, 4, 2},
		// witness-required refused t2 and t8; t1 and t4 now too.
		{report.RegimeWitnessRequired, 4, 3, 1},
		{report.RegimeReportOnly, 0, 0, 0},
	}
	for _, tt := range tests {
		m := rep.Overall.All[string(tt.regime)]
		gaps, _, _ := m.Value("gaps_refused")
		falseRefs, _, _ := m.Value("false_refusals")
		if m.Refused != tt.refused || int(gaps) != tt.gapsRefused || int(falseRefs) != tt.falseRefs {
			t.Errorf("%s: refused %d, gaps_refused %v, false_refusals %v; want %d, %d, %d", tt.regime, m.Refused, gaps, falseRefs, tt.refused, tt.gapsRefused, tt.falseRefs)
		}
	}
	var named []string
	for _, r := range rep.FalseRefusals {
		named = append(named, r.Regime+":"+r.Task)
	}
	if got := strings.Join(named, ","); got != "witness-recorded:t3-vac-none,witness-recorded:t4-unshown,witness-required:t4-unshown" {
		t.Errorf("false refusals = %s", got)
	}

	// Without the requirement nothing changes: the figures TestTruthMetricsByHand checks.
	plain := buildReport(t, reachRows(), ReportOptions{Truth: truthFixture()})
	if plain.RequireReach != nil || plain.Overall.All[string(report.RegimeWitnessRecorded)].Refused != 4 {
		t.Errorf("without --require-reach: %+v, refused %d", plain.RequireReach, plain.Overall.All[string(report.RegimeWitnessRecorded)].Refused)
	}
}

// A rule freezes its reach requirement; the report derives every bond under it, and refuses a
// --require-reach that differs from the record's. A condition relative to another regime
// observes the difference of the two.
func TestPreregRequireReachAndRelative(t *testing.T) {
	rule := `require_reach = 50
[[condition]]
name = "witness-required loses at most one gap"
metric = "gaps_refused"
regime = "witness-required"
relative_to = "witness-recorded"
sample = "all"
op = ">="
value = -1
[[condition]]
name = "no false refusal"
metric = "false_refusals"
sample = "all"
op = "=="
value = 0
`
	rec, path := freezeFixture(t, rule)
	if rec.RequireReach != 50 {
		t.Fatalf("record require_reach = %d", rec.RequireReach)
	}
	loaded, err := LoadRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	rep := buildReport(t, reachRows(), ReportOptions{Prereg: loaded, PreregPath: path, Truth: truthFixture()})
	p := rep.Prereg
	if p.RequireReach != 50 || rep.RequireReach == nil {
		t.Fatalf("the record's reach was not applied: %+v / %+v", p.RequireReach, rep.RequireReach)
	}
	var got []string
	for _, c := range p.Conditions {
		got = append(got, c.Name+"="+c.Observed+"/"+map[bool]string{true: "PASS", false: "FAIL"}[c.Pass])
	}
	want := []string{"witness-required loses at most one gap=-1 (3 under witness-required, 4 under witness-recorded)/PASS", "no false refusal=2/FAIL"}
	if !equal(got, want) {
		t.Errorf("conditions = %q\nwant %q", got, want)
	}
	if d := p.Conditions[0].Describe; d != "gaps_refused − gaps_refused under witness-recorded >= -1 (witness-required, all)" {
		t.Errorf("describe = %q", d)
	}

	rf := withLines(&RowsFile{Path: "rows.jsonl", Rows: reachRows()})
	merged, dups := Merge([]*RowsFile{rf})
	if _, err := BuildReport([]*RowsFile{rf}, merged, dups, ReportOptions{Prereg: loaded, PreregPath: path, RequireReach: 80}); err == nil || !strings.Contains(err.Error(), "require_reach = 50") {
		t.Errorf("a --require-reach other than the record's: err = %v", err)
	}
}

func TestParseRuleReachBad(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"reach range", "require_reach = 0\n[[condition]]\nname='a'\nmetric='held'\nsample='out'\nop='=='\nvalue=0\n", "require_reach = 0: use a percentage from 1 to 100"},
		{"reach type", "require_reach = 50.5\n[[condition]]\nname='a'\nmetric='held'\nsample='out'\nop='=='\nvalue=0\n", `"require_reach" must be a whole percentage`},
		{"relative to itself", "[[condition]]\nname='a'\nmetric='held'\nsample='out'\nop='=='\nvalue=0\nrelative_to='witness-recorded'\n", "is the condition's own regime"},
		{"relative to nothing", "[[condition]]\nname='a'\nmetric='held'\nsample='out'\nop='=='\nvalue=0\nrelative_to='strict'\n", `relative_to = "strict"`},
		{"relative task", "[[condition]]\nname='a'\ntask='x'\nverdict='held'\nrelative_to='report-only'\n", `"relative_to" belongs to a metric condition`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseRule("rule.toml", []byte(tt.src), string(report.RegimeWitnessRecorded))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

// TestAdjudicationRunsPerAccepted checks the cost metric of [witness] 7's rule on rows decoded
// the way corpus report decodes them: a field the row decoder drops would read as zero.
func TestAdjudicationRunsPerAccepted(t *testing.T) {
	line := func(suiteMS, gatesMS int64, statuses ...string) []byte {
		var muts []string
		for i, s := range statuses {
			muts = append(muts, fmt.Sprintf(`{"id":"m%d","path":"a.js","line":%d,"operator":"invert-comparison","status":%q,"ran":true}`, i, i+1, s))
		}
		return []byte(fmt.Sprintf(`{"schema_version":%q,"task":"t","report":{"mutants":[%s],`+
			`"baseline":{"oracle":[{"duration_ms":400},{"duration_ms":600},{"test_files":["t.js"],"duration_ms":9000}]},`+
			`"timings":{"suite_ms":%d,"gates_baseline_ms":%d}}}`, version.Schema, strings.Join(muts, ","), suiteMS, gatesMS))
	}
	cases := []struct {
		name string
		rows [][]byte
		want *float64
	}{
		{"no accepted mutant", [][]byte{line(0, 0, "killed")}, nil},
		// 1,500 ms of adjudication, a 500 ms run, 2 accepted: 1.5 runs each.
		{"one task", [][]byte{line(1000, 500, "accepted", "accepted", "killed")}, ptr(1.5)},
		// 3,000 ms over 3 accepted, a 500 ms run: 2 runs each.
		{"two tasks", [][]byte{line(1000, 500, "accepted", "accepted"), line(1500, 0, "accepted", "killed")}, ptr(2.0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var adj adjudicationCost
			for _, l := range c.rows {
				r, err := decodeRow(l)
				if err != nil {
					t.Fatal(err)
				}
				adj.add(r.Report)
			}
			got := adj.perAccepted()
			switch {
			case got == nil && c.want == nil:
			case got == nil || c.want == nil:
				t.Fatalf("got %v, want %v", got, c.want)
			case math.Abs(*got-*c.want) > 1e-9:
				t.Fatalf("got %v, want %v", *got, *c.want)
			}
		})
	}
}

func ptr(f float64) *float64 { return &f }
