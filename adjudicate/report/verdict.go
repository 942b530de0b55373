package report

// This file is the verdicts (SPEC §3.6): pure functions from a mutant's recorded facts to its
// verdict, and from the verdicts to the patch's bond.

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/plan"
)

// MutantFacts are the recorded facts a mutant's verdict is derived from, with the names and
// spelling the report gives them (a mutant's status, reason, witness kind and equivalence).
// Verdict reads nothing else, so every verdict in a report can be re-derived from the report:
// corpus decodes this type from its rows and derives verdicts from it.
type MutantFacts struct {
	Status Status `json:"status"`
	// Ran: the oracle executed the mutated line in every baseline run. An accepted mutant is
	// vacuous only on a line that ran (SPEC §3.6); a run that stopped before adjudication leaves
	// it false.
	Ran bool `json:"ran"`
	// Reason is set when an accepted mutant was not adjudicated (not-ran, canary-survived, …),
	// and on a killed one whose file's canary survived (canary-survived).
	Reason Reason `json:"reason,omitempty"`
	// Witness holds the kind of the adjudicated witness of an accepted, ran mutant.
	Witness WitnessFact `json:"witness"`
	// Equivalence is "equivalent" when a verdict document judged this mutant equivalent.
	Equivalence string `json:"equivalence,omitempty"`
}

// WitnessFact is the part of a witness a verdict reads.
type WitnessFact struct {
	Kind WitnessKind `json:"kind"`
}

// FactsOf extracts the facts of a recorded mutant result.
func FactsOf(m MutantResult) MutantFacts {
	return MutantFacts{Status: m.Status, Ran: m.Ran, Reason: m.Reason, Witness: WitnessFact{Kind: m.Witness.Kind}, Equivalence: m.Equivalence}
}

// ResultOf is the mutant result of mut holding exactly the facts f (corpus rebuilds reports from
// the facts of its rows).
func ResultOf(mut plan.Mutant, f MutantFacts) MutantResult {
	return MutantResult{Mutant: mut, Status: f.Status, Ran: f.Ran, Reason: f.Reason, Witness: Witness{Kind: f.Witness.Kind}, Equivalence: f.Equivalence}
}

// Verdict derives the mutant's verdict under regime r (SPEC §3.6). It does no I/O. A mutant that
// did not run (interrupted) is an error: bond cannot tell, so it neither certifies nor refuses
// on it.
func (f MutantFacts) Verdict(r Regime) Verdict {
	switch f.Status {
	case StatusKilled, StatusTimeout:
		if f.Reason == ReasonCanarySurvived {
			// Killed in a file whose canary survived: the oracle does not load this copy, so
			// the kill came from something else (a test that reads the file's text): no
			// evidence the tests test the code (SPEC §3.4).
			return VerdictUnshown
		}
		return VerdictHeld
	case StatusError, StatusNotRun, "":
		return VerdictError
	case StatusSkipped:
		// Not run: its line was never reached, or its file's canary survived (SPEC §3.6).
		return VerdictUnshown
	}
	// Accepted.
	if f.Equivalence == string(VerdictEquivalent) {
		return VerdictEquivalent
	}
	if f.Reason != "" || !f.Ran {
		// An abstention (not-ran, canary, coverage, unstable reach), or a run that stopped
		// before adjudication: nothing shows the oracle ran the line.
		return VerdictUnshown
	}
	// Accepted on a line the oracle ran: vacuous under witness-recorded whatever the witness
	// (coverage, suite, compile, none, or not-adjudicated because --adjudicate first had already
	// decided the bond); the witness is recorded beside it. witness-required asks for a witness
	// that shows the program changed (coverage, suite or compile).
	if !f.Witness.Kind.Shows() && r == RegimeWitnessRequired {
		return VerdictUnshown
	}
	return VerdictVacuous
}

// Bond derives the patch-level answer from the mutants' verdicts under regime r, and whether it
// refuses the patch. requireHeld makes abstentions (unshown, not-bonded) refuse too.
func Bond(verdicts []Verdict, r Regime, requireHeld bool) BondResult {
	b := BondResult{Regime: r}
	held, vacuous, unshown, equivalent, errored := 0, 0, 0, 0, 0
	for _, v := range verdicts {
		switch v {
		case VerdictHeld:
			held++
		case VerdictVacuous:
			vacuous++
		case VerdictUnshown:
			unshown++
		case VerdictEquivalent:
			equivalent++
		default:
			errored++
		}
	}
	switch {
	case len(verdicts) == 0:
		b.Verdict = BondNotBonded
		b.Reason = "no mutant was planned on the added lines"
	case vacuous > 0:
		b.Verdict = VerdictVacuous
		b.Reason = fmt.Sprintf("%d of %d mutants were accepted by the oracle on lines it ran", vacuous, len(verdicts))
	case held > 0:
		b.Verdict = VerdictHeld
		b.Reason = fmt.Sprintf("%d of %d mutants were refused by the oracle, none shown vacuous", held, len(verdicts))
	default:
		b.Verdict = VerdictUnshown
		b.Reason = fmt.Sprintf("no mutant was refused and none was shown vacuous: %s", abstentions(unshown, equivalent, errored))
	}
	switch {
	case r == RegimeReportOnly:
		b.Refuses = false
	case b.Verdict == VerdictVacuous:
		b.Refuses = true
	case requireHeld && b.Verdict != VerdictHeld:
		b.Refuses = true
	}
	return b
}

// abstentions says what the mutants of an unshown bond were, naming only the kinds present.
func abstentions(unshown, equivalent, errored int) string {
	var parts []string
	if unshown > 0 {
		parts = append(parts, fmt.Sprintf("%d unshown", unshown))
	}
	if equivalent > 0 {
		parts = append(parts, fmt.Sprintf("%d judged equivalent", equivalent))
	}
	if errored > 0 {
		parts = append(parts, fmt.Sprintf("%d could not be run or judged (error)", errored))
	}
	return strings.Join(parts, ", ")
}

// DeriveVerdicts derives every mutant's verdicts and the bond from the recorded facts in rep,
// under each regime, reporting regime's (SPEC §3.6).
func DeriveVerdicts(rep *Report, regime Regime, requireHeld bool) {
	byRegime := map[Regime][]Verdict{}
	for i := range rep.Mutants {
		mr := &rep.Mutants[i]
		mr.ByRegime = map[Regime]Verdict{}
		f := FactsOf(*mr)
		for _, r := range Regimes {
			v := f.Verdict(r)
			mr.ByRegime[r] = v
			byRegime[r] = append(byRegime[r], v)
		}
		mr.Verdict = mr.ByRegime[regime]
	}
	bonds := map[Regime]Verdict{}
	for _, r := range Regimes {
		bonds[r] = Bond(byRegime[r], r, requireHeld).Verdict
	}
	rep.Bond = Bond(byRegime[regime], regime, requireHeld)
	rep.Bond.ByRegime = bonds
	if len(rep.Mutants) == 0 {
		rep.Bond.Reason = notBondedReason(rep)
	}
}

// Bond reasons of a patch with no mutant, by why there is none.
const (
	reasonNoSourceLine      = "the diff adds no source line"
	reasonOnlyUnchanged     = "the diff's source lines are unchanged behaviour (re-indented, re-wrapped, moved or copied), so no mutant was planned"
	reasonNothingToMutateOn = "no mutant was planned on the added lines"
)

// notBondedReason says why a report with no mutant has none: the diff adds no source line at all,
// only lines that are not new behaviour, or added lines no operator fires on.
func notBondedReason(rep *Report) string {
	switch {
	case len(rep.Files) == 0 && rep.UnchangedCount() == 0:
		return reasonNoSourceLine
	case len(rep.Files) == 0:
		return reasonOnlyUnchanged
	}
	return reasonNothingToMutateOn
}
