package contracts

// This file runs contracts on bond's embedded runner (adjudicate/embedded, SPEC §3.7): the test
// files bundled and run in-process in goja, the mutated file supplied in memory, exact statement
// coverage, and every test's result by name.

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/embedded"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
)

// Runner names for Options and `--runner`.
const (
	RunnerNode     = "node"
	RunnerEmbedded = "embedded"
	RunnerAuto     = "auto"
)

// EmbeddedRunner runs an oracle of test files on the embedded runner.
type EmbeddedRunner struct {
	r     *embedded.Runner
	files []string
}

// NewEmbeddedRunner prepares the test files (relative to root) for embedded runs. An oracle that
// needs what the runtime lacks returns *embedded.UnsupportedError.
func NewEmbeddedRunner(root string, files []string) (*EmbeddedRunner, error) {
	r, err := embedded.New(root, files, embedded.Options{})
	if err != nil {
		return nil, err
	}
	return &EmbeddedRunner{r: r, files: files}, nil
}

// Close releases the bundlers.
func (e *EmbeddedRunner) Close() { e.r.Close() }

// Command names the oracle in the report.
func (e *EmbeddedRunner) Command() string {
	return "embedded: " + strings.Join(e.files, " ")
}

// Run runs the oracle once with spec's file (if any) in memory. spec.Sandbox is not read: the
// embedded runner bundles from the root it was made with (the Lab's read-only copy).
func (e *EmbeddedRunner) Run(ctx context.Context, spec RunSpec) (Outcome, error) {
	var ov map[string][]byte
	if spec.Path != "" {
		ov = map[string][]byte{spec.Path: spec.Content}
	}
	res, err := e.r.Run(ctx, ov, spec.Timeout)
	if err != nil {
		return Outcome{}, err
	}
	if err := context.Cause(ctx); err != nil {
		return Outcome{}, err
	}
	out := Outcome{Status: RunCompleted, Duration: res.Duration, Output: res.Output, Tests: embeddedTests(res)}
	if !res.Passed {
		out.ExitCode = 1
	}
	out.Coverage.Hits = res.Hits
	switch {
	case res.TimedOut:
		out.Status, out.Problem = RunTimedOut, fmt.Sprintf("the run passed its time limit of %s and was stopped; which tests would fail is unknown (raise --timeout if the suite is slow)", spec.Timeout)
	case res.MemoryExceeded:
		out.Status, out.Problem = RunUnreadable, "the run was stopped at the embedded runner's memory limit; which tests would fail is unknown"
	case res.Unsupported != "" && !res.Passed:
		out.Status, out.Problem = RunUnreadable, fmt.Sprintf("the run failed on what the embedded runtime lacks (%s); use --runner node", res.Unsupported)
	case !res.Passed && len(out.Tests.Failed) == 0 && len(out.Tests.FailedFiles) == 0:
		out.Status, out.Problem = RunUnreadable, "the embedded run failed but no test did: "+oneLine(res.LoadError+" "+proc.Tail(res.Output, 300))
	}
	return out, nil
}

// embeddedTests turns the runner's per-test results into full names (file › suite › test). A
// result named after its file is the file failing as a whole; todo tests count as skipped.
func embeddedTests(res embedded.Result) TestResults {
	t := TestResults{Source: "embedded", Listed: true}
	for _, r := range res.Tests {
		if r.Name == r.File {
			if !r.Passed {
				t.FailedFiles = append(t.FailedFiles, r.File)
			}
			continue
		}
		name := r.File + Sep + strings.ReplaceAll(r.Name, " > ", Sep)
		switch {
		case r.Skipped || r.Todo:
			t.Skipped = append(t.Skipped, name)
		case r.Passed:
			t.Passed = append(t.Passed, name)
		default:
			t.Failed = append(t.Failed, name)
		}
	}
	sort.Strings(t.Passed)
	sort.Strings(t.Failed)
	sort.Strings(t.Skipped)
	sort.Strings(t.FailedFiles)
	return t
}

// chooseRunner returns the runner for f (in repo) under the --runner choice: a CommandRunner in
// lab's sandboxes for oracle_cmd or the default oracle, and for oracle files node --test (node),
// the embedded runner (embedded; exit 2 when it cannot serve) or the embedded runner where it can
// serve, else node (auto). The embedded runner bundles from lab's read-only copy, never from the
// repository nor a sandbox a mutation is placed in. close releases what it holds.
func chooseRunner(choice string, f *File, repo string, lab *adjudicate.Lab) (r Runner, close func(), err error) {
	cmd := &CommandRunner{Cmd: DefaultOracle(f, repo), Lab: lab}
	switch choice {
	case "", RunnerNode:
		return cmd, func() {}, nil
	case RunnerEmbedded, RunnerAuto:
	default:
		return nil, nil, input.Errorf("--runner %q: use node, embedded or auto", choice)
	}
	if len(f.Oracle) == 0 {
		if choice == RunnerEmbedded {
			return nil, nil, input.Errorf("--runner embedded runs test files: give oracle = [\"test/…\"] in %s instead of oracle_cmd", f.Path)
		}
		return cmd, func() {}, nil
	}
	root, err := lab.ReadOnlyCopy()
	if err != nil {
		return nil, nil, fmt.Errorf("copying the repository for the embedded runner: %w", err)
	}
	e, err := NewEmbeddedRunner(root, f.Oracle)
	var ue *embedded.UnsupportedError
	switch {
	case err == nil:
		return e, e.Close, nil
	case choice == RunnerAuto && errors.As(err, &ue):
		return cmd, func() {}, nil
	case errors.As(err, &ue):
		return nil, nil, input.Errorf("--runner embedded: %v; use --runner node", err)
	}
	return nil, nil, input.Errorf("--runner %s: %v", choice, err)
}
