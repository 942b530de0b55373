package adjudicate

// This file is how the oracle runs: the runner interface, the command runner (--oracle-cmd and
// node --test), and what a run's exit and output say (SPEC §3.1).

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
)

// runOutcome is what one oracle run did, whatever ran it.
type runOutcome struct {
	// Status is StatusAccepted (exit 0), StatusKilled (non-zero exit), StatusTimeout or
	// StatusError (the harness failed: the command could not start, exit 126/127).
	Status   Status
	ExitCode int
	Began    time.Time
	Duration time.Duration
	Output   string
	// Err says what went wrong when Status is StatusError.
	Err error
	// Reason names an error bond can tell apart (ReasonMemoryLimit), recorded on the mutant.
	Reason Reason
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
}

// override is the one file of a run that differs from the tree: a mutant or a canary.
type override struct {
	Path    string
	Content []byte
}

// runSpec is what one oracle run is asked to do.
type runSpec struct {
	// ov is the file that differs from the tree (nil: the unmutated tree).
	ov *override
	// cov asks for coverage.
	cov bool
	// bail asks the runner to stop at the first failing test, where it can (bail.go).
	bail bool
	// files are the oracle's test files to run (--oracle); nil runs them all. A command oracle
	// (--oracle-cmd) runs as given.
	files []string
	// timeout is the run's time limit.
	timeout time.Duration
}

// oracleRunner runs the oracle once. Command runners run it in the sandbox, where the engine has
// already placed s.ov; in-memory runners (embedded) read s.ov and ignore the sandbox's files.
type oracleRunner interface {
	run(ctx context.Context, sb *sandbox, s runSpec) (runOutcome, error)
	// name is what reports record as the runner.
	name() string
	// canBail reports whether a run asked to bail stops at the first failing test (bail.go).
	canBail() bool
	// testFiles are the oracle's test files when the runner can run any subset of them on its
	// own (runSpec.files), else nil: the seam of per-test-file reach (reach.go).
	testFiles() []string
	// freeCoverage reports whether a run costs the same with coverage as without (the embedded
	// runner's probes are always on): then a mutant's first run keeps its coverage and no second
	// run is needed (cover.go).
	freeCoverage() bool
	// close releases what the runner holds (the embedded runner's esbuild contexts: corpus runs
	// certify many patches in one process).
	close()
}

// coverRun is coverage prepared for one run: the command to run instead (a runner asked for its
// own lcov), extra environment, and how to read the result afterwards.
type coverRun struct {
	Cmd  string
	Env  []string
	Read func(root string, output []byte) (coverage.HitMap, map[string]string, map[string]string, error)
}

// cmdRunner runs a shell command (--oracle-cmd, or node --test FILE… for the node runner).
type cmdRunner struct {
	cmd     string
	files   []string // the node runner's test files; nil for --oracle-cmd
	runner  string
	env     []string          // the allow-list, with Options.Env
	iso     *isolate.Isolator // confines every run
	tmp     string            // where coverage temp dirs go
	prepare func(cmd, root, tmp string) (coverRun, error)
}

func (r *cmdRunner) name() string { return r.runner }

func (r *cmdRunner) close() {}

// canBail: node --test has no bail on Node 20; an oracle command can when withBail knows its
// runner's flag.
// testFiles are the node runner's --oracle files. An --oracle-cmd gives none today: knowing a
// command's test files, and how to run a subset of them, is the oracle-command parser's job
// (adjudicate/oraclecmd, being written); it plugs in here.
func (r *cmdRunner) testFiles() []string {
	if r.runner != RunnerNode {
		return nil
	}
	return r.files
}

func (r *cmdRunner) freeCoverage() bool { return false }

func (r *cmdRunner) canBail() bool { return r.runner == RunnerCommand && withBail(r.cmd) != r.cmd }

func (r *cmdRunner) run(ctx context.Context, sb *sandbox, s runSpec) (runOutcome, error) {
	cmd, env := r.command(s), r.env
	withCoverage, timeout := s.cov, s.timeout
	if !withCoverage {
		cmd = withoutCoverage(cmd)
	}
	var cr coverRun
	var covDir string
	if withCoverage {
		var err error
		covDir, err = os.MkdirTemp(r.tmp, "cov-")
		if err != nil {
			return runOutcome{}, fmt.Errorf("making a coverage directory: %w", err)
		}
		defer os.RemoveAll(covDir)
		cr, err = r.prepare(cmd, sb.root, covDir)
		if err != nil {
			return runOutcome{}, err
		}
		if cr.Cmd != "" {
			cmd = cr.Cmd
		}
		env = append(append([]string{}, env...), cr.Env...)
	}
	cmd, env, ask, err := askResults(cmd, env, sb.root)
	if err != nil {
		return runOutcome{}, err
	}
	res, err := runProc(ctx, proc.Spec{Cmd: cmd, Dir: sb.root, Env: env, Timeout: timeout, Isolation: r.iso})
	out := outcomeOf(res)
	readResults(&out, ask, sb.root)
	if err != nil {
		return out, err
	}
	if withCoverage && cr.Read != nil && out.Status != StatusError {
		hits, src, unavail, rerr := cr.Read(sb.root, []byte(out.Output))
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
func outcomeOf(res proc.Result) runOutcome {
	out := runOutcome{ExitCode: res.ExitCode, Began: res.Began, Duration: res.Duration, Output: res.Output}
	switch {
	case res.Start != nil:
		out.Status, out.Err = StatusError, res.Start
	case res.TimedOut:
		out.Status = StatusTimeout
	case res.ExitCode == 0:
		out.Status = StatusAccepted
	default:
		out.Status = StatusKilled
	}
	return out
}

// command is the shell command of one run: the node runner's `node --test` over s.files (all of
// them when nil), or the oracle command as given; with s.bail, the runner's stop-at-first-failure
// flag where bail.go knows one.
func (r *cmdRunner) command(s runSpec) string {
	cmd := r.cmd
	if r.runner == RunnerNode {
		files := r.files
		if s.files != nil {
			files = s.files
		}
		cmd = nodeTestCmd(files)
	}
	if s.bail {
		cmd = withBail(cmd)
	}
	return cmd
}
