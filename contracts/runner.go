package contracts

// This file is the seam between judging and the engine: the Runner interface (run the oracle
// once in a sandbox, with coverage, and say what failed), and CommandRunner, the implementation
// for a shell command: run in an adjudicate.Sandbox under its Lab's confinement, its per-test
// results read by adjudicate/testresults and its V8 or runner-native coverage by
// adjudicate/coverage.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/adjudicate/testresults"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
)

// Outcome is what one oracle run recorded.
type Outcome struct {
	// Status is completed, could-not-start, timed-out or unreadable; Problem says why when it is
	// not completed.
	Status   RunStatus
	Problem  string
	ExitCode int
	Duration time.Duration
	// Output is the run's combined output (its end).
	Output string
	Tests  TestResults
	// Coverage, when it was asked for; CoverageErr when it could not be read at all.
	Coverage    coverage.Result
	CoverageErr string
}

// RunSpec is one run of the oracle.
type RunSpec struct {
	// Sandbox is where the run happens: a copy of the repository holding the mutated file (if
	// any), which command runners start their process in.
	Sandbox *adjudicate.Sandbox
	// Path and Content are the mutated file as the sandbox holds it (read back after writing),
	// for runners that take files in memory; command runners find it in the Sandbox. Path is ""
	// for the baseline.
	Path    string
	Content []byte
	// Coverage asks for the run's hit map; Timeout bounds the run (0: none).
	Coverage bool
	Timeout  time.Duration
}

// Runner runs the oracle once. It returns an error only when ctx ended or bond itself failed;
// every failure of the oracle is in the Outcome. The restructured adjudicate engine can provide
// one for each of its runners.
type Runner interface {
	Run(ctx context.Context, spec RunSpec) (Outcome, error)
	// Command is what the report records as the oracle.
	Command() string
}

// CommandRunner runs a shell command in a sandbox of Lab (adjudicate.Sandbox.Exec: its own
// process group, the Lab's confinement and environment) with coverage asked for by
// adjudicate/coverage and per-test results asked for and read by adjudicate/testresults: a
// result file from jest, vitest, mocha or node:test where the command lets bond ask for one,
// else the failures its output names.
type CommandRunner struct {
	Cmd string
	// Lab holds the sandboxes the runs get; its TempDir holds each run's own directory.
	Lab *adjudicate.Lab
}

// Command returns the shell command.
func (r *CommandRunner) Command() string { return r.Cmd }

// Run runs the command once at the root of spec's sandbox.
func (r *CommandRunner) Run(ctx context.Context, spec RunSpec) (Outcome, error) {
	dir, withCoverage, timeout := spec.Sandbox.Root(), spec.Coverage, spec.Timeout
	runDir, err := os.MkdirTemp(r.Lab.TempDir(), "run-")
	if err != nil {
		return Outcome{}, fmt.Errorf("making a run directory: %w", err)
	}
	defer os.RemoveAll(runDir)
	cmd := r.Cmd
	var extra []string
	var plan coverage.Plan
	if withCoverage {
		plan, err = coverage.Prepare(cmd, dir, runDir)
		if err != nil {
			return Outcome{}, fmt.Errorf("preparing coverage: %w", err)
		}
		defer plan.Remove()
		cmd = plan.Cmd
		extra = append(extra, plan.Env...)
	}
	req := testresults.Ask(cmd, dir, filepath.Join(runDir, "results"))
	env := append(append(r.Lab.Env(), extra...), joinNodeOptions(req.Env)...)
	// Exec spells sandbox paths in the output repository-relative, and stops the run (an input
	// error) when the oracle changed the install every sandbox shares.
	res, err := spec.Sandbox.Exec(ctx, proc.Spec{Cmd: req.Cmd, Env: env, Timeout: timeout})
	if err != nil {
		return Outcome{}, err
	}
	out := Outcome{ExitCode: res.ExitCode, Duration: res.Duration, Output: res.Output, Status: RunCompleted}
	read, err := req.Read([]byte(out.Output), dir)
	if err != nil {
		return Outcome{}, err
	}
	out.Tests = fromResults(req.Runner, read)
	switch {
	case res.Start != nil:
		out.Status, out.Problem = RunCouldNotStart, res.Start.Error()
	case res.TimedOut:
		out.Status, out.Problem = RunTimedOut, fmt.Sprintf("the run passed its time limit of %s and was killed; which tests would fail is unknown (raise --timeout if the suite is slow)%s", timeout.Round(100*time.Millisecond), seenFailing(out.Tests))
	case res.ExitCode != 0 && len(out.Tests.Failed) == 0 && len(out.Tests.FailedFiles) == 0:
		out.Status, out.Problem = RunUnreadable, fmt.Sprintf("the oracle exited %d but no failing test could be read from it (%s); its output ends: %s", res.ExitCode, out.Tests.how(), oneLine(proc.Tail(out.Output, 300)))
	case res.ExitCode != 0 && bailSetting(r.Cmd, dir) != "":
		out.Status, out.Problem = RunCutShort, fmt.Sprintf("the run was cut short: %s, so the runner stopped at its first failure and the tests after it never ran; turn bail off for the oracle", bailSetting(r.Cmd, dir))
	case res.ExitCode == 0 && (len(out.Tests.Failed) > 0 || len(out.Tests.FailedFiles) > 0):
		out.Status, out.Problem = RunUnreadable, fmt.Sprintf("the oracle exited 0 while reporting failing tests (%s); its results cannot be trusted", strings.Join(append(out.Tests.Failed, out.Tests.FailedFiles...), "; "))
	}
	if withCoverage && out.Status != RunCouldNotStart {
		cr, err := plan.ReadWithOutput(dir, []byte(res.Output))
		if err != nil {
			out.CoverageErr = err.Error()
		} else {
			out.Coverage = cr
		}
	}
	return out, nil
}

// joinNodeOptions returns env with its NODE_OPTIONS joined to the one bond's own environment
// holds (testresults asks node:test for its results there, and the user's NODE_OPTIONS, such as
// --import tsx, must still apply).
func joinNodeOptions(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "NODE_OPTIONS="); ok {
			kv = "NODE_OPTIONS=" + strings.TrimSpace(os.Getenv("NODE_OPTIONS")+" "+v)
		}
		out = append(out, kv)
	}
	return out
}

// seenFailing names, for a run that did not end, the failures it had reported by then: a hint
// (a suite that hangs after failing, such as a server left open), never evidence.
func seenFailing(t TestResults) string {
	failed := append(append([]string{}, t.Failed...), t.FailedFiles...)
	if len(failed) == 0 {
		return ""
	}
	more := ""
	if len(failed) > 3 {
		failed, more = failed[:3], fmt.Sprintf(" and %d more", len(failed)-3)
	}
	return fmt.Sprintf("; before the limit it had reported failing: %s%s (a process left running after the tests, such as an open server, keeps some runners from exiting)", strings.Join(failed, "; "), more)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// DefaultOracle is the command for a contracts file: oracle_cmd as given; `node --test FILE…`
// for oracle; else `npm test` when repo's package.json has a test script, else `node --test`
// (node finds the test files itself).
func DefaultOracle(f *File, repo string) string {
	switch {
	case f.OracleCmd != "":
		return f.OracleCmd
	case len(f.Oracle) > 0:
		q := make([]string, len(f.Oracle))
		for i, o := range f.Oracle {
			q[i] = proc.Quote(o)
		}
		return "node --test " + strings.Join(q, " ")
	}
	if b, err := safefile.Read(filepath.Join(repo, "package.json"), safefile.ConfigMax); err == nil {
		var pkg struct {
			Scripts map[string]string `json:"scripts"`
		}
		if json.Unmarshal(b, &pkg) == nil && strings.TrimSpace(pkg.Scripts["test"]) != "" {
			return "npm test"
		}
	}
	return "node --test"
}
