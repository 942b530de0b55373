package report

import (
	"encoding/json"
	"testing"
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
		{"skipped, line never reached", MutantFacts{Status: StatusSkipped, Reason: ReasonNotRan, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"skipped, canary survived", MutantFacts{Status: StatusSkipped, Reason: ReasonCanarySurvived, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, not ran", MutantFacts{Status: StatusAccepted, Reason: ReasonNotRan, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, canary survived", MutantFacts{Status: StatusAccepted, Reason: ReasonCanarySurvived, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"killed, canary survived", MutantFacts{Status: StatusKilled, Ran: true, Reason: ReasonCanarySurvived, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"timeout, canary survived", MutantFacts{Status: StatusTimeout, Ran: true, Reason: ReasonCanarySurvived, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, coverage unavailable", MutantFacts{Status: StatusAccepted, Reason: ReasonCoverageUnavailable}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, unstable", MutantFacts{Status: StatusAccepted, Reason: ReasonUnstableReach}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, coverage witness", MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessCoverage}}, VerdictVacuous, VerdictVacuous, VerdictVacuous},
		{"accepted, suite witness", MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessSuite}}, VerdictVacuous, VerdictVacuous, VerdictVacuous},
		{"accepted, witness none", MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessNone}}, VerdictVacuous, VerdictUnshown, VerdictVacuous},
		{"accepted, ran, not adjudicated (bond already decided)", MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictVacuous, VerdictUnshown, VerdictVacuous},
		{"accepted, run stopped before adjudication", MutantFacts{Status: StatusAccepted, Witness: WitnessFact{Kind: WitnessNotAdjudicated}}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, ran, coverage unreadable", MutantFacts{Status: StatusAccepted, Ran: true, Reason: ReasonCoverageUnreadable}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"accepted, canary error", MutantFacts{Status: StatusAccepted, Ran: true, Reason: ReasonCanaryError}, VerdictUnshown, VerdictUnshown, VerdictUnshown},
		{"memory limit", MutantFacts{Status: StatusError, Reason: ReasonMemoryLimit}, VerdictError, VerdictError, VerdictError},
		{"accepted, judged equivalent", MutantFacts{Status: StatusAccepted, Ran: true, Witness: WitnessFact{Kind: WitnessCoverage}, Equivalence: "equivalent"}, VerdictEquivalent, VerdictEquivalent, VerdictEquivalent},
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
