package oracle

// This file is the embedded runner: the oracle's test files run in goja, in worker processes of
// bond's own (SPEC §3.7, §7).

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
)

// EmbeddedRunner runs the oracle's test files in goja (SPEC §3.7), each run in a worker process
// with a memory limit of its own, so an allocation bomb is that run's error (memory-limit), never
// bond's crash or a neighbour's. The mutated file is handed over in memory, so the sandbox's files
// are not read; coverage is the runner's exact statement probes.
type EmbeddedRunner struct {
	R *embedded.Runner
}

// Name is the runner's name in reports: embedded.
func (e *EmbeddedRunner) Name() string { return RunnerEmbedded }

// Close stops the embedded runner's workers.
func (e *EmbeddedRunner) Close() { e.R.Close() }

// CanBail: a run asked to bail stops at its first failing test (embedded.RunOptions.Bail), so
// its failed tests end there.
func (e *EmbeddedRunner) CanBail() bool { return true }

// FreeCoverage: the instrumented bundle records hits on every run; withCoverage only decides
// whether they are handed back.
func (e *EmbeddedRunner) FreeCoverage() bool { return true }

// TestFiles are the oracle's test files: a run can take any subset of them (runSpec.files), so
// per-test-file reach works as for node --test.
func (e *EmbeddedRunner) TestFiles() []string { return e.R.TestFiles() }

// Run runs s.files of the oracle (all of them when nil), bailing at the first failing test when
// s.bail, with s.ov in memory; the sandbox's files are not read.
func (e *EmbeddedRunner) Run(ctx context.Context, _ *Box, s RunSpec) (RunOutcome, error) {
	ov, withCoverage, timeout := s.Ov, s.Cov, s.Timeout
	var overrides map[string][]byte
	if ov != nil {
		overrides = map[string][]byte{ov.Path: ov.Content}
	}
	began := time.Now()
	res, err := e.R.RunWith(ctx, overrides, timeout, embedded.RunOptions{Files: s.Files, Bail: s.Bail})
	out := RunOutcome{Began: began, Duration: time.Since(began), Output: res.Output, Loaded: res.Inputs, Tests: embeddedTests(res),
		Trace: &CallTrace{Calls: res.Calls, Files: res.Traced, Capped: res.TraceCapped, NeighboursSkipped: res.NeighboursSkipped}}
	if out.Loaded == nil {
		out.Loaded = map[string]string{}
	}
	if ctx.Err() != nil {
		return out, context.Cause(ctx)
	}
	if err != nil {
		out.Status, out.Err, out.ExitCode = report.StatusError, fmt.Errorf("embedded runner: %w", err), -1
		return out, nil
	}
	switch {
	case !res.Passed && res.Unsupported != "":
		// The run failed on something Node has and goja lacks: no evidence about the oracle,
		// so never a kill. The baseline turns this into a fallback (auto) or an input error.
		out.Status, out.ExitCode, out.Unsupported = report.StatusError, -1, res.Unsupported
		out.Err = fmt.Errorf("the embedded runner lacks %s, which this run needed", res.Unsupported)
	case res.MemoryExceeded:
		// Stopped by bond's own memory limit, not by a failing test: an error with its own
		// reason, never a kill (a false held).
		out.Status, out.ExitCode, out.Reason = report.StatusError, -1, report.ReasonMemoryLimit
		out.Err = errors.New("the embedded runner stopped the run: its heap grew past the memory limit")
		out.Output += "\nbond: the run was stopped: its heap grew past the embedded runner's memory limit\n"
	case res.TimedOut:
		out.Status, out.ExitCode = report.StatusTimeout, -1
	case res.Passed:
		out.Status = report.StatusAccepted
	default:
		out.Status, out.ExitCode = report.StatusKilled, 1
		out.Failed = embeddedFailed(res)
		if len(out.Failed) > 0 {
			out.KilledBy = out.Failed[0]
		} else {
			out.KilledBy = res.FailedTest()
		}
	}
	if withCoverage {
		out.Hits = res.Hits
		if out.Hits == nil {
			out.Hits = coverage.HitMap{}
		}
		out.Sources = make(map[string]string, len(res.Hits))
		for p := range res.Hits {
			out.Sources[p] = string(coverage.SourceEmbedded)
		}
		out.Unavailable = map[string]string{}
	}
	return out, nil
}

// newEmbedded prepares the embedded runner over root for files run as eo says (its zero value
// detects their test API).
// For --runner auto, an oracle the embedded runner cannot serve returns (nil, why) so the caller
// falls back to the command runner; for --runner embedded it is an InputError naming the import.
func newEmbedded(root string, files []string, eo embedded.Options, required bool) (OracleRunner, string, error) {
	r, err := embedded.New(root, files, eo)
	if err == nil {
		return &EmbeddedRunner{R: r}, "", nil
	}
	var ue *embedded.UnsupportedError
	if required {
		if errors.As(err, &ue) {
			return nil, "", input.Errorf("--runner embedded cannot run this oracle: %s; use --runner node (or auto, which falls back by itself)", ue.Reason())
		}
		return nil, "", input.Errorf("--runner embedded could not prepare the oracle: %v; use --runner node", err)
	}
	if errors.As(err, &ue) {
		return nil, ue.Reason(), nil
	}
	return nil, err.Error(), nil
}

// embeddedFailed names every failing test of an embedded run as testresults names a command
// runner's ("file › suite › test"), so killed_by and failed_tests read the same whichever runner
// ran the oracle.
func embeddedFailed(res embedded.Result) []string {
	var out []string
	for _, t := range res.Tests {
		if !t.Passed && !t.Todo {
			if t.File == "" || t.Name == t.File {
				// A file that failed to load is its own failure, named by its path as the
				// node runner and node --test name it, not "file › file".
				out = append(out, t.Name)
			} else {
				out = append(out, t.File+" › "+t.Name)
			}
		}
	}
	return out
}
