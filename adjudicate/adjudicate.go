package adjudicate

// This file is the adjudication phase (SPEC §3.5): for every accepted mutant, in plan order, the
// abstention reason or the witness, asking the coverage detector first and the suite within its
// cap.

import (
	"context"

	"github.com/bond-tool/bond/plan"
)

// adjudication is how far to adjudicate: Options.Adjudicate and Options.SuiteCap (after
// defaults: 0 is no suite run).
type adjudication struct {
	mode     string
	suiteCap int
}

// adjudicate decides the reason or witness of every accepted mutant in results, in plan order, so
// the report does not depend on which sandbox finished first. suite runs the suite detector on a
// mutant.
func adjudicate(ctx context.Context, ev *evidence, a adjudication, muts []plan.Mutant, outcomes []*runOutcome, results []MutantResult,
	suite func(context.Context, plan.Mutant) (Witness, error), prog *progress) error {
	decided := false
	suiteRuns := 0
	for i := range results {
		mr := &results[i]
		m := muts[i]
		mr.Ran = ev.base.ran(m.Path, m.Line)
		if mr.Status != StatusAccepted || mr.Equivalence == string(VerdictEquivalent) {
			continue
		}
		if reason, note := ev.abstention(m); reason != "" {
			mr.Reason, mr.Note = reason, note
			continue
		}
		if decided && a.mode == AdjudicateFirst {
			mr.Witness = Witness{Kind: WitnessNotAdjudicated}
			continue
		}
		if why := coverageUnreadable(outcomes[i]); why != "" {
			mr.Reason, mr.Note = ReasonCoverageUnreadable, "the coverage of this mutant's run could not be read: "+why
			continue
		}
		if lines := coverageWitness(ev.base.stable, m, outcomes[i]); len(lines) > 0 {
			mr.Witness = Witness{Kind: WitnessCoverage, Lines: lines}
			decided = true
			continue
		}
		if len(ev.gates) == 0 {
			mr.Witness = Witness{Kind: WitnessNone}
			continue
		}
		if suiteRuns >= a.suiteCap {
			mr.Witness = Witness{Kind: WitnessNotAdjudicated}
			continue
		}
		suiteRuns++
		prog.phase("suite", suiteRuns, min(a.suiteCap, len(muts)))
		w, err := suite(ctx, m)
		if err != nil {
			return err
		}
		if w.Gate != "" {
			mr.Witness = w
			decided = true
		} else {
			mr.Witness = Witness{Kind: WitnessNone}
		}
	}
	return nil
}
