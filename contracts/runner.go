package contracts

// This file is the seam between judging and the engine: the Runner interface (run the oracle
// once in a sandbox directory, with coverage, and say what failed), and CommandRunner, the
// implementation for a shell command with node:test's reporter events and V8 or runner-native
// coverage read by adjudicate/coverage.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
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
	// Dir is the sandbox, a copy of the repository holding the mutated file (if any).
	Dir string
	// Path and Content are the mutated file as the sandbox holds it (read back after writing),
	// for runners that take files in memory; command runners find it in Dir. Path is "" for the
	// baseline.
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

// CommandRunner runs a shell command with sh -c in its own process group. For node:test it
// injects a reporter through NODE_OPTIONS that writes every test's result to a file (unless the
// command chooses its own --test-reporter, which node cannot combine with one from
// NODE_OPTIONS); otherwise failing tests are read from the output (TAP, jest, vitest).
type CommandRunner struct {
	Cmd string
	// Tmp is where per-run directories go; it must exist and its path must have no spaces or
	// quotes for the reporter to be injected. It is the runs' TMPDIR too.
	Tmp string
	// Isolation confines every run (read-only node_modules, no survivors); nil runs the command
	// in its process group only.
	Isolation *isolate.Isolator
}

// Command returns the shell command.
func (r *CommandRunner) Command() string { return r.Cmd }

// Run runs the command once at dir.
func (r *CommandRunner) Run(ctx context.Context, spec RunSpec) (Outcome, error) {
	dir, withCoverage, timeout := spec.Dir, spec.Coverage, spec.Timeout
	runDir, err := os.MkdirTemp(r.Tmp, "run-")
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
	resultsFile := ""
	if !strings.Contains(r.Cmd, "--test-reporter") && !strings.ContainsAny(runDir, " \"'\\") {
		rep := filepath.Join(runDir, "bond-reporter.mjs")
		if err := os.WriteFile(rep, []byte(reporterJS), 0o644); err != nil {
			return Outcome{}, fmt.Errorf("writing the test reporter: %w", err)
		}
		resultsFile = filepath.Join(runDir, "tests.jsonl")
		opts := strings.TrimSpace(os.Getenv("NODE_OPTIONS") + " --test-reporter=" + rep + " --test-reporter-destination=" + resultsFile +
			" --test-reporter=tap --test-reporter-destination=stdout")
		extra = append(extra, "NODE_OPTIONS="+opts)
	}
	env, _ := proc.Env(os.Environ(), isolate.EnvOptions{TMPDIR: r.Tmp}, extra)
	res, err := proc.Run(ctx, proc.Spec{Cmd: cmd, Dir: dir, Env: env, Timeout: timeout, Isolation: r.Isolation})
	if err != nil {
		return Outcome{}, err
	}
	if res.CheckErr != nil {
		return Outcome{}, input.Errorf("after running %q bond could not check the linked node_modules directories for changes (%v); the run stops", cmd, res.CheckErr)
	}
	if len(res.Changed) > 0 {
		return Outcome{}, input.Errorf("%q changed files in a node_modules directory that bond links into every sandbox and that must stay read-only (this host allows no read-only mount, so bond only detects): %s; the run stops. Reinstall your dependencies (npm ci) before trusting them again", cmd, strings.Join(res.Changed, ", "))
	}
	out := Outcome{ExitCode: res.ExitCode, Duration: res.Duration, Output: strings.ReplaceAll(res.Output, strings.TrimSuffix(dir, "/")+"/", ""), Status: RunCompleted}
	out.Tests = readTests(resultsFile, dir, out.Output)
	switch {
	case res.Start != nil:
		out.Status, out.Problem = RunCouldNotStart, res.Start.Error()
	case res.TimedOut:
		out.Status, out.Problem = RunTimedOut, fmt.Sprintf("the run passed its time limit of %s and was killed; which tests would fail is unknown (raise --timeout if the suite is slow)%s", timeout.Round(100*time.Millisecond), seenFailing(out.Tests))
	case res.ExitCode != 0 && len(out.Tests.Failed) == 0 && len(out.Tests.FailedFiles) == 0:
		out.Status, out.Problem = RunUnreadable, fmt.Sprintf("the oracle exited %d but no failing test could be read from it (per-test results: %s; bond reads node:test, TAP such as mocha --reporter tap, jest and vitest); its output ends: %s", res.ExitCode, sourceName(out.Tests.Source), oneLine(proc.Tail(out.Output, 300)))
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

// readTests reads the reporter's file when node wrote one, else the output.
func readTests(resultsFile, dir, output string) TestResults {
	if resultsFile != "" {
		if f, err := os.Open(resultsFile); err == nil {
			defer f.Close()
			if res, err := parseReporter(f, dir); err == nil {
				return res
			}
		}
	}
	return parseOutput(output)
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

func sourceName(s string) string {
	if s == "" {
		return "none could be read"
	}
	return s
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
			q[i] = shellQuote(o)
		}
		return "node --test " + strings.Join(q, " ")
	}
	if b, err := os.ReadFile(filepath.Join(repo, "package.json")); err == nil {
		var pkg struct {
			Scripts map[string]string `json:"scripts"`
		}
		if json.Unmarshal(b, &pkg) == nil && strings.TrimSpace(pkg.Scripts["test"]) != "" {
			return "npm test"
		}
	}
	return "node --test"
}

// shellQuote quotes s for sh when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == '@' || r == '+' || r == ',' || r == ':' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9'))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
