package adjudicate

// This file is the canary: the self-check that the oracle loads each mutated file at all
// (SPEC §3.4), and what its run says.

import (
	"bytes"

	"github.com/bond-tool/bond/adjudicate/report"
)

// canaryOf returns src with a statement that throws on load inserted as a new first line (after a
// shebang line, which must stay first). It throws in scripts and in ES modules alike: import
// declarations are hoisted, but the throw still runs when the module body is evaluated, before
// anything the tests call. Placed before a "use strict" directive it turns that directive into a
// plain expression, which cannot matter: nothing after the throw runs.
func canaryOf(src []byte) []byte {
	nl := "\n"
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		nl = "\r\n"
	}
	stmt := []byte(`throw new Error("bond canary: this file was loaded");` + nl)
	at := 0
	if bytes.HasPrefix(src, []byte("#!")) {
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			at = i + 1
		} else {
			return append(append(append([]byte{}, src...), []byte(nl)...), stmt...)
		}
	}
	out := make([]byte, 0, len(src)+len(stmt))
	out = append(out, src[:at]...)
	out = append(out, stmt...)
	out = append(out, src[at:]...)
	return out
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
