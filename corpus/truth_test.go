package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

const truthCorpusHead = "format = 1\n[[task]]\nid = \"o/r#1\"\nrepo = \"repo\"\nbase = \"b\"\nhead = \"h\"\noracle_cmd = \"npm test\"\n"

const validTruth = `task = "o/r#1"
[stryker]
version = "9.6.1"
runs = 12
wall_ms = 4000

[[mutant]]
tool = "stryker"
file = "lib/a.js"
line = 3
mutated = "if (false) return;"
judgement = "real"
reason = "the guard never fires and no test reaches it"

[[mutant]]
tool = "bond"
file = "lib/a.js"
line = 4
mutated = "return b - a;"
judgement = "equivalent"
reason = "a and b are always equal here"
`

// Every problem of the ground-truth keys and files is listed, each naming the task, the file and
// the key, and a valid truth is read whole.
func TestGroundTruthValidation(t *testing.T) {
	tests := []struct {
		name  string
		extra string // task keys after the head
		truth string // the ground-truth file's content ("" writes none)
		want  []string
	}{
		{name: "valid", extra: "known_gap = true\nground_truth = \"t.toml\"\n", truth: validTruth},
		{name: "known_gap alone", extra: "known_gap = false\n"},
		{name: "known_gap not a bool", extra: "known_gap = \"yes\"\n", want: []string{`key "known_gap" must be true or false, not a string`}},
		{name: "ground truth missing", extra: "known_gap = true\nground_truth = \"none.toml\"\n", want: []string{`ground_truth = "none.toml": stat`}},
		{name: "ground truth outside", extra: "known_gap = true\nground_truth = \"../t.toml\"\n", want: []string{`ground_truth = "../t.toml" leaves the corpus directory`}},
		{name: "without known_gap", extra: "ground_truth = \"t.toml\"\n", truth: validTruth, want: []string{"is set without known_gap; its judgements say known_gap = true"}},
		{name: "disagrees with known_gap", extra: "known_gap = false\nground_truth = \"t.toml\"\n", truth: validTruth, want: []string{"known_gap = false, but ground_truth t.toml judges a mutant real (a gap)"}},
		{name: "other task", extra: "known_gap = false\nground_truth = \"t.toml\"\n", truth: "task = \"o/r#2\"\n", want: []string{`task = "o/r#2", but the corpus task is "o/r#1"`}},
		{name: "bad file", extra: "known_gap = false\nground_truth = \"t.toml\"\n", truth: "task = \"o/r#1\"\ncolor = 1\n[stryker]\nruns = 0\n[[mutant]]\ntool = \"pit\"\nfile = \"/etc/x\"\nline = 2\nmutated = \"x\"\njudgement = \"maybe\"\nreason = \"a\\nb\"\n",
			want: []string{`unknown key "color"`, `missing required key [stryker] "wall_ms"`, `key "stryker.runs" must be a positive integer`, `tool = "pit": use "stryker" or "bond"`, `file = "/etc/x" is not a repository-relative path`, `judgement = "maybe": use "real" or "equivalent"`, "reason must be one non-empty line"}},
		{name: "mutant missing keys", extra: "known_gap = false\nground_truth = \"t.toml\"\n", truth: "task = \"o/r#1\"\n[[mutant]]\ntool = \"bond\"\n",
			want: []string{`mutant 1: missing required key "file"`, `missing required key "judgement"`, `missing required key "reason"`}},
		{name: "not toml", extra: "known_gap = false\nground_truth = \"t.toml\"\n", truth: "task = \n", want: []string{"the ground-truth file must be valid TOML"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "repo"), 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.truth != "" {
				if err := os.WriteFile(filepath.Join(dir, "t.toml"), []byte(tt.truth), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c, err := Parse("c.toml", dir, []byte(truthCorpusHead+tt.extra))
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error; tasks = %+v", c.Tasks)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
		})
	}
}

// A valid ground truth is read whole, and LoadGroundTruth does not need the repositories.
func TestGroundTruthRead(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.toml"), []byte(validTruth), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "c.toml")
	if err := os.WriteFile(path, []byte(truthCorpusHead+"known_gap = true\nground_truth = \"t.toml\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), `repo = "repo"`) {
		t.Fatalf("Load without the repository: %v", err)
	}
	g, err := LoadGroundTruth(path)
	if err != nil {
		t.Fatal(err)
	}
	tt := g.Tasks["o/r#1"]
	if tt.KnownGap == nil || !*tt.KnownGap || tt.Truth == nil || len(tt.Truth.Mutants) != 2 {
		t.Fatalf("truth = %+v", tt)
	}
	if s := tt.Truth.Stryker; s == nil || s.Runs != 12 || s.WallMS != 4000 || s.Version != "9.6.1" {
		t.Errorf("stryker = %+v", s)
	}
	if j, ok := tt.Truth.JudgementOf("lib/a.js", 4, "  return b - a;"); !ok || j.Judgement != JudgedEquivalent {
		t.Errorf("JudgementOf bond's mutant = %q, %v", j.Judgement, ok)
	}
	if j, ok := tt.Truth.JudgementOf("lib/a.js", 3, "if (false) return;"); !ok || j.Judgement != JudgedReal {
		t.Errorf("a bond mutant with the same mutated line as a judged StrykerJS mutant: %q, %v", j.Judgement, ok)
	}
	if _, ok := tt.Truth.JudgementOf("lib/a.js", 3, "if (true) return;"); ok {
		t.Error("a mutant with another mutated line matched")
	}
}

func boolp(b bool) *bool { return &b }

// truthFixture is the ground truth of fixtureRows the hand-computed figures below use:
// t1 (held) hides a gap bond missed; t2 (refused, b1 witnessed by coverage) has a gap and b1 is
// judged real; t3 (refused, c1 witness none) has no gap and c1 is judged equivalent; t7 (in
// sample, refused on g2) and t8 (refused on h1, h2) have gaps but no judgement of bond's mutants;
// t4 has no gap. StrykerJS ran on t1 (10 runs, 1 s) and t2 (4 runs, 0.5 s).
func truthFixture() *GroundTruth {
	mutant := func(id, judgement string) Judgement {
		return Judgement{Tool: ToolBond, File: "src/" + id + ".js", Line: 3, Mutated: "return b - a;", Judgement: judgement, Reason: "r"}
	}
	return &GroundTruth{Path: "truth.toml", Tasks: map[string]TaskTruth{
		"t1-held":     {KnownGap: boolp(true), Truth: &Truth{Stryker: &StrykerCost{Runs: 10, WallMS: 1000}}},
		"t2-vac-cov":  {KnownGap: boolp(true), Truth: &Truth{Stryker: &StrykerCost{Runs: 4, WallMS: 500}, Mutants: []Judgement{mutant("b1", JudgedReal)}}},
		"t3-vac-none": {KnownGap: boolp(false), Truth: &Truth{Mutants: []Judgement{mutant("c1", JudgedEquivalent)}}},
		"t4-unshown":  {KnownGap: boolp(false)},
		"t7-in":       {KnownGap: boolp(true)},
		"t8-adv":      {KnownGap: boolp(true), Truth: &Truth{Mutants: []Judgement{{Tool: ToolBond, File: "src/h1.js", Line: 4, Mutated: "return b - a;", Judgement: JudgedReal, Reason: "another line"}}}},
	}}
}

func truthRows() []Row {
	rows := fixtureRows()
	rows[0].Report.Timings.TotalMS = 700
	rows[1].Report.Timings.TotalMS = 300
	return rows
}

// The ground-truth figures of fixtureRows, worked out by hand (see truthFixture).
func TestTruthMetricsByHand(t *testing.T) {
	rep := buildReport(t, truthRows(), ReportOptions{Truth: truthFixture()})
	type want struct {
		sample, regime                                       string
		knownGaps, falseRefusals, unjudged, oracleRuns, wall int
		gapRecall, runsVsStryker, wallVsStryker              string
		strykerRuns, strykerWall                             int
	}
	all := func(regime report.Regime, falseRef, unjudged int, recall string) want {
		return want{SampleAll, string(regime), 4, falseRef, unjudged, 8, 1000, recall, "21.4", "66.7", 14, 1500}
	}
	tests := []want{
		// Refused under witness-recorded: t2 (a gap, b1 real), t3 (c1 equivalent: a false
		// refusal), t7 and t8 (gaps, their mutants unjudged). Gaps t1, t2, t7, t8: 3 refused.
		all(report.RegimeWitnessRecorded, 1, 2, "3 of 4 (75.0% [30.1, 95.4])"),
		// witness-required refuses only on witnessed mutants: t2 (b1) and t8 (h1, unjudged).
		all(report.RegimeWitnessRequired, 0, 1, "2 of 4 (50.0% [15.0, 85.0])"),
		all(report.RegimeReportOnly, 0, 0, "0 of 4 (0.0% [0.0, 49.0])"),
		// In sample: t7 alone, a gap refused on an unjudged mutant; no StrykerJS record.
		{SampleIn, string(report.RegimeWitnessRecorded), 1, 0, 1, 2, 0, "1 of 1 (100.0% [20.7, 100.0])", "n/a", "n/a", -1, -1},
	}
	for _, w := range tests {
		m := rep.Overall.Get(w.sample)[w.regime]
		cell := func(name string) string {
			v, defined, ok := m.Value(name)
			if !ok {
				t.Fatalf("%s is not a metric", name)
			}
			if !defined {
				return "n/a"
			}
			return Percent1(v)
		}
		count := func(name string) int {
			v, defined, _ := m.Value(name)
			if !defined {
				return -1
			}
			return int(v)
		}
		got := want{w.sample, w.regime, count("known_gaps"), count("false_refusals"), count("refusals_unjudged"), count("oracle_runs"), count("wall_ms"),
			m.Intervals.GapRecall.String(), cell("oracle_runs_vs_stryker"), cell("wall_vs_stryker"), count("stryker_runs"), count("stryker_wall_ms")}
		if got != w {
			t.Errorf("%s/%s:\n got %+v\nwant %+v", w.sample, w.regime, got, w)
		}
	}
	var fr, un []string
	for _, r := range rep.FalseRefusals {
		fr = append(fr, r.Regime+" "+r.Task)
	}
	for _, r := range rep.UnjudgedRefusals {
		un = append(un, r.Regime+" "+r.Task)
	}
	if want := []string{"witness-recorded t3-vac-none"}; !equal(fr, want) {
		t.Errorf("false refusals = %q, want %q", fr, want)
	}
	if want := []string{"witness-recorded t7-in", "witness-recorded t8-adv", "witness-required t8-adv"}; !equal(un, want) {
		t.Errorf("unjudged refusals = %q, want %q", un, want)
	}
	if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "t5-not-bonded, t6-install") {
		t.Errorf("warnings = %q, want one naming the tasks the truth does not hold", rep.Warnings)
	}
}

// Without a ground truth the truth metrics are undefined (null), and a rule condition on one
// fails with a message that says to pass --truth; with it, the condition is evaluated.
func TestTruthMetricsInRules(t *testing.T) {
	rule, err := ParseRule("rule.toml", []byte(`[[condition]]
name = "gap recall"
metric = "gap_recall"
sample = "all"
op = ">="
value = 75
[[condition]]
name = "no false refusal"
metric = "false_refusals"
sample = "all"
op = "=="
value = 0
[[condition]]
name = "cheaper than StrykerJS"
metric = "oracle_runs_vs_stryker"
sample = "all"
op = "<="
value = 100
`), "witness-recorded")
	if err != nil {
		t.Fatal(err)
	}
	c := &Corpus{Path: "c.toml", SHA256: "abc", Budget: 6, PerOperator: 2, Regime: "witness-recorded"}
	for _, r := range fixtureRows() {
		c.Tasks = append(c.Tasks, Task{ID: r.Task, Sample: r.Sample})
	}
	rec, err := Freeze(FreezeOptions{Corpus: c, Rule: rule, Operators: fixtureRows()[0].Report.Operators, Now: t0.Add(-time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	without := buildReport(t, truthRows(), ReportOptions{Prereg: rec, PreregPath: "p.json"}).Prereg
	if without.Failed != 3 || !strings.Contains(without.Conditions[0].Observed, "--truth") {
		t.Errorf("without a truth: %+v", without.Conditions)
	}
	g := truthFixture()
	g.SHA256 = "abc"
	with := buildReport(t, truthRows(), ReportOptions{Prereg: rec, PreregPath: "p.json", Truth: g}).Prereg
	var got []string
	for _, cr := range with.Conditions {
		got = append(got, cr.Observed+" "+map[bool]string{true: "PASS", false: "FAIL"}[cr.Pass])
	}
	if want := []string{"3 of 4 (75.0% [30.1, 95.4]) PASS", "1 FAIL", "21.428571428571427 PASS"}; !equal(got, want) {
		t.Errorf("conditions = %q, want %q", got, want)
	}
}

// A row read back from JSON keeps what the cost metrics count: the baseline's oracle runs, the
// canaries that ran (not one recorded not-run), a survived canary's coverage run (none where the
// coverage was the canary's own run's), each mutant run and retry, and the certify's total time.
func TestOracleRunsFromDecodedRow(t *testing.T) {
	line := `{"schema_version":"1","task":"a#1","report":{"baseline":{"oracle":[{"passed":true},{"passed":true}]},` +
		`"self_check":[{"path":"a.js","result":"killed"},{"path":"b.js"},{"path":"c.js","result":"not-run","reason":"not-needed"},` +
		`{"path":"d.js","result":"survived","coverage":{"status":"accepted","recorded":false}},` +
		`{"path":"e.js","result":"swallowed","coverage":{"status":"accepted","recorded":true,"throw_ran":true,"same_run":true}}],"timings":{"total_ms":1234},` +
		`"mutants":[{"id":"m1","ran":true,"retried":true,"status":"killed","witness":{"kind":"not-adjudicated"}},` +
		`{"id":"m2","ran":false,"status":"accepted","reason":"not-ran","witness":{"kind":"not-adjudicated"}}]}}`
	r, err := decodeRow([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	if got := oracleRuns(r.Report); got != 9 {
		t.Errorf("oracle runs = %d, want 2 baseline + 4 canaries + 1 canary coverage run (not e.js's, its own run's) + 1 mutant + 1 retry = 9", got)
	}
	if r.Report.Timings.TotalMS != 1234 {
		t.Errorf("total_ms = %d, want 1234", r.Report.Timings.TotalMS)
	}
}
