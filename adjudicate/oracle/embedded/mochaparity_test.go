package embedded

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testneed"
)

// Known differences from real mocha, none of which the fixture exercises:
//   - time is virtual: a test past its timeout only by burning CPU passes embedded (mocha reads
//     the wall clock), and which test a timer's late throw lands on can differ, since mocha's
//     hooks wait for real setImmediate turns;
//   - each file runs in its own runtime: a several-file run using .only or root-level hooks, or
//     whose unmutated suite fails that way, is Unsupported (auto falls back); state a file leaves
//     in a shared module for another is not reproduced;
//   - this.retries(n > 0), run() (--delay) and anything the configuration changes beyond spec,
//     extension, recursive, timeout, ui bdd, check-leaks, forbid-only and require of repository
//     files are refused
//     (ReadMochaSetup, unsupportedIn);
//   - a non-zero process.exitCode fails the file, where mocha sets its own exit code;
//   - a --require file runs before each test file, in its runtime, where mocha runs it once
//     per process, and it finds mocha's interface installed, where mocha installs it later (one
//     that calls it, or that exports mochaHooks or a global fixture, is refused by
//     ReadMochaSetup).

// mochaParityDir is the mocha parity fixture: a small library and mocha tests written for
// mocha 10, installed from its committed lockfile.
const mochaParityDir = "testdata/mocha-parity"

// requireMocha returns the fixture's mocha binary; a missing one fails the test under CI (the
// parity table would prove nothing skipped) and skips it elsewhere.
func requireMocha(t *testing.T) string {
	t.Helper()
	requireNode(t)
	bin := filepath.Join(mochaParityDir, "node_modules", ".bin", "mocha")
	if _, err := os.Stat(bin); err != nil {
		testneed.Missing(t, "mocha is not installed in %s; run npm ci there (scripts/test does): the parity test would prove nothing skipped", mochaParityDir)
	}
	return bin
}

// realMocha runs mocha on one file of the fixture with its json reporter and returns the
// status of each test (and failing hook) by name, named as testresults names mocha's tests
// (the suites' titles joined by spaces, " › ", the title), and the first line of each failure.
// A test that passed and then failed (done() called twice) is a failure, as its state says.
func realMocha(t *testing.T, file string, args ...string) (map[string]string, map[string]string) {
	t.Helper()
	requireMocha(t)
	report := filepath.Join(t.TempDir(), "report.json")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join("node_modules", ".bin", "mocha"), append(args, "--reporter", "json", "--reporter-option", "output="+report, file)...)
	cmd.Dir = mochaParityDir
	out, _ := cmd.CombinedOutput() // the fixture fails on purpose; the report says how
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("mocha wrote no report: %v\n%s", err, out)
	}
	type mochaTest struct {
		Title     string `json:"title"`
		FullTitle string `json:"fullTitle"`
		Err       struct {
			Message string `json:"message"`
		} `json:"err"`
	}
	var rep struct {
		Passes, Failures, Pending []mochaTest
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatalf("reading mocha's report: %v", err)
	}
	name := func(m mochaTest) string {
		suites := strings.TrimSuffix(strings.TrimSuffix(m.FullTitle, m.Title), " ")
		if suites == "" {
			return m.Title
		}
		return suites + " › " + m.Title
	}
	got, heads := map[string]string{}, map[string]string{}
	for _, m := range rep.Passes {
		got[name(m)] = "pass"
	}
	for _, m := range rep.Pending {
		got[name(m)] = "skip"
	}
	for _, m := range rep.Failures {
		got[name(m)] = "fail"
		heads[name(m)] = headline(m.Err.Message)
	}
	return got, heads
}

var errorName = regexp.MustCompile(`^\w*Error(?: \[\w+\])?: `)

// TestMochaParity runs each file of the mocha fixture under real mocha 10 and under the
// embedded runner as mocha's suite, and requires the same tests, by name, with the same status,
// and the same first line for each failure (the file's absolute path, which mocha prints in
// timeout and done-twice messages, aside).
func TestMochaParity(t *testing.T) {
	for _, tc := range []struct {
		file string
		args []string
		opts MochaOptions
	}{
		{file: "test/shelf.js"},
		{file: "test/only.js"},
		{file: "test/timing.js"},
		{file: "test/edges.js"},
		{file: "test/leaks.js", args: []string{"--check-leaks"}, opts: MochaOptions{CheckLeaks: true}},
		{file: "test/required.js", args: []string{"--check-leaks", "--require", "test/support/preload"},
			opts: MochaOptions{CheckLeaks: true, Requires: []string{"test/support/preload.js"}}},
	} {
		file := tc.file
		t.Run(file, func(t *testing.T) {
			want, wantHeads := realMocha(t, file, tc.args...)
			if len(want) < 2 {
				t.Fatalf("read only %d tests from mocha's report", len(want))
			}
			r := newRunnerAt(t, mochaParityDir, []string{file}, Options{Framework: FrameworkMocha, Mocha: tc.opts})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			got := embeddedStatuses(res)
			diffStatuses(t, "mocha", want, got)
			abs, _ := filepath.Abs(mochaParityDir)
			for _, tr := range res.Tests {
				if tr.Passed {
					continue
				}
				// mocha's report keeps the message; the embedded runner's error is the stack.
				g := errorName.ReplaceAllString(headline(tr.Error), "")
				g = strings.ReplaceAll(g, filepath.Join(abs, file), file)
				if w := strings.ReplaceAll(wantHeads[tr.Name], filepath.Join(abs, file), file); g != w {
					t.Errorf("%q fails with\n\t%q\nunder mocha with\n\t%q", tr.Name, g, w)
				}
			}
			if t.Failed() {
				t.Logf("embedded output:\n%s", res.Output)
			}
		})
	}
}
