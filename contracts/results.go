package contracts

// This file is the contracts view of a run's per-test results: adjudicate/testresults reads
// them (a runner's result file, or its output), and this file sorts them into the passed,
// failed and skipped full names and the test files that failed as a whole, which judging reads.

import (
	"regexp"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/testresults"
)

// Sep joins the parts of a full test name: file › suite › test.
const Sep = testresults.Sep

// TestResults are the tests one run reported.
type TestResults struct {
	// Source names how they were read: the runner and where from ("jest file", "mocha output",
	// "node-test file"; "output" when the runner is not one bond knows), or "embedded".
	Source string `json:"source"`
	// Listed says Passed and Skipped are complete (the runner reported every test).
	Listed bool `json:"listed"`
	// Note says why a runner asked for a result file was read from its output instead.
	Note string `json:"note,omitempty"`
	// Full names (file › suite › test), sorted.
	Passed  []string `json:"passed,omitempty"`
	Failed  []string `json:"failed,omitempty"`
	Skipped []string `json:"skipped,omitempty"`
	// FailedFiles are test files that failed as a whole, repository-relative.
	FailedFiles []string `json:"failed_files,omitempty"`
}

// All returns every reported test, sorted.
func (t TestResults) All() []string {
	all := append(append(append([]string{}, t.Passed...), t.Failed...), t.Skipped...)
	sort.Strings(all)
	return all
}

// how says, for a message, how the results were read.
func (t TestResults) how() string {
	s := "per-test results read from " + t.Source
	if t.Note != "" {
		s += "; " + t.Note
	}
	return s + "; bond reads jest, vitest, mocha (json, spec, TAP) and node:test"
}

// testFile matches a name that is only a test file: a file that failed as a whole (it did not
// load), as testresults names it.
var testFile = regexp.MustCompile(`^[^›]*\.[cm]?[jt]sx?$`)

// fromResults sorts what testresults read into a contracts TestResults. Only a result file
// lists every test; output text names the failures.
func fromResults(runner string, r testresults.Results) TestResults {
	src := strings.TrimSpace(runner + " " + string(r.From))
	t := TestResults{Source: src, Listed: r.From == testresults.FromFile, Note: r.Note}
	seen := map[string]bool{}
	for _, x := range r.Tests {
		if seen[string(x.Status)+x.Name] {
			continue
		}
		seen[string(x.Status)+x.Name] = true
		switch {
		case x.Status == testresults.Pass:
			t.Passed = append(t.Passed, x.Name)
		case x.Status == testresults.Skip:
			t.Skipped = append(t.Skipped, x.Name)
		case testFile.MatchString(x.Name):
			t.FailedFiles = append(t.FailedFiles, x.Name)
		default:
			t.Failed = append(t.Failed, x.Name)
		}
	}
	sort.Strings(t.Passed)
	sort.Strings(t.Failed)
	sort.Strings(t.Skipped)
	sort.Strings(t.FailedFiles)
	return t
}

// FailedInOutput returns the failing tests a run's output names (testresults' fallback parser,
// any runner), sorted; for turning a certify report's output tail into fires.
func FailedInOutput(out string) []string {
	var failed []string
	for _, t := range (testresults.Results{Tests: testresults.ParseOutput("", []byte(out), "")}).Failed() {
		failed = append(failed, t.Name)
	}
	sort.Strings(failed)
	return failed
}
