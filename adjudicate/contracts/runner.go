package contracts

// This file is contracts' reading of one oracle run: the run itself is oracle.Lab.Run's
// (certify's runner choice, runners, per-test results, coverage, time limits and bail reading,
// docs/contracts.md), and this file says whether its tests can be judged and, when not, why.

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
)

// Runner names for Options.RunnerChoice and `--runner`: certify's (SPEC §3.1).
const (
	RunnerNode     = oracle.RunnerNode
	RunnerEmbedded = oracle.RunnerEmbedded
	RunnerAuto     = oracle.RunnerAuto
)

// Sep joins the parts of a full test name: file › suite › test.
const Sep = oracle.Sep

// TestResults are the tests one run reported, by full name (oracle.TestResults).
type TestResults = oracle.TestResults

// runStatus says whether out's tests can be judged (RunCompleted) and, when not, why: the run
// could not start, passed its time limit, failed on what the embedded runtime lacks or at its
// memory limit, did not see the file bond placed (a test rewrote it), failed naming no failing
// test, failed under a bail setting (so the tests after its first failure never ran), or passed
// while reporting failures.
func runStatus(out oracle.Outcome) (RunStatus, string) {
	failing := len(out.Tests.Failed) > 0 || len(out.Tests.FailedFiles) > 0
	switch {
	case out.Status == report.StatusError && out.Unsupported != "":
		return RunUnreadable, fmt.Sprintf("the run failed on what the embedded runtime lacks (%s); use --runner node", out.Unsupported)
	case out.Status == report.StatusError && out.MemoryLimit:
		return RunUnreadable, "the run was stopped at the embedded runner's memory limit; which tests would fail is unknown"
	case out.Status == report.StatusError && out.InputsMismatch:
		return RunUnreadable, out.Err + "; a test changed the file bond placed, so which tests the mutation fails is unknown"
	case out.Status == report.StatusError:
		return RunCouldNotStart, out.Err
	case out.Status == report.StatusTimeout:
		return RunTimedOut, fmt.Sprintf("the run passed its time limit of %s and was stopped; which tests would fail is unknown (raise --timeout if the suite is slow)%s", out.Limit.Round(100*time.Millisecond), seenFailing(out.Tests))
	case out.ExitCode != 0 && !failing:
		return RunUnreadable, fmt.Sprintf("the oracle exited %d but no failing test could be read from it (%s); its output ends: %s", out.ExitCode, how(out.Tests), oneLine(proc.Tail(out.Output, 300)))
	case out.ExitCode != 0 && out.CutShort != "":
		return RunCutShort, fmt.Sprintf("the run was cut short: %s, so the runner stopped at its first failure and the tests after it never ran; turn bail off for the oracle", out.CutShort)
	case out.ExitCode == 0 && failing:
		return RunUnreadable, fmt.Sprintf("the oracle exited 0 while reporting failing tests (%s); its results cannot be trusted", strings.Join(append(append([]string{}, out.Tests.Failed...), out.Tests.FailedFiles...), "; "))
	}
	return RunCompleted, ""
}

// how says, for a message, how a run's results were read.
func how(t TestResults) string {
	s := "per-test results read from " + t.Source
	if t.Note != "" {
		s += "; " + t.Note
	}
	return s + "; bond reads jest, vitest, mocha (json, spec, TAP) and node:test"
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

// defaultOracle is the shell command for a contracts file without oracle files: oracle_cmd as
// given; else `npm test` when repo's package.json has a test script, else `node --test` (node
// finds the test files itself). A file's oracle files are run by the Lab itself (node --test
// FILE…, or the embedded runner), not through this command.
func defaultOracle(f *File, repo string) string {
	if f.OracleCmd != "" {
		return f.OracleCmd
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
