// Package testresults asks a JavaScript test runner (jest, vitest, mocha, node:test) for a
// machine-readable record of each test's outcome beside its usual output, and reads that record,
// or, where the runner could not be asked, its output text, into per-test results: which tests
// failed, by full name, with the first line of their failure message (issue 9 item 7). A kill
// then names the test that caught the mutant, and a suite witness the test that failed.
//
// This file holds the vocabulary: a test's status and result, and ANSI stripping.
package testresults

import (
	"regexp"
	"strings"
)

// Status is one test's outcome.
type Status string

// The statuses. Skip covers every test the runner did not run to an outcome: skipped, pending,
// todo, and node:test's tests cancelled because their parent failed.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Sep joins the parts of a test's full name: file, suites, test.
const Sep = " › "

// Test is one test's result.
type Test struct {
	// Name is the full name: the test file (relative to the run's root when the runner gave an
	// absolute path under it), the enclosing suites and the test's title, joined by Sep. The file
	// is left out where the runner does not name it for every test (node:test's TAP and spec
	// output; mocha's spec reporter). mocha's json reporter joins the suite titles with spaces, so they are one part
	// there ("math nested"), where its spec reporter's output gives them apart.
	Name string `json:"name"`
	// Status is the outcome.
	Status Status `json:"status"`
	// Message is the first line of the failure message, ANSI colour codes stripped; "" unless
	// Status is Fail.
	Message string `json:"message,omitempty"`
}

// From says where a run's results were read.
type From string

// The sources of results.
const (
	// FromFile: the runner's own machine-readable record; every test it ran is listed.
	FromFile From = "file"
	// FromOutput: the run's output text, read by the fallback parser. Failing tests are listed
	// (with whatever passing and skipped tests the output names).
	FromOutput From = "output"
)

// Results is what one run said about its tests.
type Results struct {
	Tests []Test `json:"tests"`
	From  From   `json:"from"`
	// Note says why the runner's record was not used, when it was asked for one and the
	// results come from its output instead ("" otherwise).
	Note string `json:"note,omitempty"`
}

// Failed returns the tests that failed, in the runner's order.
func (r Results) Failed() []Test {
	var out []Test
	for _, t := range r.Tests {
		if t.Status == Fail {
			out = append(out, t)
		}
	}
	return out
}

// ansiRE matches ANSI escape sequences: CSI (colours, cursor moves) and OSC (hyperlinks).
var ansiRE = regexp.MustCompile("\x1b\\[[0-9;?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(?:\x07|\x1b\\\\)")

// StripANSI returns b without ANSI escape sequences, so a run's output tail reads as text.
func StripANSI(b []byte) []byte {
	return ansiRE.ReplaceAll(b, nil)
}

// firstLine returns the first line of msg that holds text, ANSI stripped and trimmed.
func firstLine(msg string) string {
	for _, l := range strings.Split(string(StripANSI([]byte(msg))), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// joinName joins the non-empty parts of a name with Sep.
func joinName(parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, Sep)
}
