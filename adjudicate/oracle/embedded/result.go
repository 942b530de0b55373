package embedded

// This file is what one embedded run reports: each test's outcome and the run's.

import (
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
)

// TestResult is one test's outcome. Name is the path of suite and test names joined by " > ".
// A file-level failure (a throw while loading, an error after the tests, a failing hook of a
// suite) is reported as a test named after the file or the suite.
type TestResult struct {
	File       string  // repo-relative test file
	Name       string  // "suite > test"
	Passed     bool    // did not fail (a skipped test counts as passed)
	Skipped    bool    // skipped: not run
	Todo       bool    // a todo test: its failure does not fail the oracle
	Error      string  // the failure, with its stack, when it failed
	DurationMS float64 // wall time
}

// Result is the outcome of one oracle run.
type Result struct {
	// Passed: every test passed (todo tests aside), nothing threw while loading or outside a test,
	// and the run was not stopped.
	Passed         bool
	TimedOut       bool // stopped at the time limit (or because ctx was done)
	MemoryExceeded bool // stopped because the heap grew past Options.MemoryLimit
	Tests          []TestResult
	// Hits is the exact statement coverage of the run, per repository-relative source file.
	Hits coverage.HitMap
	// Output is what the tests printed, their results and failures, in node --test's spirit.
	Output string
	// LoadError is the first throw while loading a test file's bundle (a canary makes one), or a
	// mutant that no longer bundles; empty otherwise.
	LoadError string
	// Unsupported names what Node has and this runtime lacks, when a failure of the run came from
	// it: a global (`global URL`, from a ReferenceError), a built-in required at run time
	// (`require("fs")`), or an API the runtime refuses (`mock.timers`). A baseline that fails
	// with Unsupported set says nothing about the oracle: --runner auto should fall back to node.
	Unsupported string
	// Bailed: the run was asked to bail (RunOptions.Bail) and something failed, so Tests end at
	// the first failure; the tests after it did not run.
	Bailed   bool
	Duration time.Duration
	// Inputs are the files the run's bundles were built from, repo-relative (node_modules
	// included), each with the SHA-256 (hex) of the bytes parsed — an override's where the run
	// had one: what the run saw, for the caller to check against the tree it meant to run. A
	// test file that did not bundle adds nothing.
	Inputs map[string]string
	// Calls are the value trace (value.go): every call the tests made into an export of a
	// module they import from the repository, in call order, file by file. Traced are the test
	// files that ran (whose calls these are, if any); TraceCapped says a file's trace reached
	// its cap and stopped recording.
	Calls       []Call
	Traced      []string
	TraceCapped bool
	// NeighboursSkipped counts the tests' entry calls given no neighbour because an argument or
	// the receiver holds a getter or a Proxy, which copying it would run (neighbours.go).
	NeighboursSkipped int
}

// FailedTest returns the name of the first test that failed, for killed_by: "suite > test", or
// the test file's path when the file failed to load. It is "" when nothing failed.
func (r Result) FailedTest() string {
	for _, t := range r.Tests {
		if !t.Passed && !t.Todo {
			return t.Name
		}
	}
	return ""
}
