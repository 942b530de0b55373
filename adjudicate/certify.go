package adjudicate

// This file is certify itself: plan the diff, then the phases in order — snapshot and sandboxes,
// runner choice, baseline, checks, mutants, adjudication — and the verdicts derived at the end.

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// Certify plans the diff, runs the oracle and gates on the plan's mutants in sandboxes, and
// returns the report (SPEC §2–§3). It returns a report alongside an error whenever one was built
// (a partial report after a signal or an internal failure); the error is a input.Error for
// bad input or setup (the CLI exits 2), the context's cause after cancellation, or another error
// for an internal failure.
func Certify(ctx context.Context, opts Options) (*report.Report, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	start := o.Now()
	var doc *VerdictDoc
	if o.VerdictsPath != "" {
		if doc, err = LoadVerdicts(o.VerdictsPath); err != nil {
			return nil, err
		}
	}
	if o.Incremental != "" {
		// Before anything runs, so a file that is not bond's stops certify at once (exit 2).
		root, _ := filepath.Abs(o.Plan.Repo)
		if o.inc, err = openIncremental(o.Incremental, root, o.CacheDir); err != nil {
			return nil, err
		}
	}
	if o.Hermetic {
		// Before planning: --hermetic never degrades into an unsandboxed run.
		if _, err := o.newIsolator(isolate.Options{Hermetic: true}); err != nil {
			return nil, input.Errorf("%v", err)
		}
	}
	res, err := plan.Build(ctx, o.Plan)
	if err != nil {
		if ctx.Err() != nil {
			// Interrupted while planning: still a (partial) report, so the CLI can write one.
			rep := newReport(o, plan.Front{SchemaVersion: version.Schema, Tool: plan.Tool{Name: version.ToolName, Version: version.Tool}}, nil)
			rep.Partial = true
			rep.Errors = append(rep.Errors, context.Cause(ctx).Error())
			rep.Bond = report.Bond(nil, o.Regime, o.RequireHeld)
			rep.Bond.Reason = "interrupted before the plan was made (the report is partial)"
			rep.Bond.ByRegime = map[report.Regime]report.Verdict{}
			for _, r := range report.Regimes {
				rep.Bond.ByRegime[r] = report.BondNotBonded
			}
			return rep, context.Cause(ctx)
		}
		return nil, err
	}
	planMS := o.Now().Sub(start).Milliseconds()
	var oracleNote string
	if o.OracleCmd == "" && len(o.Oracle) == 0 {
		d, err := detectOracle(ctx, o.Plan.Repo, res.Touched)
		switch {
		case err != nil && (len(res.Mutants) > 0 || measuresReach(o, res.Front)):
			return nil, err
		case err != nil:
			oracleNote = "no oracle was named and none was needed: nothing was planned"
		default:
			o.Oracle, o.OracleCmd, oracleNote = d.Files, d.Cmd, d.Note
		}
	}
	rep, err := certifyPlanned(ctx, o, res.Front, res.Mutants, doc, start)
	if o.inc != nil && rep != nil {
		if ierr := o.inc.finish(rep, err); ierr != nil && err == nil {
			err = ierr
		}
	}
	if rep != nil {
		rep.Timings.PlanMS = planMS
		rep.Run.OracleNote = oracleNote
	}
	return rep, err
}

// certifyPlanned certifies an already planned set of mutants: everything after planning, phase by
// phase. Whatever stops it, the deferred end cleans up, checks the user's tree and derives the
// verdicts from the facts recorded so far.
func certifyPlanned(ctx context.Context, o Options, front plan.Front, muts []plan.Mutant, doc *VerdictDoc, start time.Time) (rep *report.Report, err error) {
	rep = newReport(o, front, muts)
	prog := newProgress(o.Progress, o.Now)
	clk := &clock{}
	var (
		t      *tree
		p      *pool
		choice *runnerChoice
		conf   *confinement
	)
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
		}
		if choice != nil {
			choice.runner.close()
		}
		if conf != nil && rep.Sandbox != nil {
			rep.Sandbox.NodeModulesWrites = nodeModulesWrites(conf.iso, t.root)
		}
		if cerr := cleanup(t, p, o.Keep, rep); cerr != nil && err == nil {
			err = cerr
		}
		finish(rep, o, doc, start, clk, err)
		if err != nil && ctx.Err() != nil && !input.Is(err) {
			err = context.Cause(ctx)
		}
		if err != nil || ctx.Err() != nil {
			// Whatever stopped it (a signal, an internal failure, a setup error found mid-run
			// such as a red oracle), the verdicts describe an unfinished run.
			rep.Partial = true
			rep.Bond = unfinishedBond(rep.Bond)
		}
	}()
	if len(muts) == 0 && !measuresReach(o, front) {
		return rep, nil
	}
	err = timed(&rep.Timings.SandboxMS, func() (err error) {
		prog.phase("sandboxes", 0, 0)
		t, err = snapshot(ctx, o, front.Files, muts)
		if t != nil {
			info := t.mirror
			rep.Sandbox = &info
		}
		if err != nil {
			return err
		}
		p, err = openPool(ctx, t, poolSize(o.Jobs, len(muts)))
		if p != nil {
			rep.Run.WorkDir = p.work
		}
		return err
	})
	if err != nil {
		return rep, err
	}
	conf, err = newConfinement(o.confinement(), t, p)
	if err != nil {
		return rep, err
	}
	rep.Sandbox = &conf.info
	if choice, err = chooseRunner(o, p.sbs[0].root, p.patchedTree, conf, p.work); err != nil {
		return rep, err
	}
	rep.Run.Runner, rep.Run.RunnerNote = choice.runner.name(), choice.note
	x := &runs{choice: choice, env: conf.env, iso: conf.iso, clock: clk, inputs: newInputCheck(t)}
	if ctx.Value(uncheckedKey{}) != nil {
		x.inputs = nil
	}
	var base *baseline
	var lim limits
	var reach *testReach
	err = timed(&rep.Timings.BaselineMS, func() error {
		b, err := runBaseline(ctx, x, p, o.Timeout, reachPlan{try: !o.ExhaustiveRuns, always: o.alwaysPerFile, mutants: len(muts)}, prog)
		rep.Run.Runner, rep.Run.RunnerNote = choice.runner.name(), choice.note
		if cr, ok := choice.runner.(*cmdRunner); ok && cr.compile != nil {
			rep.Sandbox.CompileCache = cr.compile.what
		}
		if err != nil {
			return err
		}
		rep.Baseline = &report.Baseline{Oracle: b.records(), Gates: []report.GateRecord{}, Inputs: x.inputs.manifestFiles()}
		if err := b.failure(o.Timeout, t.root); err != nil {
			return err
		}
		sbA, sbB := p.pair()
		sbA.controlled, sbB.controlled = true, true
		lim = newLimits(o.Timeout, b.pair)
		rep.Run.TimeoutMS = lim.oracle.Milliseconds()
		base = newBaseline(b.pair[0], b.pair[1])
		reach = newTestReach(b)
		base.distrust(reach)
		rep.Run.ValueDetector = valueDetectorNote(base, choice.runner.name(), o.ValueNeighbours)
		rep.Baseline.UnstableLines = base.nUnstable
		rep.Baseline.Reach = base.reach(rep.Files)
		markUnknownReach(&rep.Baseline.Reach)
		recordLineReach(&rep.Baseline.Reach, base, rep.Files)
		reach.fill(&rep.Baseline.Reach, rep.Files)
		return nil
	})
	if err != nil || len(muts) == 0 {
		// With nothing planned the baseline ran only to measure reach for --require-reach.
		return rep, err
	}
	y := pay{exhaustive: o.ExhaustiveRuns, oracle: o.Oracle, bail: choice.runner.canBail(), freeCoverage: choice.runner.freeCoverage(), reach: reach, shuffleSeed: o.shuffleSeed}
	gates := newGateChecks(x, p, lim, o.Gates, prog)
	rep.Baseline.Gates = gates.recs // the same records, filled in place when the gates run
	if y.exhaustive {
		// The old engine: every gate on the unmutated tree before any mutant.
		if _, err = gates.passed(ctx); err != nil {
			return rep, err
		}
		rep.Timings.GatesBaselineMS = gates.ms
	}
	var ev *evidence
	err = timed(&rep.Timings.CanaryMS, func() error {
		c, err := runCanaries(ctx, x, p, lim, muts, prog)
		if err != nil {
			return err
		}
		rep.SelfCheck = c
		reconcileReach(&rep.Baseline.Reach, c)
		ev = &evidence{base: base, canary: canaryByPath(c)}
		return nil
	})
	if err != nil {
		return rep, err
	}
	// The mutants that run: all of them, or under --incremental those whose outcome is not
	// recorded under an unchanged key. The phases below see only them; their results go back
	// into the report however the run ends.
	fresh := make([]int, len(muts))
	for i := range fresh {
		fresh[i] = i
	}
	if o.inc != nil {
		k := computeKey(ctx, keyInputs{o: o, t: t, front: front, runner: rep.Run.Runner, envVars: conf.info.EnvPassed,
			env: conf.env, reach: rep.Baseline.Reach, canary: rep.SelfCheck, skip: o.inc.skipRel})
		fresh = o.inc.reuse(k, front, muts, rep.Mutants, doc)
		for i := range rep.Mutants {
			if rep.Mutants[i].Cached {
				rep.Mutants[i].Ran = ev.base.ran(muts[i].Path, muts[i].Line)
			}
		}
	}
	allMuts := muts
	muts = make([]plan.Mutant, len(fresh))
	results := make([]report.MutantResult, len(fresh))
	for j, i := range fresh {
		muts[j], results[j] = allMuts[i], rep.Mutants[i]
	}
	putBack := func() {
		for j, i := range fresh {
			rep.Mutants[i] = results[j]
		}
	}
	defer putBack()
	t0 := time.Now()
	outcomes, err := runMutants(ctx, x, p, lim, y, ev, muts, results, prog)
	rep.Timings.MutantsMS = time.Since(t0).Milliseconds()
	if err != nil {
		return rep, err
	}
	if doc != nil {
		putBack()
		rep.Verdicts = doc.apply(rep.Mutants)
		for j, i := range fresh {
			results[j] = rep.Mutants[i]
		}
	}
	t0 = time.Now()
	eagerMS := gates.ms
	cov := newCoverRuns(x, p, lim, y, muts, results, outcomes)
	if o.Adjudicate == AdjudicateAll {
		// Every accepted mutant's coverage is read: run them all at once, over the pool.
		if err := cov.prefetch(ctx, coverageCandidates(ev, muts, results)); err != nil {
			return rep, err
		}
	}
	d := detectors{
		coverage: cov.get,
		gates:    gates.passed,
		suite: func(ctx context.Context, m plan.Mutant, passed []report.GateRecord) (report.Witness, error) {
			return suiteWitness(ctx, x, p, lim, passed, m)
		},
	}
	calls, err := adjudicate(ctx, ev, adjudication{mode: o.Adjudicate, suiteCap: o.suiteCap(), gates: len(o.Gates), runner: choice.runner.name()}, muts, results, d, prog)
	lazyMS := gates.ms - eagerMS
	rep.Timings.GatesBaselineMS = gates.ms
	rep.Timings.SuiteMS = time.Since(t0).Milliseconds() - lazyMS
	if err != nil {
		return rep, err
	}
	// Each value witness's suggested test, run on the patched tree and on its mutant.
	if err = timed(&rep.Timings.SuggestMS, func() error { return suggestTests(ctx, x, p, lim, muts, results, calls, prog) }); err != nil || !o.Parity {
		return rep, err
	}
	real := choice.fallback
	if o.parityRunner != nil {
		real = o.parityRunner
	}
	err = timed(&rep.Timings.ParityMS, func() (err error) {
		rep.Parity, err = runParity(ctx, x, p, real, o.Timeout, muts, results, prog)
		return err
	})
	return rep, err
}

// measuresReach reports whether certify runs the oracle's baseline although no mutant was
// planned: --require-reach asks how many added executable lines the oracle runs, and only a
// baseline run can say. Without it a patch whose added lines no operator fires on would be
// refused for an unknown reach bond never tried to measure.
func measuresReach(o Options, front plan.Front) bool {
	if o.RequireReach == 0 && !o.MeasureReach {
		return false
	}
	for _, f := range front.Files {
		for _, l := range f.Added {
			if plan.KindOf(f.NonCode, l) == "" {
				return true
			}
		}
	}
	return false
}

// finish derives verdicts and bonds from the recorded facts, and fills the timings.
func finish(rep *report.Report, o Options, doc *VerdictDoc, start time.Time, clk *clock, err error) {
	if doc != nil && rep.Verdicts == nil {
		rep.Verdicts = doc.apply(rep.Mutants)
	}
	if err != nil {
		rep.Errors = append(rep.Errors, err.Error())
	}
	report.DeriveVerdicts(rep, o.Regime, o.RequireHeld)
	report.DeriveLines(rep, o.RequireReach)
	rep.Timings.TotalMS = o.Now().Sub(start).Milliseconds()
	clk.fill(&rep.Timings)
}

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
