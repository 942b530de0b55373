package embedded

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testneed"
)

// parityDir is the jest/vitest parity fixture: test files written for both runners (*.test.js),
// for jest only (*.jest.js) and for vitest only (*.vitest.js), with the runners installed from
// its committed lockfile.
const parityDir = "testdata/parity"

// runnerReport is the part of jest's --json report (which vitest's json reporter copies) the
// parity test reads.
type runnerReport struct {
	TestResults []struct {
		Name             string `json:"name"`
		AssertionResults []struct {
			AncestorTitles  []string `json:"ancestorTitles"`
			Title           string   `json:"title"`
			Status          string   `json:"status"`
			FailureMessages []string `json:"failureMessages"`
		} `json:"assertionResults"`
	} `json:"testResults"`
}

// fileResults is, per repo-relative test file, the tests in run order with their statuses.
type fileResults map[string][][2]string

// headlines is, per "file: test", the first line of the failure message.
type headlines map[string]string

// headline is a failure's first line without the "Error: " both sides may put before it.
func headline(msg string) string {
	first, _, _ := strings.Cut(msg, "\n")
	return strings.TrimPrefix(first, "Error: ")
}

// realRunner runs the installed jest or vitest on the fixture and reads its JSON report.
func realRunner(t *testing.T, fw Framework) (fileResults, headlines) {
	t.Helper()
	return realRunnerIn(t, fw, parityDir)
}

// realRunnerIn runs the parity fixture's jest or vitest in dir (the fixture, a directory of it
// with its own config, or a copy of one) and reads its JSON report; files are named relative
// to dir.
func realRunnerIn(t *testing.T, fw Framework, dir string) (fileResults, headlines) {
	t.Helper()
	requireNode(t)
	bin, err := filepath.Abs(filepath.Join(parityDir, "node_modules", ".bin", string(fw)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bin); err != nil {
		testneed.Missing(t, "%s is not installed in %s; run npm ci there (scripts/test does): the parity test would prove nothing skipped", fw, parityDir)
	}
	report := filepath.Join(t.TempDir(), "report.json")
	args := []string{"--json", "--outputFile=" + report}
	if fw == FrameworkVitest {
		args = []string{"run", "--allowOnly", "--reporter=json", "--outputFile=" + report}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, _ := cmd.CombinedOutput() // the fixture fails on purpose; the report says how
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("%s wrote no report: %v\n%s", fw, err, out)
	}
	var rep runnerReport
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("reading %s's report: %v", fw, err)
	}
	abs, _ := filepath.Abs(dir)
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	got, heads := fileResults{}, headlines{}
	for _, f := range rep.TestResults {
		rel, _ := filepath.Rel(abs, f.Name)
		rel = filepath.ToSlash(rel)
		got[rel] = nil
		for _, a := range f.AssertionResults {
			status := "skip"
			switch a.Status {
			case "passed":
				status = "pass"
			case "failed":
				status = "fail"
			case "todo":
				status = "todo"
			}
			name := strings.Join(append(a.AncestorTitles, a.Title), " › ")
			got[rel] = append(got[rel], [2]string{name, status})
			if len(a.FailureMessages) > 0 {
				heads[rel+": "+name] = headline(a.FailureMessages[0])
			}
		}
	}
	if len(got) == 0 {
		t.Fatalf("%s ran no test file:\n%s", fw, out)
	}
	return got, heads
}

// embeddedResults runs files under the embedded runner as fw's suite.
func embeddedResults(t *testing.T, fw Framework, files []string) (fileResults, headlines) {
	t.Helper()
	r, err := New(parityDir, files, Options{Framework: fw})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Run(context.Background(), nil, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	got, heads := fileResults{}, headlines{}
	seen := map[string]bool{}
	defer func() {
		for k := range fileLevel {
			if strings.HasPrefix(k, string(fw)+" ") && !seen[k] {
				t.Errorf("the known file-level failure %q is gone; drop it from fileLevel", k)
			}
		}
	}()
	for _, tr := range res.Tests {
		if tr.Name == tr.File {
			seen[string(fw)+" "+tr.File] = true
			// A file-level failure: vitest's "Unhandled error", which its report does not list.
			if fileLevel[string(fw)+" "+tr.File] == "" {
				t.Errorf("%s: unexpected file-level failure under the embedded runner: %s", tr.File, tr.Error)
			}
			continue
		}
		status := "pass"
		switch {
		case tr.Todo:
			status = "todo"
		case tr.Skipped:
			status = "skip"
		case !tr.Passed:
			status = "fail"
		}
		got[tr.File] = append(got[tr.File], [2]string{tr.Name, status})
		if tr.Error != "" {
			heads[tr.File+": "+tr.Name] = headline(tr.Error)
		}
	}
	return got, heads
}

// fileLevel lists the file-level failures the embedded runner reports where the real runner
// fails the run without failing a test, by "runner file".
var fileLevel = map[string]string{
	"vitest test/async.test.js":    "vitest reports an error thrown from a timer as an unhandled error of the run, not of the test",
	"jest test/hookfail.test.js":   "an afterAll that throws fails the file, not a test",
	"vitest test/hookfail.test.js": "an afterAll or beforeAll that throws fails the file, not a test",
}

// knownHeadline lists, by "runner file: test", the failures whose first line differs from the
// real runner's, and why; each must still differ, so the list cannot go stale.
var knownHeadline = map[string]string{
	"vitest test/hooks.test.js: hooks ran in order fails when the order is wrong":   "vitest shortens long values (…(1)); the runtime prints them whole",
	"vitest test/async.test.js: a test that never settles times out":                `vitest 3's message is "STACK_TRACE_ERROR"; the runtime says "Test timed out in 50ms."`,
	"vitest test/hookfail.test.js: a hook that times out › after a hung beforeEach": `vitest 3's message is "STACK_TRACE_ERROR"; the runtime says "Hook timed out in 30ms."`,
}

// TestJestVitestParity runs the parity fixture under real jest 29 and vitest 3 and under the
// embedded runner as each, and requires, file by file, the same tests with the same status and
// the same first failing test (the killed_by a mutant would get); under jest, every failure's
// first line (the matcher hint a user recognises) as jest prints it. vitest's messages are
// chai's ("expected 2 to be 3"); the embedded runner prints jest's for both.
func TestJestVitestParity(t *testing.T) {
	for _, fw := range []Framework{FrameworkJest, FrameworkVitest} {
		t.Run(string(fw), func(t *testing.T) {
			want, wantHeads := realRunner(t, fw)
			var files []string
			for f := range want {
				files = append(files, f)
			}
			got, gotHeads := embeddedResults(t, fw, files)
			// The failure's first line is what a user recognises: jest's matcher hint, vitest's
			// chai sentence.
			for k, w := range wantHeads {
				g, known := gotHeads[k], knownHeadline[string(fw)+" "+k] != ""
				switch {
				case known && g == w:
					t.Errorf("%s: the known difference of its message is gone; drop it from knownHeadline", k)
				case !known && g != w:
					t.Errorf("%s: %s's message begins %q, embedded's %q", k, fw, w, g)
				}
			}
			tests, failing := 0, 0
			for file, w := range want {
				g := got[file]
				ws, gs := map[string]string{}, map[string]string{}
				for _, x := range w {
					ws[x[0]] = x[1]
				}
				for _, x := range g {
					gs[x[0]] = x[1]
				}
				diffStatuses(t, file+": "+string(fw), ws, gs)
				if a, b := firstFailing(w), firstFailing(g); a != b {
					t.Errorf("%s: first failing test (killed_by): %s %q, embedded %q", file, fw, a, b)
				}
				tests += len(w)
				for _, x := range w {
					if x[1] == "fail" {
						failing++
					}
				}
			}
			if tests < 150 || failing < 50 {
				t.Errorf("the table has %d tests, %d failing; it should keep ~180 with both sides covered", tests, failing)
			}
		})
	}
}

func firstFailing(rs [][2]string) string {
	for _, r := range rs {
		if r[1] == "fail" {
			return r[0]
		}
	}
	return ""
}
