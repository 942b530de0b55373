package oracle

// This file is how the oracle runs: the runner interface, the command runner (--oracle-cmd and
// node --test), and what a run's exit and output say (SPEC §3.1).

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/oracle/nodetrace"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
)

// RunOutcome is what one oracle run did, whatever ran it.
type RunOutcome struct {
	// Status is StatusAccepted (exit 0), StatusKilled (non-zero exit), StatusTimeout or
	// StatusError (the harness failed: the command could not start, exit 126/127).
	Status   report.Status
	ExitCode int
	Began    time.Time
	Duration time.Duration
	Output   string
	// Err says what went wrong when Status is StatusError.
	Err error
	// Reason names an error bond can tell apart (ReasonMemoryLimit), recorded on the mutant.
	Reason report.Reason
	// KilledBy is the first failing test's name, where the runner tells.
	KilledBy string
	// Failed names every test that failed, in the runner's order (results.go); ResultsNote says
	// why they were read from the output when the runner's result file was asked for.
	Failed      []string
	ResultsNote string
	// Coverage, when it was asked for.
	Hits coverage.HitMap
	// Sources names, per path of Hits, where its hit map came from (v8, lcov, embedded).
	Sources map[string]string
	// Unavailable names, per path, why it has no hit map.
	Unavailable map[string]string
	// Unsupported names what the embedded runtime lacks when the run failed for that reason
	// (Node has it); such a run says nothing about the oracle.
	Unsupported string
	// Loaded are the files an in-memory runner's run loaded (path → SHA-256 hex), nil for a
	// command runner; Inputs is the record and check of them (inputs.go).
	Loaded map[string]string
	Inputs *report.RunInputs
	// traced says a command runner's run carried the value trace (its hook, setup file or
	// config wrapper), whether or not the trace could be read afterwards.
	traced bool
	// Trace is the run's value trace (value.go), nil for a runner that records none.
	Trace *CallTrace
	// Tests are the tests the run reported, passed and skipped too (results.go, embeddedrun.go):
	// what a Lab's caller judges (labrun.go).
	Tests TestResults
}

// RunSpec is what one oracle run is asked to do.
type RunSpec struct {
	// Ov is the file that differs from the tree (nil: the unmutated tree).
	Ov *Override
	// Cov asks for coverage.
	Cov bool
	// Bail asks the runner to stop at the first failing test, where it can (oraclecmd.WithBail).
	Bail bool
	// Files are the oracle's test files to run (--oracle, the embedded runner's files, or an
	// --oracle-cmd's test-file arguments as written, OracleRunner.TestFiles); nil runs them all.
	Files []string
	// Timeout is the run's time limit.
	Timeout time.Duration
	// Cold keeps the run out of a warm worker (warm.go): the canary, which checks that the
	// runner as every cold run starts it loads the file, and --parity's real-runner runs,
	// which must be the runner as a user runs it.
	Cold bool
	// WithoutTrace leaves the value trace out of a run that asks for coverage: a run whose
	// coverage is read but whose calls are not (the canary's, adjudicate/checks.go), and one of
	// the two runs that tell which of bond's additions breaks an oracle that passes without them
	// (additionBroke).
	WithoutTrace bool
	// withoutCoverage is additionBroke's other run: the trace without coverage.
	withoutCoverage bool
}

// OracleRunner runs the oracle once. Command runners run it in the sandbox, where the engine has
// already placed s.ov; in-memory runners (embedded) read s.ov and ignore the sandbox's files.
type OracleRunner interface {
	Run(ctx context.Context, sb *Box, s RunSpec) (RunOutcome, error)
	// Name is what reports record as the runner.
	Name() string
	// CanBail reports whether a run asked to bail stops at the first failing test
	// (oraclecmd.WithBail).
	CanBail() bool
	// TestFiles are the oracle's test files when the runner can run any subset of them on its
	// own (runSpec.files), else nil: the seam of per-test-file reach (reach.go).
	TestFiles() []string
	// FreeCoverage reports whether a run costs the same with coverage as without (the embedded
	// runner's probes are always on): then a mutant's first run keeps its coverage and no second
	// run is needed (cover.go).
	FreeCoverage() bool
	// Close releases what the runner holds (the embedded runner's esbuild contexts: corpus runs
	// certify many patches in one process).
	Close()
}

// coverRun is coverage prepared for one run: the command to run instead (a runner asked for its
// own lcov), extra environment, and how to read the result afterwards.
type coverRun struct {
	Cmd  string
	Env  []string
	Read func(root string, output []byte) (coverage.HitMap, map[string]string, map[string]string, error)
}

// CmdRunner runs a shell command (--oracle-cmd, or node --test FILE… for the node runner).
type CmdRunner struct {
	Cmd   string
	Files []string // the node runner's test files; for --oracle-cmd, its test-file arguments when it can run a subset of them (subsets), else nil
	// Scripts are package.json's scripts at the root, for oraclecmd.Subset.
	Scripts map[string]string
	// reachNote says why an --oracle-cmd runs whole in every run, when it is a runner invocation
	// bond reads but cannot narrow to some of its test files.
	reachNote string
	Runner    string
	env       []string          // the allow-list, with Options.Env
	iso       *isolate.Isolator // confines every run
	tmp       string            // where coverage temp dirs go
	prepare   func(cmd, root, tmp string) (coverRun, error)
	// Compile is the project's babel compile cache, kept warm per sandbox; nil without one.
	Compile *compileCache
	// neighbours makes the traced runs replay the tests' entry calls with neighbour inputs
	// (Options.ValueNeighbours).
	neighbours bool
	// charCodes are the neighbours' code points from the patch (Options.charCodes).
	charCodes []int
	// numbers are the neighbours' numbers from the patch (Options.numbers).
	numbers []int64
	// sole is the one test file the command names (soleTest), the value trace's test for a
	// run given no test files; "" when it names none or several.
	sole string
	// script is the file the command runs as a plain node script that imports node:test
	// (scriptTest), traced as node --test's one test file; "" otherwise.
	script string
	// conditions are the export conditions the command gives node (traceConditions).
	conditions []string
	// jest is what the value trace under jest needs (jestvalue.go), read once by the first
	// traced run; shared by the runner's copies.
	jest *jestOnce
	// noTrace keeps the value trace out of the runs with coverage (a Lab's runs: lab.go).
	noTrace bool
	// vitest holds what the value trace learns once of the oracle command's vitest.
	vitest *vitestOnce
	// coverageBroken, once set (additionBroke), says why the runs that ask for coverage run
	// without bond's coverage flags: the oracle failed with them and passed without.
	coverageBroken string
	// traceBroken, once set (additionBroke), says why no run carries the value trace: the oracle
	// failed with it and passed without. The value detector names it; coverage is unaffected.
	traceBroken string
	// Warm, under --warm, runs mutants in a long-lived worker (warm.go); nil: every run cold.
	Warm *warmPool
}

// Name is the runner's name in reports: node for --oracle files, command for --oracle-cmd.
func (r *CmdRunner) Name() string { return r.Runner }

// Close stops the runner's warm workers, if --warm started any.
func (r *CmdRunner) Close() {
	if r.Warm != nil {
		r.Warm.Close()
	}
}

// TestFiles are the node runner's --oracle files, or an --oracle-cmd's test-file arguments when
// subsets found it can run any subset of them (jest, vitest, mocha or node --test naming two or
// more existing files, each deletable from the command as written).
func (r *CmdRunner) TestFiles() []string { return r.Files }

// FreeCoverage is false: coverage costs a command run its instrumentation.
func (r *CmdRunner) FreeCoverage() bool { return false }

// CanBail: node --test has no bail on Node 20; an oracle command can when oraclecmd.WithBail
// knows its runner's flag.
func (r *CmdRunner) CanBail() bool { return r.Runner == RunnerCommand && oraclecmd.CanBail(r.Cmd) }

// Run runs the oracle command (or node --test on the oracle files) once in sb as s says.
func (r *CmdRunner) Run(ctx context.Context, sb *Box, s RunSpec) (RunOutcome, error) {
	if r.Warm != nil {
		return r.Warm.run(ctx, r, sb, s)
	}
	return r.runCold(ctx, sb, s)
}

// runCold runs the command once as a process of its own: every run without --warm, and under
// it every run the warm worker does not answer for (warm.go).
func (r *CmdRunner) runCold(ctx context.Context, sb *Box, s RunSpec) (RunOutcome, error) {
	cmd, env := r.Command(s), r.env
	withCoverage, timeout := s.Cov, s.Timeout
	askCoverage := withCoverage && r.coverageBroken == "" && !s.withoutCoverage
	if !askCoverage {
		cmd = oraclecmd.WithoutCoverage(cmd)
	}
	var cr coverRun
	var covDir string
	if askCoverage {
		var err error
		covDir, err = os.MkdirTemp(r.tmp, "cov-")
		if err != nil {
			return RunOutcome{}, fmt.Errorf("making a coverage directory: %w", err)
		}
		defer os.RemoveAll(covDir)
		cr, err = r.prepare(cmd, sb.Root, covDir)
		if err != nil {
			return RunOutcome{}, err
		}
		if cr.Cmd != "" {
			cmd = cr.Cmd
		}
		env = append(append([]string{}, env...), cr.Env...)
	}
	// The runs with coverage are the ones the detectors read: they carry the value trace
	// (cmdvalue.go).
	var tr *nodetrace.Run
	var traceWhy string
	var tests []string
	observed, recorder := false, ""
	if withCoverage && !r.noTrace && !s.WithoutTrace {
		var via string
		tests, via, traceWhy = r.traceable(s)
		observed = tests == nil
		switch {
		case r.traceBroken != "" && traceWhy == "":
			traceWhy = r.traceBroken
		case traceWhy != "":
		case via == string(oraclecmd.RunnerJest):
			// jest lists its test files (jestvalue.go): a run narrowed to some keeps those.
			var err error
			if tr, cmd, recorder, traceWhy, err = r.traceJest(ctx, sb, cmd, tests, timeout); err != nil {
				return RunOutcome{}, err
			}
			if tr != nil {
				defer tr.Remove()
			}
			observed = false
		case via == string(oraclecmd.RunnerVitest):
			// vitest picks its own test files unless the run was narrowed: the files the trace
			// saw run are the run's (vitestvalue.go).
			var err error
			if tr, cmd, traceWhy, err = r.traceVitest(sb, cmd, tests); err != nil {
				return RunOutcome{}, err
			}
			if tr != nil {
				defer tr.Remove()
			}
			recorder = VitestRecorder
		default:
			if via == "script" {
				recorder = scriptRecorder(r.script)
			}
			var err error
			if tr, err = nodetrace.PrepareWith(r.tmp, sb.Root, tests, r.traceEntries(tests, sb.Root), nodetrace.HookOptions{Neighbours: r.neighbours, CharCodes: r.charCodes, Numbers: r.numbers, Sole: r.sole, Conditions: r.conditions}); err != nil {
				return RunOutcome{}, err
			}
			defer tr.Remove()
			env = MergeEnv(env, tr.Env)
		}
	}
	var out RunOutcome
	var err error
	if r.Compile != nil {
		entry, finish, cerr := r.Compile.ForRun(sb)
		if cerr != nil {
			return RunOutcome{}, cerr
		}
		unmutated := sb.Placed == ""
		out, err = r.runOnce(ctx, sb, cmd, append(append([]string{}, env...), entry), withCoverage, cr, timeout)
		finish(unmutated && err == nil && out.Status == report.StatusAccepted)
	} else {
		out, err = r.runOnce(ctx, sb, cmd, env, withCoverage, cr, timeout)
	}
	if withCoverage && !askCoverage && r.coverageBroken != "" && out.Status != report.StatusError {
		out.Unavailable = map[string]string{"*": r.coverageBroken}
	}
	out.traced = tr != nil
	switch {
	case traceWhy != "":
		out.Trace = &CallTrace{Unavailable: traceWhy}
	case tr != nil && err == nil && out.Status != report.StatusError:
		out.Trace = traceOf(tr.Read(EsmTest(sb.Root)), observed)
		out.Trace.Recorder = recorder
	}
	return out, err
}

// runOnce runs cmd once in sb with env and reads what it said: its tests' results and, with
// coverage, its hit maps.
func (r *CmdRunner) runOnce(ctx context.Context, sb *Box, cmd string, env []string, withCoverage bool, cr coverRun, timeout time.Duration) (RunOutcome, error) {
	cmd, env, ask, err := askResults(cmd, env, sb.Root)
	if err != nil {
		return RunOutcome{}, err
	}
	res, err := RunIn(ctx, sb, proc.Spec{Cmd: cmd, Dir: sb.Root, Home: sb.Home, Env: env, Timeout: timeout, Isolation: r.iso})
	out := outcomeOf(res)
	ReadResults(&out, ask, sb.Root)
	if err != nil {
		return out, err
	}
	if withCoverage && cr.Read != nil && out.Status != report.StatusError {
		hits, src, unavail, rerr := cr.Read(sb.Root, []byte(out.Output))
		if rerr != nil {
			// Unreadable coverage is no coverage, named per file by the detectors.
			out.Unavailable = map[string]string{"*": rerr.Error()}
		} else {
			out.Hits, out.Sources, out.Unavailable = hits, src, unavail
		}
	}
	return out, nil
}

// outcomeOf turns a process result into a run outcome.
func outcomeOf(res proc.Result) RunOutcome {
	out := RunOutcome{ExitCode: res.ExitCode, Began: res.Began, Duration: res.Duration, Output: res.Output}
	switch {
	case res.Start != nil:
		out.Status, out.Err = report.StatusError, res.Start
	case res.TimedOut:
		out.Status = report.StatusTimeout
	case res.ExitCode == 0:
		out.Status = report.StatusAccepted
	default:
		out.Status = report.StatusKilled
	}
	return out
}

// Command is the shell command of one run: the node runner's `node --test` over s.files (all of
// them when nil), or the oracle command, narrowed to s.files by oraclecmd.Subset (as given when
// nil, or in the unexpected case Subset cannot narrow a subset of files it narrowed one by one:
// running every file is never wrong, only slower); with s.bail, the runner's
// stop-at-first-failure flag where oraclecmd.WithBail knows one.
func (r *CmdRunner) Command(s RunSpec) string {
	cmd := r.Cmd
	switch {
	case r.Runner == RunnerNode:
		files := r.Files
		if s.Files != nil {
			files = s.Files
		}
		cmd = nodeTestCmd(files)
	case s.Files != nil && r.Files != nil:
		if sub, err := oraclecmd.Subset(r.Cmd, oraclecmd.Options{Scripts: r.Scripts}, s.Files); err == nil {
			cmd = sub
		}
	}
	if s.Bail {
		cmd = oraclecmd.WithBail(cmd)
	}
	return cmd
}

// nodeTestCmd is the command the node runner runs: node --test FILE….
func nodeTestCmd(files []string) string {
	parts := []string{"node", "--test"}
	for _, f := range files {
		parts = append(parts, proc.Quote(f))
	}
	return strings.Join(parts, " ")
}

// newCmdRunner is the command runner of o over root (the first sandbox): node --test over
// o.Oracle, or o.OracleCmd with, when it can run a subset of its test files, those files
// (subsets). conf confines its runs; work is where their coverage goes.
func newCmdRunner(o RunnerOptions, root string, conf *Confinement, work string) *CmdRunner {
	r := &CmdRunner{Cmd: nodeTestCmd(o.Oracle), Files: o.Oracle, Runner: RunnerNode, env: conf.Env, iso: conf.Iso, tmp: work, prepare: prepareCoverage,
		Compile: NewCompileCache(root, work), neighbours: o.ValueNeighbours, charCodes: o.CharCodes, numbers: o.Numbers, jest: &jestOnce{}, vitest: &vitestOnce{}}
	if o.OracleCmd != "" {
		r.Cmd, r.Files, r.Runner = o.OracleCmd, nil, RunnerCommand
		r.Files, r.Scripts, r.reachNote = Subsets(root, o.OracleCmd)
		r.sole = SoleTest(o.OracleCmd, r.Scripts, root)
		r.script = scriptTest(o.OracleCmd, r.Scripts, root)
		r.conditions = traceConditions(o.OracleCmd, r.Scripts)
	}
	return r
}

// Subsets reads an oracle command for per-test-file reach: its test-file arguments when
// oraclecmd can run any subset of them and each names an existing file inside root, with the
// package scripts that reading used; else no files and, when it names two or more test files,
// why the command runs whole in every run (no note for a command with fewer, or one that is no
// runner invocation bond reads: runner choice speaks to that).
func Subsets(root, cmd string) (files []string, scripts map[string]string, note string) {
	if b, err := safefile.Read(filepath.Join(root, "package.json"), safefile.ConfigMax); err == nil {
		scripts, _ = oraclecmd.Scripts(b) // unreadable scripts: Parse refuses what needs them
	}
	const whole = "the oracle command runs whole in every run (no per-test-file reach): "
	opts := oraclecmd.Options{Scripts: scripts}
	if inv, err := oraclecmd.Parse(cmd, opts); err != nil || len(inv.Files) < 2 {
		return nil, scripts, "" // nothing to narrow: no note
	}
	args, err := oraclecmd.FileArgs(cmd, opts)
	if err != nil {
		return nil, scripts, whole + err.Error()
	}
	for _, a := range args {
		p := path.Clean(a)
		if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
			return nil, scripts, whole + fmt.Sprintf("its test-file argument %s is outside the repository", a)
		}
		st, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil || !st.Mode().IsRegular() {
			return nil, scripts, whole + fmt.Sprintf("its argument %s is not a file (a directory, glob or pattern names files bond does not list); name the test files one by one", a)
		}
	}
	return args, scripts, ""
}
