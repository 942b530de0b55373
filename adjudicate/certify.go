package adjudicate

// This file is certify itself: plan the diff, then the phases in order — snapshot and sandboxes,
// runner choice, baseline, checks, mutants, adjudication — and the verdicts derived at the end.

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
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

// certifyPlanned certifies an already planned set of mutants: everything after planning, one
// phase after another, each returning what the next needs. Whatever stops it, the deferred end
// cleans up, checks the user's tree and derives the verdicts from the facts recorded so far.
func certifyPlanned(ctx context.Context, o Options, front plan.Front, muts []plan.Mutant, doc *VerdictDoc, start time.Time) (rep *report.Report, err error) {
	c := &certification{o: o, doc: doc, rep: newReport(o, front, muts), prog: newProgress(o.Progress, o.Now), clk: &oracle.Clock{}}
	defer func() { err = c.end(ctx, start, recover(), err) }()
	if len(muts) == 0 && !measuresReach(o, front) {
		return c.rep, nil
	}
	if err := c.open(ctx, front.Files, muts); err != nil {
		return c.rep, err
	}
	base, reach, err := c.baseline(ctx, len(muts))
	if err != nil || len(muts) == 0 {
		// With nothing planned the baseline ran only to measure reach for --require-reach.
		return c.rep, err
	}
	y := pay{exhaustive: o.ExhaustiveRuns, oracle: o.Oracle, bail: c.choice.Runner.CanBail(), freeCoverage: c.choice.Runner.FreeCoverage(), reach: reach, shuffleSeed: o.shuffleSeed}
	gates, err := c.gates(ctx, y)
	if err != nil {
		return c.rep, err
	}
	ev := &evidence{base: base, canary: map[string]string{}}
	eager := y.exhaustive || o.eagerCanaries
	if eager {
		// The old engine: every file's canary, before any mutant.
		if err := c.eagerCanaries(ctx, ev, muts); err != nil {
			return c.rep, err
		}
	}
	b := c.split(ctx, front, muts, ev)
	defer c.merge(b)
	outcomes, err := c.mutants(ctx, y, ev, b)
	if err != nil {
		return c.rep, err
	}
	if err := c.canaries(ctx, ev, muts, b, eager); err != nil {
		return c.rep, err
	}
	calls, err := c.adjudicate(ctx, y, ev, gates, b, outcomes)
	if err != nil {
		return c.rep, err
	}
	if err := c.suggest(ctx, b, calls); err != nil || !o.Parity {
		return c.rep, err
	}
	return c.rep, c.parity(ctx, b)
}

// certification is one certify run after planning: the options, the report every phase records
// into, and what the phases share — the snapshot, the sandboxes' pool, the confinement, the
// runner, the limits the baseline sets, the progress and the clock.
type certification struct {
	o    Options
	doc  *VerdictDoc
	rep  *report.Report
	prog *progress
	clk  *oracle.Clock
	// Set by open.
	t      *oracle.Tree
	p      *oracle.Pool
	conf   *oracle.Confinement
	choice *oracle.RunnerChoice
	x      *oracle.Runs
	// Set by baseline.
	lim oracle.Limits
}

// batch is the mutants that run in this certify, with their results: all of them, or under
// --incremental those whose outcome is not recorded under an unchanged key. The mutant and
// adjudication phases see only them (the canaries see every result); merge puts their results
// back into the report.
type batch struct {
	idx     []int // the report's index of each
	muts    []plan.Mutant
	results []report.MutantResult
}

// open snapshots the tree, makes the sandboxes' pool, confines it and chooses the runner.
func (c *certification) open(ctx context.Context, files []plan.FileInfo, muts []plan.Mutant) error {
	err := oracle.Timed(&c.rep.Timings.SandboxMS, func() (err error) {
		c.prog.phase("sandboxes", 0, 0)
		c.t, err = oracle.Snapshot(ctx, c.o.Plan.Repo, c.o.AllowOutsideLinks, c.o.Oracle, files, muts)
		if c.t != nil {
			info := c.t.Mirror
			c.rep.Sandbox = &info
		}
		if err != nil {
			return err
		}
		c.p, err = oracle.OpenPool(ctx, c.t, oracle.PoolSize(c.o.Jobs, len(muts)))
		if c.p != nil {
			c.rep.Run.WorkDir = c.p.Work
		}
		return err
	})
	if err != nil {
		return err
	}
	if c.conf, err = oracle.NewConfinement(c.o.confinement(), c.t, c.p); err != nil {
		return err
	}
	c.rep.Sandbox = &c.conf.Info
	if c.o.ValueNeighbours {
		c.o.charCodes = patchCharCodes(c.p.Boxes[0].Root, files)
		c.o.numbers = patchNumbers(c.p.Boxes[0].Root, files)
	}
	if c.choice, err = oracle.ChooseRunner(c.o.oracleOptions(), c.p.Boxes[0].Root, c.p.PatchedTree, c.conf, c.p.Work); err != nil {
		return err
	}
	if cr, ok := c.choice.Fallback.(*oracle.CmdRunner); ok && cr.Warm != nil {
		cr.Warm.SeamFrom(ctx)
	}
	c.recordRunner()
	c.x = &oracle.Runs{Choice: c.choice, Env: c.conf.Env, Iso: c.conf.Iso, Clock: c.clk, Inputs: oracle.NewInputCheck(ctx, c.t)}
	return nil
}

// recordRunner records the runner in the report: after the choice, and again after the
// baseline, where auto may have fallen back to the command runner.
func (c *certification) recordRunner() {
	c.rep.Run.Runner, c.rep.Run.RunnerNote = c.choice.Runner.Name(), c.choice.Note
	if cr, ok := c.choice.Runner.(*oracle.CmdRunner); ok && cr.Compile != nil && c.rep.Sandbox != nil {
		c.rep.Sandbox.CompileCache = cr.Compile.What
	}
}

// baseline runs the unmutated oracle (the pair, and per-file reach where it pays), checks it
// passed, sets the limits every later run has, and records the baseline and reach in the report.
func (c *certification) baseline(ctx context.Context, planned int) (base *baseline, reach *testReach, err error) {
	err = oracle.Timed(&c.rep.Timings.BaselineMS, func() error {
		b, err := oracle.RunBaseline(ctx, c.x, c.p, c.o.Timeout, oracle.BaselinePlan{Try: !c.o.ExhaustiveRuns, Always: c.o.alwaysPerFile, Mutants: planned, SlowEmbedded: c.o.slowEmbedded}, c.prog.phase)
		c.recordRunner()
		if err != nil {
			return err
		}
		rep := c.rep
		rep.Baseline = &report.Baseline{Oracle: b.Records(), Gates: []report.GateRecord{}, Inputs: c.x.Inputs.ManifestFiles()}
		if err := b.Failure(c.o.Timeout, c.t.Root); err != nil {
			return err
		}
		sbA, sbB := c.p.Pair()
		sbA.Controlled, sbB.Controlled = true, true
		c.lim = oracle.NewLimits(c.o.Timeout, b.Pair)
		rep.Run.TimeoutMS = c.lim.Oracle.Milliseconds()
		base = newBaseline(b.Pair[0], b.Pair[1])
		reach = newTestReach(b)
		base.distrust(reach)
		rep.Run.ValueDetector = valueDetectorNote(base, c.choice.Runner.Name(), c.o.ValueNeighbours)
		rep.Baseline.UnstableLines = base.nUnstable
		rep.Baseline.Reach = base.reach(rep.Files)
		markUnknownReach(&rep.Baseline.Reach)
		recordLineReach(&rep.Baseline.Reach, base, rep.Files)
		reach.fill(&rep.Baseline.Reach, rep.Files)
		return nil
	})
	return base, reach, err
}

// gates makes the gates' records, none run yet: adjudication runs them the first time a mutant
// needs the suite detector. Under --exhaustive-runs (the old engine) every gate runs on the
// unmutated tree now, before any mutant.
func (c *certification) gates(ctx context.Context, y pay) (*gateChecks, error) {
	g := newGateChecks(c.x, c.p, c.lim, c.o.Gates, c.prog)
	c.rep.Baseline.Gates = g.recs // the same records, filled in place when the gates run
	if !y.exhaustive {
		return g, nil
	}
	if _, err := g.passed(ctx); err != nil {
		return g, err
	}
	c.rep.Timings.GatesBaselineMS = g.ms
	return g, nil
}

// eagerCanaries (--exhaustive-runs) runs the canary of every planned file before any mutant and
// records them in the report and in ev, so a mutant of a file whose canary survived is not run.
func (c *certification) eagerCanaries(ctx context.Context, ev *evidence, muts []plan.Mutant) error {
	return oracle.Timed(&c.rep.Timings.CanaryMS, func() error {
		cs, err := runCanaries(ctx, c.x, c.p, c.lim, mutatedFiles(muts), c.prog)
		if err != nil {
			return err
		}
		c.rep.SelfCheck = cs
		ev.canary = canaryByPath(cs)
		return nil
	})
}

// canaries runs, after the mutants, the canary of each file whose verdicts can depend on it
// (canaryPlan: not a file a killed mutant already showed loaded), records every file's
// self-check (the others as not needed), and applies the results to the mutants that ran before
// them — the batch's and those --incremental reused — and to the evidence adjudication reads.
// After eager canaries (done) it only applies them.
func (c *certification) canaries(ctx context.Context, ev *evidence, muts []plan.Mutant, b batch, done bool) error {
	all := append([]report.MutantResult(nil), c.rep.Mutants...)
	for j, i := range b.idx {
		all[i] = b.results[j]
	}
	if !done {
		err := oracle.Timed(&c.rep.Timings.CanaryMS, func() error {
			run, notNeeded := canaryPlan(ev.base, muts, all)
			ran, err := runCanaries(ctx, c.x, c.p, c.lim, run, c.prog)
			if err != nil {
				return err
			}
			byPath := map[string]report.Canary{}
			for _, r := range ran {
				byPath[r.Path] = r
			}
			cs := []report.Canary{}
			for _, p := range mutatedFiles(muts) {
				if r, ok := byPath[p]; ok {
					cs = append(cs, r)
				} else {
					cs = append(cs, notNeeded[p])
				}
			}
			c.rep.SelfCheck = cs
			ev.canary = canaryByPath(cs)
			return nil
		})
		if err != nil {
			return err
		}
	}
	reconcileReach(&c.rep.Baseline.Reach, c.rep.SelfCheck)
	applyCanaries(ev.canary, muts, all)
	inBatch := map[int]bool{}
	for j, i := range b.idx {
		b.results[j] = all[i]
		inBatch[i] = true
	}
	for i := range c.rep.Mutants {
		if !inBatch[i] {
			c.rep.Mutants[i] = all[i]
		}
	}
	return nil
}

// split picks the mutants that run: all of them, or under --incremental the ones whose outcome
// is not recorded under this run's key (the others' results are filled in the report now).
func (c *certification) split(ctx context.Context, front plan.Front, muts []plan.Mutant, ev *evidence) batch {
	idx := make([]int, len(muts))
	for i := range idx {
		idx[i] = i
	}
	rep := c.rep
	if inc := c.o.inc; inc != nil {
		k := computeKey(ctx, keyInputs{o: c.o, t: c.t, front: front, runner: rep.Run.Runner, envVars: c.conf.Info.EnvPassed,
			env: c.conf.Env, reach: rep.Baseline.Reach, skip: inc.skipRel})
		idx = inc.reuse(k, front, muts, rep.Mutants, c.doc)
		for i := range rep.Mutants {
			if rep.Mutants[i].Cached {
				rep.Mutants[i].Ran = ev.base.ran(muts[i].Path, muts[i].Line)
			}
		}
	}
	b := batch{idx: idx, muts: make([]plan.Mutant, len(idx)), results: make([]report.MutantResult, len(idx))}
	for j, i := range idx {
		b.muts[j], b.results[j] = muts[i], rep.Mutants[i]
	}
	return b
}

// merge puts the batch's results back into the report, however the run ended.
func (c *certification) merge(b batch) {
	for j, i := range b.idx {
		c.rep.Mutants[i] = b.results[j]
	}
}

// mutants runs each mutant of the batch once, returning the runs the coverage detector may reuse.
func (c *certification) mutants(ctx context.Context, y pay, ev *evidence, b batch) ([]*oracle.RunOutcome, error) {
	t0 := time.Now()
	outcomes, err := runMutants(ctx, c.x, c.p, c.lim, y, ev, b.muts, b.results, c.prog)
	c.rep.Timings.MutantsMS = time.Since(t0).Milliseconds()
	return outcomes, err
}

// adjudicate gives every accepted mutant of the batch its abstention reason or witness, running
// coverage runs, and gates and suite runs, as the detectors need them. It returns each value
// witness's call, for its suggested test.
func (c *certification) adjudicate(ctx context.Context, y pay, ev *evidence, gates *gateChecks, b batch, outcomes []*oracle.RunOutcome) (map[string]*witnessCall, error) {
	t0 := time.Now()
	eagerMS := gates.ms
	judged := c.doc.judged()
	cov := newCoverRuns(c.x, c.p, c.lim, y, b.muts, b.results, outcomes)
	if c.o.Adjudicate == AdjudicateAll {
		// Every accepted mutant's coverage is read: run them all at once, over the pool.
		if err := cov.prefetch(ctx, coverageCandidates(ev, b.muts, b.results, judged)); err != nil {
			return nil, err
		}
	}
	d := detectors{
		coverage: cov.get,
		gates:    gates.passed,
		suite: func(ctx context.Context, m plan.Mutant, passed []report.GateRecord) (report.Witness, error) {
			return suiteWitness(ctx, c.x, c.p, c.lim, passed, m)
		},
	}
	a := adjudication{mode: c.o.Adjudicate, suiteCap: c.o.suiteCap(), gates: len(c.o.Gates), runner: c.choice.Runner.Name(), judged: judged}
	calls, err := adjudicate(ctx, ev, a, b.muts, b.results, d, c.prog)
	lazyMS := gates.ms - eagerMS
	c.rep.Timings.GatesBaselineMS = gates.ms
	c.rep.Timings.SuiteMS = time.Since(t0).Milliseconds() - lazyMS
	return calls, err
}

// suggest writes each value witness's suggested test and runs it on the patched tree and on its
// mutant.
func (c *certification) suggest(ctx context.Context, b batch, calls map[string]*witnessCall) error {
	if c.o.skipSuggest {
		return nil
	}
	return oracle.Timed(&c.rep.Timings.SuggestMS, func() error {
		return suggestTests(ctx, c.x, c.p, c.lim, b.muts, b.results, calls, c.prog)
	})
}

// parity (--parity) runs each embedded outcome again under the real runner and records where the
// two differ.
func (c *certification) parity(ctx context.Context, b batch) error {
	real := c.choice.Fallback
	if c.o.parityRunner != nil {
		real = c.o.parityRunner
	}
	return oracle.Timed(&c.rep.Timings.ParityMS, func() (err error) {
		c.rep.Parity, err = runParity(ctx, c.x, c.p, real, c.o.Timeout, b.muts, b.results, c.prog)
		return err
	})
}

// end is certify's last step whatever stopped it (panicked is what recover returned): it
// releases the runner, records node_modules writes, removes the sandboxes and checks the
// user's tree, derives the verdicts, and marks a run that did not finish as partial. It returns
// the error certify returns.
func (c *certification) end(ctx context.Context, start time.Time, panicked any, err error) error {
	if panicked != nil {
		err = fmt.Errorf("internal error: %v\n%s", panicked, debug.Stack())
	}
	rep := c.rep
	if c.choice != nil {
		c.choice.Runner.Close()
		c.recordWarm()
	}
	if c.conf != nil && rep.Sandbox != nil {
		rep.Sandbox.NodeModulesWrites = nodeModulesWrites(c.conf.Iso, c.t.Root)
	}
	if cerr := oracle.Cleanup(c.t, c.p, c.o.Keep, rep); cerr != nil && err == nil {
		err = cerr
	}
	finish(rep, c.o, c.doc, start, c.clk, err)
	if err != nil && ctx.Err() != nil && !input.Is(err) {
		err = context.Cause(ctx)
	}
	if err != nil || ctx.Err() != nil {
		// Whatever stopped it (a signal, an internal failure, a setup error found mid-run
		// such as a red oracle), the verdicts describe an unfinished run.
		rep.Partial = true
		rep.Bond = unfinishedBond(rep.Bond)
	}
	return err
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
