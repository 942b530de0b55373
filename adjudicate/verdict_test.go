package adjudicate

import (
	"testing"
	"time"
)

// TestVerdictRows covers every row of SPEC §3.6 under each regime.
func TestVerdictRows(t *testing.T) {
	type row struct {
		name string
		f    MutantFacts
		// want under witness-recorded, witness-required, report-only
		rec, req, ro string
	}
	for _, r := range []row{
		{"killed", MutantFacts{Status: StatusKilled}, VerdictHeld, VerdictHeld, VerdictHeld},
		{"timeout", MutantFacts{Status: StatusTimeout}, VerdictHeld, VerdictHeld, VerdictHeld},
		{"harness failure", MutantFacts{Status: StatusError}, VerdictError, VerdictError, VerdictError},
		{"did not run", MutantFacts{Status: StatusNotRun}, VerdictError, VerdictError, VerdictError},
		{"accepted, not ran", MutantFacts{Status: StatusAccepted, Reason: ReasonNotRan, WitnessKind: WitnessNotAdjudicated}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, canary survived", MutantFacts{Status: StatusAccepted, Reason: ReasonCanarySurvived, WitnessKind: WitnessNotAdjudicated}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, coverage unavailable", MutantFacts{Status: StatusAccepted, Reason: ReasonCoverageUnavailable}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, unstable", MutantFacts{Status: StatusAccepted, Reason: ReasonUnstableReach}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, coverage witness", MutantFacts{Status: StatusAccepted, WitnessKind: WitnessCoverage}, VerdictVacuous, VerdictVacuous, VerdictVacuous},
		{"accepted, suite witness", MutantFacts{Status: StatusAccepted, WitnessKind: WitnessSuite}, VerdictVacuous, VerdictVacuous, VerdictVacuous},
		{"accepted, witness none", MutantFacts{Status: StatusAccepted, WitnessKind: WitnessNone}, VerdictVacuous, VerdictUnshown, VerdictVacuous},
		{"accepted, not adjudicated", MutantFacts{Status: StatusAccepted, WitnessKind: WitnessNotAdjudicated}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, judged equivalent", MutantFacts{Status: StatusAccepted, WitnessKind: WitnessCoverage, Equivalent: true}, VerdictEquivalent, VerdictEquivalent, VerdictEquivalent},
		{"killed, judged equivalent (contradicted)", MutantFacts{Status: StatusKilled}, VerdictHeld, VerdictHeld, VerdictHeld},
	} {
		for reg, want := range map[string]string{RegimeWitnessRecorded: r.rec, RegimeWitnessRequired: r.req, RegimeReportOnly: r.ro} {
			if got := Verdict(r.f, reg); got != want {
				t.Errorf("%s under %s: %s, want %s", r.name, reg, got, want)
			}
		}
	}
}

func TestBondRows(t *testing.T) {
	for _, r := range []struct {
		name     string
		verdicts []string
		regime   string
		require  bool
		want     string
		refuses  bool
	}{
		{"nothing planned", nil, RegimeWitnessRecorded, false, BondNotBonded, false},
		{"nothing planned, require held", nil, RegimeWitnessRecorded, true, BondNotBonded, true},
		{"any vacuous", []string{VerdictHeld, VerdictVacuous, VerdictUnshown}, RegimeWitnessRecorded, false, VerdictVacuous, true},
		{"vacuous under report-only", []string{VerdictVacuous}, RegimeReportOnly, false, VerdictVacuous, false},
		{"vacuous under report-only, require held", []string{VerdictVacuous}, RegimeReportOnly, true, VerdictVacuous, false},
		{"held", []string{VerdictHeld, VerdictUnshown, VerdictEquivalent}, RegimeWitnessRecorded, false, VerdictHeld, false},
		{"held, require held", []string{VerdictHeld}, RegimeWitnessRequired, true, VerdictHeld, false},
		{"unshown", []string{VerdictUnshown, VerdictEquivalent}, RegimeWitnessRecorded, false, VerdictUnshown, false},
		{"unshown, require held", []string{VerdictUnshown}, RegimeWitnessRecorded, true, VerdictUnshown, true},
		{"equivalent only", []string{VerdictEquivalent}, RegimeWitnessRecorded, false, VerdictUnshown, false},
	} {
		b := Bond(r.verdicts, r.regime, r.require)
		if b.Verdict != r.want || b.Refuses != r.refuses {
			t.Errorf("%s: %s refuses=%v, want %s refuses=%v", r.name, b.Verdict, b.Refuses, r.want, r.refuses)
		}
	}
}

func TestVerdictDocApply(t *testing.T) {
	ms := []MutantResult{{Status: StatusAccepted}, {Status: StatusKilled}, {Status: StatusError}}
	ms[0].ID, ms[1].ID, ms[2].ID = "a", "b", "c"
	d := &VerdictDoc{SchemaVersion: "1", Verdicts: []VerdictEntry{{MutantID: "a", Verdict: "equivalent", Note: "n"}, {MutantID: "b", Verdict: "equivalent"}, {MutantID: "z", Verdict: "equivalent"}}, path: "v.json"}
	info := d.apply(ms)
	if ms[0].Equivalence != VerdictEquivalent || ms[0].Note != "n" || ms[1].Equivalence != "contradicted" || ms[2].Equivalence != "" {
		t.Errorf("equivalences: %q %q %q", ms[0].Equivalence, ms[1].Equivalence, ms[2].Equivalence)
	}
	if len(info.Matched) != 1 || info.Matched[0] != "a" || len(info.Contradicted) != 1 || info.Contradicted[0] != "b" || len(info.Unmatched) != 1 || info.Unmatched[0] != "z" {
		t.Errorf("info %+v", info)
	}
	if Verdict(FactsOf(ms[0]), RegimeWitnessRecorded) != VerdictEquivalent {
		t.Error("an equivalent accepted mutant must be equivalent")
	}
}

func TestFailingTest(t *testing.T) {
	tap := "TAP version 13\n# Subtest: outer\n    not ok 1 - inner case # took 3ms\nnot ok 1 - outer\n"
	if got := failingTest(tap); got != "inner case" {
		t.Errorf("failingTest = %q", got)
	}
	jest := "FAIL tests/a.test.js\n  ● Console\n\n    console.log\n  ● parse › rejects bad input\n\n    expect(received)\n"
	if got := failingTest(jest); got != "parse › rejects bad input" {
		t.Errorf("failingTest(jest) = %q", got)
	}
	if got := failingTest("ok 1 - fine\n"); got != "" {
		t.Errorf("failingTest on a pass = %q", got)
	}
}

func TestUnionMS(t *testing.T) {
	t0 := time.Unix(0, 0)
	at := func(a, b int) [2]time.Time {
		return [2]time.Time{t0.Add(time.Duration(a) * time.Millisecond), t0.Add(time.Duration(b) * time.Millisecond)}
	}
	if got := unionMS([][2]time.Time{at(0, 10), at(5, 20), at(30, 40)}); got != 30 {
		t.Errorf("union = %d, want 30", got)
	}
}
