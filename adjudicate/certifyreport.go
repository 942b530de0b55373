package adjudicate

// This file is the report certify opens before its first phase and closes after its last: the
// plan and settings recorded up front, the verdicts derived from the recorded facts at the end,
// and the bond of a run that did not finish.

import (
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// finish applies the verdict document (the one place it is applied: adjudication only skips the
// mutants it judges), derives verdicts and bonds from the recorded facts, and fills the timings.
func finish(rep *report.Report, o Options, doc *VerdictDoc, start time.Time, clk *oracle.Clock, err error) {
	if doc != nil {
		rep.Verdicts = doc.apply(rep.Mutants)
	}
	if err != nil {
		rep.Errors = append(rep.Errors, err.Error())
	}
	report.DeriveVerdicts(rep, o.Regime, o.RequireHeld)
	report.DeriveLines(rep, o.RequireReach)
	rep.Timings.TotalMS = o.Now().Sub(start).Milliseconds()
	clk.Fill(&rep.Timings)
}

// newReport is the report certify fills: the plan's front and mutants, each not run yet, and
// the run's settings, with every list present (empty, not null, in the JSON).
func newReport(o Options, front plan.Front, muts []plan.Mutant) *report.Report {
	rep := &report.Report{
		Front:       front,
		Mutants:     make([]report.MutantResult, len(muts)),
		Sentinel:    plan.Sentinel,
		SelfCheck:   []report.Canary{},
		Lines:       []report.LineAnswer{},
		TreeChanges: []string{},
		Errors:      []string{},
		Run: report.RunInfo{
			OracleCmd: o.OracleCmd, Oracle: o.Oracle, Runner: o.Runner, Gates: o.Gates,
			Regime: o.Regime, Adjudicate: o.Adjudicate, Jobs: o.Jobs, SuiteCap: o.suiteCap(),
			Hermetic: o.Hermetic, TimeoutMS: o.Timeout.Milliseconds(), ExhaustiveRuns: o.ExhaustiveRuns,
		},
	}
	if o.inc != nil {
		rep.Incremental = o.inc.info
	}
	if rep.Run.Gates == nil {
		rep.Run.Gates = []report.GateSpec{}
	}
	if o.OracleCmd != "" {
		rep.Run.Runner = RunnerCommand
	}
	if rep.Front.Files == nil {
		rep.Front.Files = []plan.FileInfo{}
	}
	if rep.Front.Cut == nil {
		rep.Front.Cut = []plan.Candidate{}
	}
	if rep.Front.Discarded == nil {
		rep.Front.Discarded = []plan.Candidate{}
	}
	for i, m := range muts {
		rep.Mutants[i] = report.MutantResult{Mutant: m, Status: report.StatusNotRun, Witness: report.Witness{Kind: report.WitnessNotAdjudicated}, Sandbox: -1, Runs: []report.MutantRun{}}
	}
	return rep
}

// unfinishedBond is the bond of a run that did not finish. A vacuous bond stands (its
// counterexample was found and recorded), but held cannot be shown while mutants are left
// unjudged (or the tree's facts are in doubt), so it becomes unshown in every regime: a partial
// report never certifies.
func unfinishedBond(b report.BondResult) report.BondResult {
	b.Reason = "the run did not finish: " + b.Reason
	if b.Verdict == report.VerdictHeld {
		b.Verdict, b.Refuses = report.VerdictUnshown, false
		b.Reason += "; held cannot be shown by an unfinished run"
	}
	for r, v := range b.ByRegime {
		if v == report.VerdictHeld {
			b.ByRegime[r] = report.VerdictUnshown
		}
	}
	return b
}
