package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/golden"
)

func buildReport(t *testing.T, rows []Row, opts ReportOptions) *Report {
	t.Helper()
	rf := &RowsFile{Path: "rows.jsonl", Rows: rows}
	merged, dups := Merge([]*RowsFile{withLines(rf)})
	rep, err := BuildReport([]*RowsFile{rf}, merged, dups, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func withLines(rf *RowsFile) *RowsFile {
	rf.Lines = nil
	for i := range rf.Rows {
		rf.Lines = append(rf.Lines, i+1)
	}
	return rf
}

// The figures of fixtureRows, worked out by hand from SPEC §3.6 and §6.3 (see helpers_test.go):
// every metric, under every regime, for all samples and for out of sample.
func TestMetricsByHand(t *testing.T) {
	rep := buildReport(t, fixtureRows(), ReportOptions{})
	type want struct {
		sample, regime                                              string
		tasks, held, vacuous, unshown, notBonded, errors, certified int
		refused, falseGreens, witnessNone, falseRefusals            int
		certifiedRate, falseGreenRate                               string
	}
	tests := []want{
		{SampleAll, string(report.RegimeWitnessRecorded), 8, 1, 4, 1, 1, 1, 3, 4, 1, 2, 2, "3 of 7 (42.9% [15.8, 75.0])", "1 of 2 (50.0% [9.5, 90.5])"},
		{SampleAll, string(report.RegimeWitnessRequired), 8, 2, 2, 2, 1, 1, 5, 2, 1, 0, 1, "5 of 7 (71.4% [35.9, 91.8])", "1 of 3 (33.3% [6.1, 79.2])"},
		{SampleAll, string(report.RegimeReportOnly), 8, 1, 4, 1, 1, 1, 7, 0, 2, 0, 0, "7 of 7 (100.0% [64.6, 100.0])", "2 of 5 (40.0% [11.8, 76.9])"},
		{SampleOut, string(report.RegimeWitnessRecorded), 7, 1, 3, 1, 1, 1, 3, 3, 1, 1, 2, "3 of 6 (50.0% [18.8, 81.2])", "1 of 2 (50.0% [9.5, 90.5])"},
		{SampleIn, string(report.RegimeWitnessRecorded), 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, "0 of 1 (0.0% [0.0, 79.3])", "0 of 0 (n/a [0.0, 100.0])"},
		{SampleIn, string(report.RegimeWitnessRequired), 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, "1 of 1 (100.0% [20.7, 100.0])", "0 of 0 (n/a [0.0, 100.0])"},
	}
	for _, w := range tests {
		m := rep.Overall.Get(w.sample)[w.regime]
		got := want{w.sample, w.regime, m.Tasks, m.Held, m.Vacuous, m.Unshown, m.NotBonded, m.Errors, m.Certified, m.Refused, m.FalseGreens,
			m.RefusalsWitnessNone, m.FalseRefusalCandidates, m.Intervals.CertifiedRate.String(), m.Intervals.FalseGreenRate.String()}
		if got != w {
			t.Errorf("%s/%s:\n got %+v\nwant %+v", w.sample, w.regime, got, w)
		}
	}
	if len(rep.Arms) != 2 || rep.Arms[0].Arm != "adversarial" || rep.Arms[0].All[string(report.RegimeWitnessRecorded)].Tasks != 1 {
		t.Errorf("arms = %+v", rep.Arms)
	}
	var audit []string
	for _, a := range rep.Audit {
		for _, m := range a.Mutants {
			audit = append(audit, a.Regime+" "+a.Task+" "+m.ID)
		}
	}
	if got, want := audit, []string{"witness-recorded t3-vac-none c1", "witness-recorded t7-in g2"}; !equal(got, want) {
		t.Errorf("audit set = %q, want %q", got, want)
	}
	var frc []string
	for _, r := range rep.FalseRefusalCandidates {
		frc = append(frc, r.Regime+" "+r.Task)
	}
	if want := []string{"witness-recorded t3-vac-none", "witness-recorded t8-adv", "witness-required t8-adv"}; !equal(frc, want) {
		t.Errorf("false-refusal candidates = %q, want %q", frc, want)
	}
	if len(rep.Errors) != 1 || rep.Errors[0].Task != "t6-install" || rep.Errors[0].Phase != PhaseInstall {
		t.Errorf("errors = %+v", rep.Errors)
	}
	if len(rep.Mismatches) != 0 {
		t.Errorf("mismatches = %+v", rep.Mismatches)
	}
	ops := map[string]OperatorStats{}
	for _, o := range rep.Operators {
		ops[o.Operator] = o
	}
	if o := ops["return-sentinel"]; o.Planned != 3 || o.Accepted != 3 || o.VacuousNone != 3 || o.Killed != 0 {
		t.Errorf("return-sentinel = %+v", o)
	}
	if o := ops["invert-comparison"]; o.Planned != 4 || o.Killed != 3 || o.Unshown != 1 {
		t.Errorf("invert-comparison = %+v", o)
	}
	if rep.Operators[0].Operator != "invert-comparison" {
		t.Errorf("operators not in table order: %+v", rep.Operators)
	}
}

// A row whose recorded bond disagrees with its facts is reported, and the facts win.
func TestMismatchWarned(t *testing.T) {
	rows := fixtureRows()
	rows[0].Report.Bond.ByRegime[report.RegimeWitnessRecorded] = report.VerdictVacuous
	rep := buildReport(t, rows, ReportOptions{})
	if len(rep.Mismatches) != 1 || rep.Mismatches[0].Derived != string(report.VerdictHeld) {
		t.Fatalf("mismatches = %+v", rep.Mismatches)
	}
	if rep.Overall.All[string(report.RegimeWitnessRecorded)].Held != 1 {
		t.Error("the recorded bond was used instead of the facts")
	}
}

// The JSON report carries exactly the metric names of SPEC §6.3 per regime and per sample.
func TestJSONMetricNames(t *testing.T) {
	rep := buildReport(t, fixtureRows(), ReportOptions{})
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Overall map[string]map[string]map[string]json.RawMessage `json:"overall"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"in", "out", "all"} {
		for _, r := range report.Regimes {
			m := doc.Overall[s][string(r)]
			if len(m) != len(MetricNames)+1 {
				t.Errorf("%s/%s has %d keys, want the %d metrics and intervals", s, r, len(m), len(MetricNames))
			}
			for _, n := range MetricNames {
				if _, ok := m[n]; !ok {
					t.Errorf("%s/%s lacks metric %q", s, r, n)
				}
			}
		}
	}
	if got := string(doc.Overall["in"][string(report.RegimeWitnessRecorded)]["false_green_rate"]); got != "null" {
		t.Errorf("a rate over no task = %s, want null", got)
	}
	golden.Compare(t, "testdata/report.json.golden", buf.Bytes())
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestAuditOrderedByLooking pins [witness] item 3: the audit set (refusals whose vacuous
// mutants all have witness none) lists first the refusal, and within it the mutant, that the
// value detector compared the most calls for without a difference — the likeliest equivalents —
// and carries the counts.
func TestAuditOrderedByLooking(t *testing.T) {
	rows := fixtureRows()
	set := func(task, id string, calls, neighbours int) {
		for i := range rows {
			if rows[i].Task != task || rows[i].Report == nil {
				continue
			}
			for j := range rows[i].Report.Mutants {
				if rows[i].Report.Mutants[j].ID == id {
					rows[i].Report.Mutants[j].Witness.Values = &report.ValueCheck{Calls: calls, Neighbours: neighbours}
					return
				}
			}
		}
		t.Fatalf("no mutant %s in task %s", id, task)
	}
	set("t3-vac-none", "c1", 10, 0)
	set("t7-in", "g2", 2999, 2785)
	rep := buildReport(t, rows, ReportOptions{})
	var got []string
	for _, a := range rep.Audit {
		for _, m := range a.Mutants {
			got = append(got, fmt.Sprintf("%s %s %s %d/%d", a.Regime, a.Task, m.ID, m.CallsCompared, m.Neighbours))
		}
	}
	want := []string{"witness-recorded t7-in g2 2999/2785", "witness-recorded t3-vac-none c1 10/0"}
	if !equal(got, want) {
		t.Errorf("audit set = %q, want %q", got, want)
	}
}
