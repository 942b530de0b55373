package adjudicate

import (
	"encoding/json"
	"testing"
	"time"
)

// TestVerdictRows covers every row of SPEC §3.6 under each regime.
func TestVerdictRows(t *testing.T) {
	type row struct {
		name string
		f    MutantFacts
		// want under witness-recorded, witness-required, report-only
		rec, req, ro Verdict
	}
	for _, r := range []row{
		{"killed", MutantFacts{Status: StatusKilled}, VerdictHeld, VerdictHeld, VerdictHeld},
		{"timeout", MutantFacts{Status: StatusTimeout}, VerdictHeld, VerdictHeld, VerdictHeld},
		{"harness failure", MutantFacts{Status: StatusError}, VerdictError, VerdictError, VerdictError},
		{"did not run", MutantFacts{Status: StatusNotRun}, VerdictError, VerdictError, VerdictError},
		{"skipped, line never reached", MutantFacts{Status: StatusSkipped, Reason: ReasonNotRan, Witness: witnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"skipped, canary survived", MutantFacts{Status: StatusSkipped, Reason: ReasonCanarySurvived, Witness: witnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, not ran", MutantFacts{Status: StatusAccepted, Reason: ReasonNotRan, Witness: witnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, canary survived", MutantFacts{Status: StatusAccepted, Reason: ReasonCanarySurvived, Witness: witnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, coverage unavailable", MutantFacts{Status: StatusAccepted, Reason: ReasonCoverageUnavailable}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, unstable", MutantFacts{Status: StatusAccepted, Reason: ReasonUnstableReach}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, coverage witness", MutantFacts{Status: StatusAccepted, Ran: true, Witness: witnessFact{Kind: WitnessCoverage}}, VerdictVacuous, VerdictVacuous, VerdictVacuous},
		{"accepted, suite witness", MutantFacts{Status: StatusAccepted, Ran: true, Witness: witnessFact{Kind: WitnessSuite}}, VerdictVacuous, VerdictVacuous, VerdictVacuous},
		{"accepted, witness none", MutantFacts{Status: StatusAccepted, Ran: true, Witness: witnessFact{Kind: WitnessNone}}, VerdictVacuous, VerdictUnshown, VerdictVacuous},
		{"accepted, ran, not adjudicated (bond already decided)", MutantFacts{Status: StatusAccepted, Ran: true, Witness: witnessFact{Kind: WitnessNotAdjudicated}}, VerdictVacuous, VerdictUnshown, VerdictVacuous},
		{"accepted, run stopped before adjudication", MutantFacts{Status: StatusAccepted, Witness: witnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, ran, coverage unreadable", MutantFacts{Status: StatusAccepted, Ran: true, Reason: ReasonCoverageUnreadable}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, canary error", MutantFacts{Status: StatusAccepted, Ran: true, Reason: ReasonCanaryError}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"memory limit", MutantFacts{Status: StatusError, Reason: ReasonMemoryLimit}, VerdictError, VerdictError, VerdictError},
		{"accepted, judged equivalent", MutantFacts{Status: StatusAccepted, Ran: true, Witness: witnessFact{Kind: WitnessCoverage}, Equivalence: "equivalent"}, VerdictEquivalent, VerdictEquivalent, VerdictEquivalent},
		{"killed, judged equivalent (contradicted)", MutantFacts{Status: StatusKilled}, VerdictHeld, VerdictHeld, VerdictHeld},
	} {
		for reg, want := range map[Regime]Verdict{RegimeWitnessRecorded: r.rec, RegimeWitnessRequired: r.req, RegimeReportOnly: r.ro} {
			if got := r.f.Verdict(reg); got != want {
				t.Errorf("%s under %s: %s, want %s", r.name, reg, got, want)
			}
		}
	}
}

func TestBondRows(t *testing.T) {
	for _, r := range []struct {
		name     string
		verdicts []Verdict
		regime   Regime
		require  bool
		want     Verdict
		refuses  bool
	}{
		{"nothing planned", nil, RegimeWitnessRecorded, false, BondNotBonded, false},
		{"nothing planned, require held", nil, RegimeWitnessRecorded, true, BondNotBonded, true},
		{"any vacuous", []Verdict{VerdictHeld, VerdictVacuous, VerdictUnshown}, RegimeWitnessRecorded, false, VerdictVacuous, true},
		{"vacuous under report-only", []Verdict{VerdictVacuous}, RegimeReportOnly, false, VerdictVacuous, false},
		{"vacuous under report-only, require held", []Verdict{VerdictVacuous}, RegimeReportOnly, true, VerdictVacuous, false},
		{"held", []Verdict{VerdictHeld, VerdictUnshown, VerdictEquivalent}, RegimeWitnessRecorded, false, VerdictHeld, false},
		{"held, require held", []Verdict{VerdictHeld}, RegimeWitnessRequired, true, VerdictHeld, false},
		{"unshown", []Verdict{VerdictUnshown, VerdictEquivalent}, RegimeWitnessRecorded, false, VerdictUnshown, false},
		{"unshown, require held", []Verdict{VerdictUnshown}, RegimeWitnessRecorded, true, VerdictUnshown, true},
		{"equivalent only", []Verdict{VerdictEquivalent}, RegimeWitnessRecorded, false, VerdictUnshown, false},
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
	if ms[0].Equivalence != string(VerdictEquivalent) || ms[0].Note != "n" || ms[1].Equivalence != "contradicted" || ms[2].Equivalence != "" {
		t.Errorf("equivalences: %q %q %q", ms[0].Equivalence, ms[1].Equivalence, ms[2].Equivalence)
	}
	if len(info.Matched) != 1 || info.Matched[0] != "a" || len(info.Contradicted) != 1 || info.Contradicted[0] != "b" || len(info.Unmatched) != 1 || info.Unmatched[0] != "z" {
		t.Errorf("info %+v", info)
	}
	if FactsOf(ms[0]).Verdict(RegimeWitnessRecorded) != VerdictEquivalent {
		t.Error("an equivalent accepted mutant must be equivalent")
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

// The facts a verdict reads are the report's own fields: decoding a recorded mutant result as
// MutantFacts gives FactsOf of it, and ResultOf puts exactly those facts back.
func TestMutantFactsAreWhatTheReportRecords(t *testing.T) {
	for _, m := range []MutantResult{
		{Status: StatusAccepted, Ran: true, Witness: Witness{Kind: WitnessSuite, Gate: "unit"}, Verdict: VerdictVacuous, OutputTail: "x"},
		{Status: StatusAccepted, Reason: ReasonNotRan, Witness: Witness{Kind: WitnessNotAdjudicated}},
		{Status: StatusAccepted, Witness: Witness{Kind: WitnessCoverage}, Equivalence: "equivalent"},
		{Status: StatusKilled, Witness: Witness{Kind: WitnessNotAdjudicated}, Equivalence: "contradicted"},
	} {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var f MutantFacts
		if err := json.Unmarshal(b, &f); err != nil {
			t.Fatal(err)
		}
		if f != FactsOf(m) {
			t.Errorf("decoded facts %+v, FactsOf %+v", f, FactsOf(m))
		}
		if got := FactsOf(ResultOf(m.Mutant, f)); got != f {
			t.Errorf("ResultOf(%+v) carries %+v", f, got)
		}
	}
}
