package adjudicate

import (
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
)

func TestVerdictDocApply(t *testing.T) {
	ms := []report.MutantResult{{Status: report.StatusAccepted}, {Status: report.StatusKilled}, {Status: report.StatusError}}
	ms[0].ID, ms[1].ID, ms[2].ID = "a", "b", "c"
	d := &VerdictDoc{SchemaVersion: "1", Verdicts: []VerdictEntry{{MutantID: "a", Verdict: "equivalent", Note: "n"}, {MutantID: "b", Verdict: "equivalent"}, {MutantID: "z", Verdict: "equivalent"}}, path: "v.json"}
	info := d.apply(ms)
	if ms[0].Equivalence != string(report.VerdictEquivalent) || ms[0].Note != "n" || ms[1].Equivalence != "contradicted" || ms[2].Equivalence != "" {
		t.Errorf("equivalences: %q %q %q", ms[0].Equivalence, ms[1].Equivalence, ms[2].Equivalence)
	}
	if len(info.Matched) != 1 || info.Matched[0] != "a" || len(info.Contradicted) != 1 || info.Contradicted[0] != "b" || len(info.Unmatched) != 1 || info.Unmatched[0] != "z" {
		t.Errorf("info %+v", info)
	}
	if report.FactsOf(ms[0]).Verdict(report.RegimeWitnessRecorded) != report.VerdictEquivalent {
		t.Error("an equivalent accepted mutant must be equivalent")
	}
}

func TestUnionMS(t *testing.T) {
	t0 := time.Unix(0, 0)
	at := func(a, b int) [2]time.Time {
		return [2]time.Time{t0.Add(time.Duration(a) * time.Millisecond), t0.Add(time.Duration(b) * time.Millisecond)}
	}
	if got := oracle.UnionMS([][2]time.Time{at(0, 10), at(5, 20), at(30, 40)}); got != 30 {
		t.Errorf("union = %d, want 30", got)
	}
}
