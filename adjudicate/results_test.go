package adjudicate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// readResults without a result file reads the output: the deepest failing TAP test first (its
// parents fail with it), jest's failure headings, nothing on a pass; KilledBy only on a kill or
// timeout, the output's colour codes stripped.
func TestReadResultsFromOutput(t *testing.T) {
	tests := []struct {
		name, runner, output string
		status               report.Status
		failed               []string
		killedBy             string
	}{
		{name: "tap nested", output: "TAP version 13\n# Subtest: outer\n    not ok 1 - inner case # took 3ms\nnot ok 1 - outer\n",
			status: report.StatusKilled, failed: []string{"outer › inner case", "outer"}, killedBy: "outer › inner case"},
		{name: "jest heading", runner: "jest", output: "FAIL tests/a.test.js\n  ● Console\n\n    console.log\n  ● parse › rejects bad input\n\n    expect(received)\n",
			status: report.StatusKilled, failed: []string{"tests/a.test.js › parse › rejects bad input"}, killedBy: "tests/a.test.js › parse › rejects bad input"},
		{name: "pass", output: "ok 1 - fine\n", status: report.StatusAccepted},
		{name: "failing tests on an accepted run are listed, not a kill", output: "not ok 1 - flaky\n", status: report.StatusAccepted, failed: []string{"flaky"}},
		{name: "timeout", output: "\x1b[31mnot ok 1 - slow\x1b[39m\n", status: report.StatusTimeout, failed: []string{"slow"}, killedBy: "slow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := oracle.RunOutcome{Status: tt.status, Output: tt.output}
			var ask *oracle.ResultsAsk
			if tt.runner != "" {
				ask = &oracle.ResultsAsk{Req: testresults.Request{Runner: oraclecmd.Runner(tt.runner)}, Dir: t.TempDir()}
			}
			oracle.ReadResults(&out, ask, "/root")
			if !reflect.DeepEqual(out.Failed, tt.failed) || out.KilledBy != tt.killedBy {
				t.Errorf("failed %q killed by %q; want %q, %q", out.Failed, out.KilledBy, tt.failed, tt.killedBy)
			}
			if strings.Contains(out.Output, "\x1b") {
				t.Errorf("output keeps ANSI codes: %q", out.Output)
			}
		})
	}
}

func TestDropMentions(t *testing.T) {
	out := "Tests: 1 failed\nTest results written to: ../../bond-results-123/results\nRan all test suites.\n"
	if got := oracle.DropMentions(out, "bond-results-123"); got != "Tests: 1 failed\nRan all test suites.\n" {
		t.Errorf("dropMentions = %q", got)
	}
}

func TestMergeEnv(t *testing.T) {
	tests := []struct {
		env, add, want []string
	}{
		{env: []string{"A=1"}, add: nil, want: []string{"A=1"}},
		{env: []string{"A=1"}, add: []string{"NODE_OPTIONS=--x"}, want: []string{"A=1", "NODE_OPTIONS=--x"}},
		{env: []string{"NODE_OPTIONS=--a", "B=2"}, add: []string{"NODE_OPTIONS=--x"}, want: []string{"NODE_OPTIONS=--a --x", "B=2"}},
		{env: []string{"NODE_OPTIONS="}, add: []string{"NODE_OPTIONS=--x"}, want: []string{"NODE_OPTIONS=--x"}},
		{env: []string{"C=1"}, add: []string{"C=2"}, want: []string{"C=2"}},
	}
	for _, tt := range tests {
		if got := oracle.MergeEnv(tt.env, tt.add); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("mergeEnv(%q, %q) = %q, want %q", tt.env, tt.add, got, tt.want)
		}
	}
}

// fixtureRepo copies testdata/coverage/<dir> (its node_modules linked, not copied) into a fresh
// git checkout, adds extra files, and returns its root. The fixture's runner must be installed
// (scripts/test runs npm ci in it).
func fixtureRepo(t *testing.T, dir string, extra map[string]string) string {
	t.Helper()
	needNode(t)
	needGit(t)
	src, err := filepath.Abs(filepath.Join("..", "testdata", "coverage", dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(src, "node_modules")); err != nil && dir != "nodetest" && dir != "shapes" {
		t.Fatalf("%s has no node_modules: run npm ci there (scripts/test does)", src)
	}
	dst := t.TempDir()
	if out, err := exec.Command("sh", "-c", `cd "$1" && tar cf - --exclude=./node_modules . | (cd "$2" && tar xf -)`, "sh", src, dst).CombinedOutput(); err != nil {
		t.Fatalf("copying %s: %v\n%s", src, err, out)
	}
	if _, err := os.Stat(filepath.Join(src, "node_modules")); err == nil {
		if err := os.Symlink(filepath.Join(src, "node_modules"), filepath.Join(dst, "node_modules")); err != nil {
			t.Fatal(err)
		}
	}
	extra[".gitignore"] = "node_modules\n"
	for p, c := range extra {
		abs := filepath.Join(dst, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dst
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dst
}

// certifyFiles certifies muts in root with o, the plan's files being the mutants' files.
func certifyFiles(t *testing.T, root string, o Options, muts []plan.Mutant) *report.Report {
	t.Helper()
	o.Plan.Repo = root
	if o.Timeout == 0 {
		o.Timeout = 2 * time.Minute
	}
	// Per-file reach whatever it costs: the tests that check narrowed runs must not depend on how
	// loaded the machine is (TestPerFileReachPaysOrIsDropped tests the cost rule).
	o.alwaysPerFile = true
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]int{}
	var paths []string
	for _, m := range muts {
		if byPath[m.Path] == nil {
			paths = append(paths, m.Path)
		}
		byPath[m.Path] = append(byPath[m.Path], m.Line)
	}
	var front plan.Front
	for _, p := range paths {
		front.Files = append(front.Files, plan.FileInfo{Path: p, Added: byPath[p]})
	}
	rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
	if err != nil {
		t.Fatalf("certify: %v\nerrors %q", err, rep.Errors)
	}
	return rep
}

// TestKilledByEveryRunner: on every runner's fixture, a mutant the oracle kills names the test
// that failed (killed_by and failed_tests, read from the runner's own result file where bond
// could ask for one, else from its output), and no output tail keeps ANSI colour codes or names
// bond's result file (jest prints "Test results written to: …").
func TestKilledByEveryRunner(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dir, cmd, file string
		want           string // killed_by
	}{
		{dir: "jest", cmd: "npx jest", file: "src/sign.js", want: "test/sign.test.js › a positive number is non-negative"},
		{dir: "jest22", cmd: "npx jest --coverage=false test/sign.test.js", file: "src/sign.js", want: "test/sign.test.js › a positive number is non-negative"},
		{dir: "vitest", cmd: "npx vitest run", file: "src/sign.js", want: "test/sign.test.js › a positive number is non-negative"},
		{dir: "vitest", cmd: "FORCE_COLOR=1 npx vitest run --reporter=verbose --outputFile=x.json", file: "src/sign.js", want: "test/sign.test.js › a positive number is non-negative"},
		{dir: "mocha", cmd: "npx mocha test/", file: "src/sign.js", want: "test/sign.test.js › sign › calls a positive number non-negative"},
		{dir: "mocha", cmd: "npx mocha --reporter spec --colors test/", file: "src/sign.js", want: "sign › calls a positive number non-negative"},
		{dir: "nodetest", cmd: "node --test test/sign.test.js", file: "src/sign.js", want: "test/sign.test.js › a positive number is non-negative"},
		{dir: "tsx", cmd: "npm test", file: "src/sign.ts", want: "test/sign.test.ts › a positive number is non-negative"},
	}
	for _, tt := range tests {
		t.Run(tt.dir+"/"+tt.cmd, func(t *testing.T) {
			root := fixtureRepo(t, tt.dir, map[string]string{})
			line := 6
			from, to := "'non-negative'", "'negative'"
			if tt.dir == "tsx" {
				line = 10
			}
			m := mutantAt(t, root, tt.file, line, "replace-string", from, to)
			// The command runner: under auto some of these would run embedded, which names
			// tests itself; this table is about reading each runner's own results.
			rep := certifyFiles(t, root, Options{OracleCmd: tt.cmd, Runner: RunnerNode, Jobs: 1}, []plan.Mutant{m})
			got := rep.Mutants[0]
			if got.Status != report.StatusKilled || got.KilledBy != tt.want {
				t.Errorf("status %s killed_by %q, want killed by %q\nfailed %q note %q\ntail %s", got.Status, got.KilledBy, tt.want, got.FailedTests, got.ResultsNote, got.OutputTail)
			}
			if len(got.FailedTests) != 1 || got.FailedTests[0] != tt.want {
				t.Errorf("failed_tests %q, want [%q]", got.FailedTests, tt.want)
			}
			for _, tail := range []string{got.OutputTail, rep.Baseline.Oracle[0].OutputTail} {
				if strings.Contains(tail, "\x1b") {
					t.Errorf("an output tail keeps ANSI codes: %q", tail)
				}
				if strings.Contains(tail, "/results-") {
					t.Errorf("an output tail names bond's result file: %q", tail)
				}
			}
		})
	}
}

// TestKilledByNodeTestTimeout: a node:test test that times out under the mutant fails (exit 1),
// and the kill names it.
func TestKilledByNodeTestTimeout(t *testing.T) {
	root := fixtureRepo(t, "nodetest", map[string]string{
		"src/settle.js": "function settle(done) {\n  setImmediate(done);\n}\n\nmodule.exports = { settle };\n",
		"test/settle.test.js": `const { test, after } = require('node:test');
const { settle } = require('../src/settle.js');

// Something keeps the event loop busy, so a test that never ends runs into its timeout.
const busy = setInterval(() => {}, 100);
after(() => clearInterval(busy));

test('settles', { timeout: 1000 }, (t, done) => {
  settle(done);
});
`})
	m := mutantAt(t, root, "src/settle.js", 2, "delete-statement", "setImmediate(done);", "")
	rep := certifyFiles(t, root, Options{OracleCmd: "node --test test/settle.test.js", Jobs: 1}, []plan.Mutant{m})
	if got := rep.Mutants[0]; got.Status != report.StatusKilled || got.KilledBy != "test/settle.test.js › settles" {
		t.Errorf("status %s killed_by %q failed %q, want killed by test/settle.test.js › settles\ntail %s", got.Status, got.KilledBy, got.FailedTests, got.OutputTail)
	}
}

// TestSuiteWitnessNamesFailingTest: a mutant the oracle accepts on a line it runs, caught by
// another test of the suite: the suite witness names that test.
func TestSuiteWitnessNamesFailingTest(t *testing.T) {
	root := fixtureRepo(t, "nodetest", map[string]string{
		"test/zero.test.js": `const test = require('node:test');
const assert = require('node:assert');
const { sign } = require('../src/sign.js');

test('zero is non-negative', () => {
  assert.strictEqual(sign(0), 'non-negative');
});
`})
	m := mutantAt(t, root, "src/sign.js", 3, "invert-comparison", "n < 0", "n <= 0")
	rep := certifyFiles(t, root, Options{OracleCmd: "node --test test/sign.test.js", Jobs: 1, Adjudicate: AdjudicateAll,
		Gates: []report.GateSpec{{Name: "unit", Cmd: "node --test test/"}}}, []plan.Mutant{m})
	w := rep.Mutants[0].Witness
	if rep.Mutants[0].Status != report.StatusAccepted || w.Kind != report.WitnessSuite || w.GateFailedTest != "test/zero.test.js › zero is non-negative" {
		t.Errorf("status %s witness %+v, want a suite witness naming zero is non-negative", rep.Mutants[0].Status, w)
	}
}
