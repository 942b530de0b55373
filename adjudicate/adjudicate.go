package adjudicate

// This file is the adjudication phase (SPEC §3.5): for every accepted mutant, in plan order, the
// abstention reason or the witness, asking the coverage detector first, then the value detector
// (value.go, where the runner records calls), and the suite within its cap only when neither
// witnessed — after those two have seen every mutant, so that under "first" the gates run only
// when no cheaper witness decided the bond.

import (
	"context"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// adjudication is how far to adjudicate: Options.Adjudicate and Options.SuiteCap (after
// defaults, the count itself: 0 is no suite run), and how many gates were given.
type adjudication struct {
	mode     string
	suiteCap int
	gates    int
	// runner names the oracle's runner, for the value detector's note where it records no
	// calls.
	runner string
	// judged are the ids the verdict document judges equivalent: an accepted one is left to
	// the document (applied once, when the verdicts are derived), no detector asked.
	judged map[string]bool
}

// detectors are what adjudication may run: the coverage run of accepted mutant i (its hit map;
// nil when there is none to read), the gates on the unmutated tree (run the first time they are
// asked for; the ones that passed), and the suite over mutant m.
type detectors struct {
	coverage func(ctx context.Context, i int) (*oracle.RunOutcome, error)
	gates    func(ctx context.Context) ([]report.GateRecord, error)
	suite    func(ctx context.Context, m plan.Mutant, gates []report.GateRecord) (report.Witness, error)
}

// adjudicate decides the reason or witness of every accepted mutant in results, in plan order, so
// the report does not depend on which sandbox finished first. It returns, by mutant id, the call
// of each value witness as the unmutated runs recorded it (suggestrun.go writes the suggested
// test from it; the report records only the difference).
func adjudicate(ctx context.Context, ev *evidence, a adjudication, muts []plan.Mutant, results []report.MutantResult, d detectors, prog *progress) (map[string]*witnessCall, error) {
	calls := map[string]*witnessCall{}
	decided := false
	// pending are the accepted mutants the coverage and value detectors left without a witness,
	// in plan order: the suite detector's candidates.
	var pending []int
	for i := range results {
		mr := &results[i]
		m := muts[i]
		mr.Ran = ev.base.ran(m.Path, m.Line)
		if mr.Status != report.StatusAccepted || a.judged[m.ID] {
			continue
		}
		if reason, note := ev.abstention(m); reason != "" {
			mr.Reason, mr.Note = reason, note
			continue
		}
		if decided && a.mode == AdjudicateFirst {
			mr.Witness = report.Witness{Kind: report.WitnessNotAdjudicated}
			continue
		}
		out, err := d.coverage(ctx, i)
		if err != nil {
			return calls, err
		}
		if why := coverageUnreadable(out); why != "" {
			mr.Reason, mr.Note = report.ReasonCoverageUnreadable, "the coverage of this mutant's run could not be read: "+why
			continue
		}
		// The value detector reads the same run's trace (value.go): its counts are recorded
		// beside whichever witness decides.
		vc, vd, call := valueDetect(ev.base.traces(), out.Trace, a.runner)
		if lines := coverageWitness(ev.base.stable, m, out); len(lines) > 0 {
			mr.Witness = report.Witness{Kind: report.WitnessCoverage, Lines: lines, Detail: coverageDetail(lines), Values: vc}
			if vc.Unavailable == "" && vd == nil {
				mr.Witness.Detail += "; the value detector saw no difference: " + vc.Text()
			}
			decided = true
			continue
		}
		if vd != nil {
			mr.Witness = report.Witness{Kind: report.WitnessValue, Value: vd, Values: vc, Detail: valueDetail(vd)}
			if call != nil {
				calls[m.ID] = call
			}
			decided = true
			continue
		}
		mr.Witness = report.Witness{Kind: report.WitnessNone, Values: vc}
		if a.gates > 0 {
			pending = append(pending, i)
		}
	}
	return calls, suiteDetect(ctx, a, decided, pending, muts, results, d, prog)
}

// suiteDetect asks the suite detector about the pending mutants (accepted, no coverage or value
// witness), in plan order, within the suite cap. The gates are the costliest runs a certify can
// make (a repository's whole suite, often a type check too), and a suite witness changes a
// verdict only under witness-required: so they are asked last, after the coverage and value
// detectors have seen every mutant, and under "first" not at all once one of those decided the
// bond (a later mutant's coverage witness makes the earlier pending ones not-adjudicated, where
// the gates used to run first for them). Under "all" every pending mutant is asked, as before.
func suiteDetect(ctx context.Context, a adjudication, decided bool, pending []int, muts []plan.Mutant, results []report.MutantResult, d detectors, prog *progress) error {
	suiteRuns := 0
	for _, i := range pending {
		mr := &results[i]
		vc := mr.Witness.Values
		if decided && a.mode == AdjudicateFirst {
			mr.Witness = report.Witness{Kind: report.WitnessNotAdjudicated, Values: vc}
			continue
		}
		// The first mutant that needs the suite detector runs the gates on the unmutated tree;
		// their records are in the report before any suite witness is read.
		gates, err := d.gates(ctx)
		if err != nil {
			return err
		}
		if len(gates) == 0 {
			continue // witness none, as recorded
		}
		if suiteRuns >= a.suiteCap {
			mr.Witness = report.Witness{Kind: report.WitnessNotAdjudicated, Values: vc}
			continue
		}
		suiteRuns++
		prog.phase("suite", suiteRuns, min(a.suiteCap, len(muts)))
		w, err := d.suite(ctx, muts[i], gates)
		if err != nil {
			return err
		}
		if w.Gate != "" {
			mr.Witness = w
			mr.Witness.Values = vc
			decided = true
		}
	}
	return nil
}
