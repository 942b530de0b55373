package contracts

import (
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
)

// runStatus reads a Lab Outcome as judging needs it: only a run whose failing tests are known is
// completed; every other run is named, never a verdict about the tests.
func TestRunStatus(t *testing.T) {
	failing := oracle.TestResults{Source: "node:test file", Listed: true, Failed: []string{"test/a.test.js › fails"}}
	for _, tc := range []struct {
		name   string
		out    oracle.Outcome
		status RunStatus
		says   string
	}{
		{"passed", oracle.Outcome{Status: report.StatusAccepted}, RunCompleted, ""},
		{"failed, named", oracle.Outcome{Status: report.StatusKilled, ExitCode: 1, Tests: failing}, RunCompleted, ""},
		{"could not start", oracle.Outcome{Status: report.StatusError, Err: "exec: sh: not found"}, RunCouldNotStart, "sh: not found"},
		{"embedded lacks", oracle.Outcome{Status: report.StatusError, Unsupported: "module stream"}, RunUnreadable, "lacks (module stream); use --runner node"},
		{"memory limit", oracle.Outcome{Status: report.StatusError, MemoryLimit: true}, RunUnreadable, "memory limit"},
		{"placed file rewritten", oracle.Outcome{Status: report.StatusError, InputsMismatch: true, Err: "the run did not see the patched tree plus its own mutation: src/calc.js has SHA-256 0123456789ab after the run, not the mutation's ba9876543210: the tests rewrote it"}, RunUnreadable, "the tests rewrote it; a test changed the file bond placed"},
		{"timed out", oracle.Outcome{Status: report.StatusTimeout, Limit: 11 * time.Second, Tests: failing}, RunTimedOut, "time limit of 11s and was stopped; which tests would fail is unknown (raise --timeout if the suite is slow); before the limit it had reported failing: test/a.test.js › fails"},
		{"failed, nothing named", oracle.Outcome{Status: report.StatusKilled, ExitCode: 2, Tests: oracle.TestResults{Source: "output"}, Output: "boom\n"}, RunUnreadable, "exited 2 but no failing test could be read from it (per-test results read from output;"},
		{"cut short", oracle.Outcome{Status: report.StatusKilled, ExitCode: 1, Tests: failing, CutShort: "the oracle command passes --bail"}, RunCutShort, "cut short: the oracle command passes --bail"},
		{"passed while failing", oracle.Outcome{Status: report.StatusAccepted, Tests: failing}, RunUnreadable, "exited 0 while reporting failing tests (test/a.test.js › fails)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, says := runStatus(tc.out)
			if status != tc.status || !strings.Contains(says, tc.says) || (tc.says == "") != (says == "") {
				t.Errorf("runStatus = %s %q, want %s containing %q", status, says, tc.status, tc.says)
			}
		})
	}
}
