package adjudicate

// This file is the canary: the self-check that the oracle loads each mutated file at all
// (SPEC §3.4), and what its run says.

import (
	"bytes"
	"sort"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
)

// canaryOf returns src with a statement that throws on load inserted as a new line, and the
// 1-based line the statement is on: the first, or the second after a shebang line, which must stay
// first. It throws in scripts and in ES modules alike: import declarations are hoisted, but the
// throw still runs when the module body is evaluated, before anything the tests call. Placed
// before a "use strict" directive it turns that directive into a plain expression, which cannot
// matter: nothing after the throw runs. The line is what the canary's coverage run is read at
// (canaryCoverage), so the placement rule lives here only.
func canaryOf(src []byte) (out []byte, line int) {
	nl := "\n"
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		nl = "\r\n"
	}
	stmt := []byte(`throw new Error("bond canary: this file was loaded");` + nl)
	at, line := 0, 1
	if bytes.HasPrefix(src, []byte("#!")) {
		line = 2
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			at = i + 1
		} else {
			return append(append(append([]byte{}, src...), []byte(nl)...), stmt...), line
		}
	}
	out = make([]byte, 0, len(src)+len(stmt))
	out = append(out, src[:at]...)
	out = append(out, stmt...)
	out = append(out, src[at:]...)
	return out, line
}

// canaryResult is what a canary run's status says: the oracle loaded the file (killed), did not
// (survived), or could not run.
func canaryResult(status report.Status) string {
	switch status {
	case report.StatusKilled, report.StatusTimeout:
		return report.CanaryKilled
	case report.StatusAccepted:
		return report.CanarySurvived
	default:
		return report.CanaryError
	}
}

// canaryCoverage reads a survived canary's coverage run (out) of path, whose throw is on
// throwLine: the facts CanaryCoverage.Swallowed decides on. A test can catch the error the canary
// throws on load and pass — the oracle then does load the file, and reading its survival as "not
// loaded" would hide the file's accepted mutants (the attack case canary-swallow-hides-accepted).
// The canary's own coverage tells the two apart where the baseline's cannot: caught, the throw
// line ran and nothing after it; not loaded, the file has no hit map; and a copy of the file
// without the canary at the same path (a sandbox that did not place it: the negative control)
// runs the lines after the throw.
func canaryCoverage(out oracle.RunOutcome, path string, throwLine int) *report.CanaryCoverage {
	c := &report.CanaryCoverage{Status: out.Status, ThrowLine: throwLine, DurationMS: out.Duration.Milliseconds()}
	hits, ok := out.Hits[path]
	if !ok {
		c.Note = out.Unavailable[path]
		return c
	}
	c.Recorded = true
	c.ThrowRan = hits[throwLine]
	for line, ran := range hits {
		if ran && line > throwLine {
			c.RanAfter = append(c.RanAfter, line)
		}
	}
	sort.Ints(c.RanAfter)
	return c
}
