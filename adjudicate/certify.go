package adjudicate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// Certify plans the diff, runs the oracle and gates on the plan's mutants in sandboxes, and
// returns the report (SPEC §2–§3). It returns a report alongside an error whenever one was built
// (a partial report after a signal or an internal failure); the error is a input.Error for
// bad input or setup (the CLI exits 2), the context's cause after cancellation, or another error
// for an internal failure.
func Certify(ctx context.Context, opts Options) (*Report, error) {
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
	if o.Hermetic {
		if err := proc.ProbeHermetic(ctx); err != nil {
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
			rep.Bond = Bond(nil, o.Regime, o.RequireHeld)
			rep.Bond.Reason = "interrupted before the plan was made (the report is partial)"
			rep.Bond.ByRegime = map[string]string{}
			for _, r := range Regimes {
				rep.Bond.ByRegime[r] = BondNotBonded
			}
			return rep, context.Cause(ctx)
		}
		return nil, err
	}
	planMS := o.Now().Sub(start).Milliseconds()
	rep, err := certifyPlanned(ctx, o, res.Front, res.Mutants, doc, start)
	if rep != nil {
		rep.Timings.PlanMS = planMS
	}
	return rep, err
}

// engine is one certify run over a plan.
type engine struct {
	o       Options
	rep     *Report
	muts    []plan.Mutant
	tree    *tree
	work    string
	sbs     []*sandbox
	free    chan *sandbox
	runner  oracleRunner
	gateEnv []string
	timeout time.Duration

	base1, base2 RunOutcome
	stable       coverage.HitMap // lines whose hit agrees in both baseline runs
	unstable     map[string]map[int]bool
	unavailable  map[string]string // path → why it has no baseline hit map
	canary       map[string]string // path → canary result
	gatePassed   []GateRecord

	mu       sync.Mutex
	outcomes []*RunOutcome // per mutant, nil until it ran
	spans    [][2]time.Time
	oracleMS int64
	gatesMS  int64
	progress *progress
	// nodeRunner is the node --test runner that --runner auto falls back to.
	nodeRunner oracleRunner
}

// certifyPlanned certifies an already planned set of mutants: everything after planning.
func certifyPlanned(ctx context.Context, o Options, front plan.Front, muts []plan.Mutant, doc *VerdictDoc, start time.Time) (rep *Report, err error) {
	rep = newReport(o, front, muts)
	e := &engine{o: o, rep: rep, muts: muts, outcomes: make([]*RunOutcome, len(muts)), progress: newProgress(o.Progress, o.Now)}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
		if cerr := e.cleanup(); cerr != nil && err == nil {
			err = cerr
		}
		e.finish(doc, start, err)
		if err != nil && ctx.Err() != nil && !input.Is(err) {
			err = context.Cause(ctx)
		}
		if err != nil || ctx.Err() != nil {
			// Whatever stopped it (a signal, an internal failure, a setup error found mid-run
			// such as a red oracle), the verdicts describe an unfinished run.
			rep.Partial = true
			rep.Bond.Reason = "the run did not finish: " + rep.Bond.Reason
		}
	}()
	if len(muts) == 0 {
		return rep, nil
	}
	if err := e.setup(ctx); err != nil {
		return rep, err
	}
	if err := e.baseline(ctx); err != nil {
		return rep, err
	}
	if err := e.checks(ctx); err != nil {
		return rep, err
	}
	if err := e.mutants(ctx); err != nil {
		return rep, err
	}
	if doc != nil {
		rep.Verdicts = doc.apply(rep.Mutants)
	}
	if err := e.adjudicate(ctx); err != nil {
		return rep, err
	}
	return rep, nil
}

func newReport(o Options, front plan.Front, muts []plan.Mutant) *Report {
	rep := &Report{
		Front:       front,
		Mutants:     make([]MutantResult, len(muts)),
		Sentinel:    plan.Sentinel,
		SelfCheck:   []Canary{},
		TreeChanges: []string{},
		Errors:      []string{},
		Run: RunInfo{
			OracleCmd: o.OracleCmd, Oracle: o.Oracle, Runner: o.Runner, Gates: o.Gates,
			Regime: o.Regime, Adjudicate: o.Adjudicate, Jobs: o.Jobs, SuiteCap: o.SuiteCap,
			Hermetic: o.Hermetic, TimeoutMS: o.Timeout.Milliseconds(),
		},
	}
	if rep.Run.Gates == nil {
		rep.Run.Gates = []GateSpec{}
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
		rep.Mutants[i] = MutantResult{Mutant: m, Status: StatusNotRun, Witness: Witness{Kind: WitnessNotAdjudicated}, Sandbox: -1}
	}
	return rep
}

// setup reads the tree, makes the sandboxes and picks the runner.
func (e *engine) setup(ctx context.Context) error {
	t0 := time.Now()
	e.progress.phase("sandboxes", 0, 0)
	root, err := filepath.Abs(e.o.Plan.Repo)
	if err != nil {
		return input.Errorf("--repo %s: %v", e.o.Plan.Repo, err)
	}
	if e.tree, err = readTree(ctx, root); err != nil {
		return err
	}
	for _, m := range e.muts {
		if e.tree.file(m.Path) == nil {
			return input.Errorf("%s: the file holding mutant %s is not among the files git lists in %s; commit or un-ignore it", m.Path, m.ID, root)
		}
	}
	for _, f := range e.o.Oracle {
		if e.tree.file(filepath.ToSlash(filepath.Clean(f))) == nil {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				return input.Errorf("--oracle %s: no such test file in %s", f, root)
			}
		}
	}
	if e.work, err = os.MkdirTemp("", "bond-"); err != nil {
		return fmt.Errorf("making bond's temp dir: %w", err)
	}
	e.rep.Run.WorkDir = e.work
	n := e.o.Jobs
	if want := max(2, len(e.muts)); n > want {
		n = want
	}
	e.sbs = make([]*sandbox, n)
	var g errgroup.Group
	g.SetLimit(2)
	for i := range n {
		g.Go(func() error {
			sb, err := makeSandbox(e.tree, filepath.Join(e.work, fmt.Sprintf("sandbox-%d", i)), i)
			if err != nil {
				return err
			}
			sb.skipPlace = e.o.skipPlace
			e.sbs[i] = sb
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	e.rep.Timings.SandboxMS = time.Since(t0).Milliseconds()
	e.free = make(chan *sandbox, n)
	for _, sb := range e.sbs {
		e.free <- sb
	}
	env := proc.ScrubEnv(os.Environ(), e.o.Env)
	e.gateEnv = env
	switch {
	case e.o.OracleCmd != "":
		e.runner = &cmdRunner{cmd: e.o.OracleCmd, runner: RunnerCommand, env: env, hermetic: e.o.Hermetic, tmp: e.work, prepare: prepareCoverage}
	default:
		node := &cmdRunner{cmd: nodeTestCmd(e.o.Oracle), runner: RunnerNode, env: env, hermetic: e.o.Hermetic, tmp: e.work, prepare: prepareCoverage}
		e.runner, e.nodeRunner = node, node
		if e.o.Runner != RunnerNode {
			r, note, err := newEmbedded(e.sbs[0].root, e.o.Oracle, e.o.Runner == RunnerEmbedded)
			if err != nil {
				return err
			}
			if r != nil {
				e.runner = r
			}
			e.rep.Run.RunnerNote = note
		}
	}
	e.rep.Run.Runner = e.runner.name()
	return nil
}

// record notes a run's wall-clock span for the timings.
func (e *engine) record(out RunOutcome, gate bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.spans = append(e.spans, [2]time.Time{out.Began, out.Began.Add(out.Duration)})
	if gate {
		e.gatesMS += out.Duration.Milliseconds()
	} else {
		e.oracleMS += out.Duration.Milliseconds()
	}
}

func (e *engine) oracle(ctx context.Context, sb *sandbox, ov *override, cov bool, timeout time.Duration) (RunOutcome, error) {
	out, err := e.runner.run(ctx, sb, ov, cov, timeout)
	e.record(out, false)
	return out, err
}

// baseline runs the oracle twice on the unmutated tree with coverage (SPEC §3.4), in two
// sandboxes at once when there are two.
func (e *engine) baseline(ctx context.Context) error {
	t0 := time.Now()
	e.progress.phase("baseline", 0, 2)
	sbA, sbB := e.sbs[0], e.sbs[0]
	if len(e.sbs) > 1 {
		sbB = e.sbs[1]
	}
	var outA, outB RunOutcome
	if sbA != sbB {
		g, gctx := errgroup.WithContext(ctx)
		g.Go(func() (err error) { outA, err = e.oracle(gctx, sbA, nil, true, e.o.Timeout); return })
		g.Go(func() (err error) { outB, err = e.oracle(gctx, sbB, nil, true, e.o.Timeout); return })
		if err := g.Wait(); err != nil {
			return err
		}
	} else {
		var err error
		if outA, err = e.oracle(ctx, sbA, nil, true, e.o.Timeout); err != nil {
			return err
		}
		if outB, err = e.oracle(ctx, sbB, nil, true, e.o.Timeout); err != nil {
			return err
		}
	}
	if er, ok := e.runner.(*embeddedRunner); ok {
		if why := firstNonEmpty(outA.Unsupported, outB.Unsupported); why != "" {
			if e.o.Runner == RunnerEmbedded {
				return input.Errorf("--runner embedded cannot run this oracle: the tests need %s, which the embedded runtime lacks; use --runner node (or auto, which falls back by itself)", why)
			}
			// auto: the embedded baseline showed it cannot serve; run everything under node.
			er.close()
			e.runner = e.nodeRunner
			e.rep.Run.Runner = e.runner.name()
			e.rep.Run.RunnerNote = fmt.Sprintf("auto chose node: the tests need %s, which the embedded runtime lacks", why)
			return e.baseline(ctx)
		}
	}
	e.base1, e.base2 = outA, outB
	e.progress.phase("baseline", 2, 2)
	b := &Baseline{Gates: []GateRecord{}}
	e.rep.Baseline = b
	for _, out := range []RunOutcome{outA, outB} {
		b.Oracle = append(b.Oracle, RunRecord{Passed: out.Status == StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: proc.Tail(out.Output, tailBytes)})
	}
	for i, out := range []RunOutcome{outA, outB} {
		switch out.Status {
		case StatusError:
			return input.Errorf("the oracle could not run on the patched tree (baseline run %d): %v; check the command and that its program is installed\n%s", i+1, out.Err, indentTail(out.Output))
		case StatusTimeout:
			return input.Errorf("oracle fails on the patched tree: baseline run %d timed out after %v; raise --timeout or fix the hang\n%s", i+1, e.o.Timeout, indentTail(out.Output))
		case StatusKilled:
			return input.Errorf("oracle fails on the patched tree: baseline run %d exited %d; bond needs an oracle that passes on the patch before it can ask what it pins down. Output tail:\n%s", i+1, out.ExitCode, indentTail(out.Output))
		}
	}
	sbA.controlled, sbB.controlled = true, true
	e.timeout = e.o.Timeout
	if e.timeout == 0 {
		e.timeout = 2*max(outA.Duration, outB.Duration) + timeoutSlack
	}
	e.rep.Run.TimeoutMS = e.timeout.Milliseconds()
	e.compareBaselines()
	e.reach()
	e.rep.Timings.BaselineMS = time.Since(t0).Milliseconds()
	return nil
}

// compareBaselines keeps the lines whose hit agrees in both runs; the others are unstable.
func (e *engine) compareBaselines() {
	e.stable = coverage.HitMap{}
	e.unstable = map[string]map[int]bool{}
	e.unavailable = map[string]string{}
	for _, out := range []RunOutcome{e.base1, e.base2} {
		for p, why := range out.Unavailable {
			e.unavailable[p] = why
		}
	}
	n := 0
	paths := map[string]bool{}
	for p := range e.base1.Hits {
		paths[p] = true
	}
	for p := range e.base2.Hits {
		paths[p] = true
	}
	for p := range paths {
		a, okA := e.base1.Hits[p]
		b, okB := e.base2.Hits[p]
		if !okA || !okB {
			// Loaded in one run only: every line of it is unstable.
			u := map[int]bool{}
			for l := range a {
				u[l] = true
			}
			for l := range b {
				u[l] = true
			}
			e.unstable[p] = u
			n += len(u)
			continue
		}
		s := coverage.FileHits{}
		u := map[int]bool{}
		for l, h := range a {
			if hb, ok := b[l]; ok && hb == h {
				s[l] = h
			} else {
				u[l] = true
			}
		}
		for l := range b {
			if _, ok := a[l]; !ok {
				u[l] = true
			}
		}
		e.stable[p] = s
		if len(u) > 0 {
			e.unstable[p] = u
			n += len(u)
		}
	}
	e.rep.Baseline.UnstableLines = n
}

// executable reports whether both baseline hit maps of path know line at all (ran or not).
func (e *engine) executable(path string, line int) bool {
	if _, ok := e.stable[path][line]; ok {
		return true
	}
	return e.unstable[path][line]
}

// covUnavailable says why path has no usable baseline hit map, or "".
func (e *engine) covUnavailable(path string) string {
	if why, ok := e.unavailable[path]; ok {
		return why
	}
	if why, ok := e.unavailable["*"]; ok {
		return why
	}
	if e.stable.Known(path) {
		return ""
	}
	if _, ok := e.unstable[path]; ok {
		return "loaded in only one of the two baseline runs"
	}
	return "the oracle's coverage has no record of this file (it was not loaded, or coverage could not see it)"
}

func (e *engine) source(path string) string {
	for _, out := range []RunOutcome{e.base1, e.base2} {
		if s := out.Sources[path]; s != "" {
			return s
		}
	}
	return "v8"
}

// reach counts per planned file how many added executable lines the oracle ran.
func (e *engine) reach() {
	r := &e.rep.Baseline.Reach
	r.Files = []FileReach{}
	for _, f := range e.rep.Files {
		fr := FileReach{Path: f.Path}
		_, bad := e.unavailable[f.Path]
		_, unstable := e.unstable[f.Path]
		_, all := e.unavailable["*"]
		switch why := e.covUnavailable(f.Path); {
		case why != "" && !bad && !unstable && !all:
			fr.Coverage, fr.Detail = "not-loaded", "no run of the oracle recorded this file: it was not loaded"
		case why != "" && !e.stable.Known(f.Path):
			fr.Coverage, fr.Detail = "unavailable", why
		default:
			fr.Coverage = e.source(f.Path)
			for _, l := range f.Added {
				if _, ok := e.stable[f.Path][l]; ok {
					fr.Executable++
					if e.stable.Ran(f.Path, l) {
						fr.Ran++
					}
				} else if e.unstable[f.Path][l] {
					fr.Executable++
				}
			}
		}
		r.Executable += fr.Executable
		r.Ran += fr.Ran
		r.Files = append(r.Files, fr)
	}
}

// pool runs tasks over the free sandboxes, each task holding one sandbox, and stops at the first
// error.
func (e *engine) pool(ctx context.Context, tasks []func(context.Context, *sandbox) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(len(e.sbs))
	for _, task := range tasks {
		g.Go(func() error {
			var sb *sandbox
			select {
			case sb = <-e.free:
			case <-gctx.Done():
				return context.Cause(gctx)
			}
			defer func() { e.free <- sb }()
			if gctx.Err() != nil {
				return context.Cause(gctx)
			}
			return task(gctx, sb)
		})
	}
	err := g.Wait()
	if err != nil && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}

// control runs the unmutated oracle once in sb if it has not run there yet (SPEC §3.2).
func (e *engine) control(ctx context.Context, sb *sandbox) error {
	if sb.controlled {
		return nil
	}
	out, err := e.oracle(ctx, sb, nil, false, e.timeout)
	if err != nil {
		return err
	}
	if out.Status != StatusAccepted {
		return input.Errorf("the control run of the unmutated oracle failed in sandbox %d (%s, exit %d) although both baseline runs passed; the oracle is flaky or depends on where it runs. Output tail:\n%s", sb.index, out.Status, out.ExitCode, indentTail(out.Output))
	}
	sb.controlled = true
	return nil
}

// checks runs the gates once on the unmutated tree and the canary of every file holding a
// mutant (SPEC §3.4).
func (e *engine) checks(ctx context.Context) error {
	t0 := time.Now()
	var paths []string
	seen := map[string]bool{}
	for _, m := range e.muts {
		if !seen[m.Path] {
			seen[m.Path] = true
			paths = append(paths, m.Path)
		}
	}
	gates := make([]GateRecord, len(e.o.Gates))
	canaries := make([]Canary, len(paths))
	total := len(gates) + len(paths)
	var done int
	var mu sync.Mutex
	step := func(name string) {
		mu.Lock()
		done++
		e.progress.phase(name, done, total)
		mu.Unlock()
	}
	var tasks []func(context.Context, *sandbox) error
	for i, g := range e.o.Gates {
		tasks = append(tasks, func(ctx context.Context, sb *sandbox) error {
			limit := e.o.Timeout
			if limit == 0 {
				limit = DefaultGateLimit
			}
			res, err := runProc(ctx, proc.Spec{Cmd: g.Cmd, Dir: sb.root, Env: e.gateEnv, Timeout: limit, Hermetic: e.o.Hermetic})
			out := outcomeOf(res)
			e.record(out, true)
			if err != nil {
				return err
			}
			if out.Status == StatusError {
				return input.Errorf("gate %s could not run: %v; fix the --gate command or install its program", g.Name, out.Err)
			}
			gates[i] = GateRecord{Name: g.Name, Cmd: g.Cmd, Passed: out.Status == StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: proc.Tail(out.Output, tailBytes)}
			step("checks")
			return nil
		})
	}
	for i, p := range paths {
		tasks = append(tasks, func(ctx context.Context, sb *sandbox) error {
			if err := e.control(ctx, sb); err != nil {
				return err
			}
			src, err := e.tree.bytes(e.tree.file(p))
			if err != nil {
				return err
			}
			ov := &override{Path: p, Content: canaryOf(src)}
			if err := sb.place(p, ov.Content); err != nil {
				return err
			}
			out, err := e.oracle(ctx, sb, ov, false, e.timeout)
			if rerr := sb.restore(); rerr != nil {
				return rerr
			}
			if err != nil {
				return err
			}
			c := Canary{Path: p, DurationMS: out.Duration.Milliseconds()}
			switch out.Status {
			case StatusKilled, StatusTimeout:
				c.Result = CanaryKilled
			case StatusAccepted:
				c.Result = CanarySurvived
			default:
				c.Result = CanaryError
			}
			canaries[i] = c
			step("checks")
			return nil
		})
	}
	if err := e.pool(ctx, tasks); err != nil {
		return err
	}
	e.rep.Baseline.Gates = gates
	e.rep.SelfCheck = canaries
	e.canary = map[string]string{}
	for _, c := range canaries {
		e.canary[c.Path] = c.Result
	}
	for _, g := range gates {
		if g.Passed {
			e.gatePassed = append(e.gatePassed, g)
		}
	}
	e.rep.Timings.CanaryMS = time.Since(t0).Milliseconds()
	return nil
}

// mutants runs the oracle on every mutant, in parallel across sandboxes, with coverage on.
func (e *engine) mutants(ctx context.Context) error {
	t0 := time.Now()
	defer func() { e.rep.Timings.MutantsMS = time.Since(t0).Milliseconds() }()
	var done int
	var mu sync.Mutex
	e.progress.phase("mutants", 0, len(e.muts))
	tasks := make([]func(context.Context, *sandbox) error, len(e.muts))
	for i, m := range e.muts {
		tasks[i] = func(ctx context.Context, sb *sandbox) error {
			if err := e.control(ctx, sb); err != nil {
				return err
			}
			src, err := e.tree.bytes(e.tree.file(m.Path))
			if err != nil {
				return err
			}
			mutated, err := plan.Apply(src, m)
			if err != nil {
				return err
			}
			if err := sb.place(m.Path, mutated); err != nil {
				return err
			}
			ov := &override{Path: m.Path, Content: mutated}
			out, err := e.oracle(ctx, sb, ov, true, e.timeout)
			retried := false
			if err == nil && out.Status == StatusTimeout && e.o.Timeout == 0 {
				// The default limit comes from two baseline runs; a machine that got busier since
				// (CI neighbours, parallel sandboxes) can push an accepted run past it. One retry at
				// twice the limit keeps load from passing for a kill.
				retried = true
				out, err = e.oracle(ctx, sb, ov, true, 2*e.timeout)
			}
			if rerr := sb.restore(); rerr != nil {
				return rerr
			}
			if err != nil {
				return err
			}
			mr := &e.rep.Mutants[i]
			mr.Status = out.Status
			mr.ExitCode = out.ExitCode
			mr.DurationMS = out.Duration.Milliseconds()
			mr.OutputTail = proc.Tail(out.Output, tailBytes)
			mr.KilledBy = out.KilledBy
			mr.Sandbox = sb.index
			mr.Retried = retried
			if out.Status == StatusError && out.Err != nil {
				mr.OutputTail = proc.Tail(out.Err.Error()+"\n"+out.Output, tailBytes)
			}
			e.outcomes[i] = &out
			mu.Lock()
			done++
			e.progress.phase("mutants", done, len(e.muts))
			mu.Unlock()
			return nil
		}
	}
	return e.pool(ctx, tasks)
}

// adjudicate decides the reason or witness of every accepted mutant, in plan order, so the
// report does not depend on which sandbox finished first (SPEC §3.5).
func (e *engine) adjudicate(ctx context.Context) error {
	t0 := time.Now()
	defer func() { e.rep.Timings.SuiteMS = time.Since(t0).Milliseconds() }()
	decided := false
	suiteRuns := 0
	for i := range e.rep.Mutants {
		mr := &e.rep.Mutants[i]
		m := e.muts[i]
		mr.Ran = e.stable.Ran(m.Path, m.Line) && !e.unstable[m.Path][m.Line]
		if mr.Status != StatusAccepted {
			continue
		}
		if mr.Equivalence == VerdictEquivalent {
			continue
		}
		switch {
		case e.canary[m.Path] != CanaryKilled:
			// A canary that survived, or could not run: nothing shows the oracle loads this copy.
			mr.Reason = ReasonCanarySurvived
			continue
		case e.covUnavailable(m.Path) != "":
			mr.Reason = ReasonCoverageUnavailable
			continue
		case e.unstable[m.Path][m.Line]:
			mr.Reason = ReasonUnstableReach
			continue
		case !e.executable(m.Path, m.Line):
			// The file has a hit map but it says nothing of this line, which has code (a mutant
			// is on it). The source left it out: a coverage-ignore hint (/* istanbul ignore
			// next */, /* v8 ignore */), or a multi-line statement it credits to another line.
			// That is no evidence the line did not run, so bond abstains on coverage grounds.
			mr.Reason = ReasonCoverageUnavailable
			mr.Note = fmt.Sprintf("the %s coverage records nothing for line %d (a coverage-ignore comment, or a statement it credits to another line); bond cannot tell whether it ran", e.source(m.Path), m.Line)
			continue
		case !mr.Ran:
			mr.Reason = ReasonNotRan
			continue
		}
		if decided && e.o.Adjudicate == AdjudicateFirst {
			mr.Witness = Witness{Kind: WitnessNotAdjudicated}
			continue
		}
		if lines := e.coverageWitness(m, e.outcomes[i]); len(lines) > 0 {
			mr.Witness = Witness{Kind: WitnessCoverage, Lines: lines}
			decided = true
			continue
		}
		if len(e.gatePassed) == 0 {
			mr.Witness = Witness{Kind: WitnessNone}
			continue
		}
		if suiteRuns >= e.o.SuiteCap {
			mr.Witness = Witness{Kind: WitnessNotAdjudicated}
			continue
		}
		suiteRuns++
		e.progress.phase("suite", suiteRuns, min(e.o.SuiteCap, len(e.muts)))
		w, err := e.suiteWitness(ctx, m)
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

// coverageWitness compares the mutant run's hit map with the stable baseline: up to 10 lines,
// other than the mutated line and not unstable, that ran in one and not the other.
func (e *engine) coverageWitness(m plan.Mutant, out *RunOutcome) []LineDiff {
	if out == nil || out.Hits == nil {
		return nil
	}
	var diffs []LineDiff
	paths := make([]string, 0, len(e.stable))
	for p := range e.stable {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		mh, ok := out.Hits[p]
		if !ok {
			continue
		}
		if _, bad := out.Unavailable[p]; bad {
			continue
		}
		base := e.stable[p]
		for _, l := range base.Lines() {
			if p == m.Path && l == m.Line {
				continue
			}
			hm, ok := mh[l]
			if !ok {
				continue
			}
			if hb := base[l]; hb != hm {
				in := "baseline"
				if hm {
					in = "mutant"
				}
				diffs = append(diffs, LineDiff{Path: p, Line: l, In: in})
				if len(diffs) == 10 {
					return diffs
				}
			}
		}
	}
	return diffs
}

// suiteWitness runs the gates that passed on the unmutated tree over the mutant, in order, and
// returns the first that fails.
func (e *engine) suiteWitness(ctx context.Context, m plan.Mutant) (w Witness, err error) {
	var sb *sandbox
	select {
	case sb = <-e.free:
	case <-ctx.Done():
		return w, context.Cause(ctx)
	}
	defer func() { e.free <- sb }()
	src, err := e.tree.bytes(e.tree.file(m.Path))
	if err != nil {
		return w, err
	}
	mutated, err := plan.Apply(src, m)
	if err != nil {
		return w, err
	}
	if err := sb.place(m.Path, mutated); err != nil {
		return w, err
	}
	defer func() {
		if rerr := sb.restore(); rerr != nil && err == nil {
			err = rerr
		}
	}()
	for _, g := range e.gatePassed {
		limit := e.o.Timeout
		if limit == 0 {
			limit = 2*time.Duration(g.DurationMS)*time.Millisecond + timeoutSlack
		}
		res, perr := runProc(ctx, proc.Spec{Cmd: g.Cmd, Dir: sb.root, Env: e.gateEnv, Timeout: limit, Hermetic: e.o.Hermetic})
		out := outcomeOf(res)
		e.record(out, true)
		if perr == nil && out.Status == StatusTimeout && e.o.Timeout == 0 {
			// As for the oracle: a default limit taken from one baseline run must not let a
			// busier machine pass for a witness (which would refuse the patch). Retry once.
			res, perr = runProc(ctx, proc.Spec{Cmd: g.Cmd, Dir: sb.root, Env: e.gateEnv, Timeout: 2 * limit, Hermetic: e.o.Hermetic})
			out = outcomeOf(res)
			e.record(out, true)
		}
		if perr != nil {
			return w, perr
		}
		if out.Status == StatusKilled || out.Status == StatusTimeout {
			return Witness{Kind: WitnessSuite, Gate: g.Name, GateStatus: out.Status, GateExitCode: out.ExitCode,
				GateFailedTest: out.KilledBy, GateOutputTail: proc.Tail(out.Output, tailBytes)}, nil
		}
	}
	return w, nil
}

// cleanup lists what the tests changed in the sandboxes, removes them unless --keep, and checks
// that the user's tree is byte-identical to the start.
func (e *engine) cleanup() error {
	if er, ok := e.runner.(*embeddedRunner); ok {
		er.close()
	}
	if e.tree == nil {
		return nil
	}
	var restoreErr error
	changed := map[string]bool{}
	for _, sb := range e.sbs {
		if sb == nil {
			continue
		}
		if sb.placed != "" {
			if err := sb.restore(); err != nil && restoreErr == nil {
				restoreErr = err
			}
		}
		for _, c := range sb.changes() {
			changed[c] = true
		}
	}
	for c := range changed {
		e.rep.TreeChanges = append(e.rep.TreeChanges, c)
	}
	sort.Strings(e.rep.TreeChanges)
	if e.work != "" && !e.o.Keep {
		if err := os.RemoveAll(e.work); err != nil {
			e.rep.Errors = append(e.rep.Errors, fmt.Sprintf("removing sandboxes in %s: %v", e.work, err))
		}
		e.rep.Run.WorkDir = ""
	}
	if bad := e.tree.verify(); len(bad) > 0 {
		// bond never writes there: another process did, or a test wrote outside its sandbox by
		// absolute path. Either way the run's facts may not describe the tree it started on.
		return fmt.Errorf("the repository changed during the run: %s; certify again on a quiet checkout", strings.Join(bad, ", "))
	}
	return restoreErr
}

// finish derives verdicts and bonds from the recorded facts, and fills the timings.
func (e *engine) finish(doc *VerdictDoc, start time.Time, err error) {
	rep := e.rep
	if doc != nil && rep.Verdicts == nil {
		rep.Verdicts = doc.apply(rep.Mutants)
	}
	if err != nil {
		rep.Errors = append(rep.Errors, err.Error())
	}
	byRegime := map[string][]string{}
	for i := range rep.Mutants {
		mr := &rep.Mutants[i]
		mr.ByRegime = map[string]string{}
		f := FactsOf(*mr)
		for _, r := range Regimes {
			v := Verdict(f, r)
			mr.ByRegime[r] = v
			byRegime[r] = append(byRegime[r], v)
		}
		mr.Verdict = mr.ByRegime[e.o.Regime]
	}
	bonds := map[string]string{}
	for _, r := range Regimes {
		bonds[r] = Bond(byRegime[r], r, e.o.RequireHeld).Verdict
	}
	rep.Bond = Bond(byRegime[e.o.Regime], e.o.Regime, e.o.RequireHeld)
	rep.Bond.ByRegime = bonds
	t := &rep.Timings
	t.TotalMS = e.o.Now().Sub(start).Milliseconds()
	t.OracleMS, t.GatesMS = e.oracleMS, e.gatesMS
	t.RunWallMS = unionMS(e.spans)
}

// unionMS is the wall-clock time during which at least one run was active.
func unionMS(spans [][2]time.Time) int64 {
	if len(spans) == 0 {
		return 0
	}
	s := append([][2]time.Time{}, spans...)
	sort.Slice(s, func(i, j int) bool { return s[i][0].Before(s[j][0]) })
	var total time.Duration
	cur := s[0]
	for _, x := range s[1:] {
		if x[0].After(cur[1]) {
			total += cur[1].Sub(cur[0])
			cur = x
			continue
		}
		if x[1].After(cur[1]) {
			cur[1] = x[1]
		}
	}
	total += cur[1].Sub(cur[0])
	return total.Milliseconds()
}

func indentTail(out string) string {
	t := strings.TrimRight(proc.Tail(out, tailBytes), "\n")
	if t == "" {
		return "    (no output)"
	}
	return "    " + strings.ReplaceAll(t, "\n", "\n    ")
}

// firstNonEmpty returns the first of ss that is not empty.
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
