package oracle

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/oracle/testresults"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/testrepo"
)

// labRunRepo is a node:test repository: test/a.test.js has a passing and a failing test,
// test/b.test.js one passing test.
func labRunRepo(t *testing.T) string {
	return testrepo.Files(t, map[string]string{
		"src/a.js": "exports.one = () => 1;\nexports.two = () => 2;\n",
		"test/a.test.js": `const { describe, test } = require('node:test');
const assert = require('node:assert');
const a = require('../src/a.js');
describe('a', () => {
  test('one', () => assert.equal(a.one(), 1));
  test('two is three', () => assert.equal(a.two(), 3));
});
`,
		"test/b.test.js": `const { describe, test } = require('node:test');
const assert = require('node:assert');
const a = require('../src/a.js');
describe('b', () => { test('one', () => assert.equal(a.one(), 1)); });
`,
	})
}

// Lab.Run's baseline runs the oracle as certify's baseline does, and its Outcome carries what a
// caller judges: every test by full name, the failures, coverage, the output, the environment
// policy's environment (no token from bond's), and a command that could not start as an error.
func TestLabRunBaseline(t *testing.T) {
	needNode(t)
	t.Setenv("BOND_TEST_SECRET_TOKEN", "leaked")
	for _, tc := range []struct {
		name, cmd, runner string
		oracle            []string
		check             func(t *testing.T, out Outcome, runner, note string)
	}{
		{name: "node files", oracle: []string{"test/a.test.js"}, runner: RunnerNode, check: func(t *testing.T, out Outcome, runner, _ string) {
			if out.Status != report.StatusKilled || runner != RunnerNode {
				t.Fatalf("status %s runner %s (%s)", out.Status, runner, out.Err)
			}
			if got := strings.Join(out.Tests.Failed, "|"); got != "test/a.test.js › a › two is three" {
				t.Errorf("failed %q", got)
			}
			if got := strings.Join(out.Tests.Passed, "|"); got != "test/a.test.js › a › one" || !out.Tests.Listed || out.Tests.Source != "node:test file" {
				t.Errorf("passed %q listed %v source %q", got, out.Tests.Listed, out.Tests.Source)
			}
			if !out.Hits.Ran("src/a.js", 2) {
				t.Errorf("coverage %v does not show src/a.js:2 ran (%v)", out.Hits, out.Unavailable)
			}
			if !strings.Contains(out.Output, "two is three") {
				t.Errorf("the output keeps the spec reporter's lines for people: %q", out.Output)
			}
		}},
		{name: "auto picks embedded", oracle: []string{"test/b.test.js"}, check: func(t *testing.T, out Outcome, runner, _ string) {
			if runner != RunnerEmbedded || out.Tests.Source != "embedded" || strings.Join(out.Tests.Passed, "|") != "test/b.test.js › b › one" {
				t.Errorf("runner %s source %s passed %q; want the embedded runner and the same names", runner, out.Tests.Source, out.Tests.Passed)
			}
			if !out.Hits.Ran("src/a.js", 1) {
				t.Errorf("coverage %v does not show src/a.js:1 ran", out.Hits)
			}
		}},
		{name: "auto falls back on a red baseline", oracle: []string{"test/a.test.js"}, check: func(t *testing.T, out Outcome, runner, note string) {
			// certify's rule: an oracle that fails under the embedded runner is run by the real one.
			if runner != RunnerNode || !strings.Contains(note, "failed under the embedded runner") || strings.Join(out.Tests.Failed, "|") != "test/a.test.js › a › two is three" {
				t.Errorf("runner %s note %q failed %q; want node, the fallback noted, the same failure", runner, note, out.Tests.Failed)
			}
		}},
		{name: "own reporter", cmd: "node --test --test-reporter=tap test/", check: func(t *testing.T, out Outcome, runner, note string) {
			// auto: the embedded runner does not honour a chosen reporter, so the command runs.
			if runner != RunnerCommand || note == "" {
				t.Errorf("runner %s note %q; want the command runner, the reason noted", runner, note)
			}
			if out.Tests.Source != "node:test output" || strings.Join(out.Tests.Failed, "|") != "a › two is three" || out.Tests.Listed {
				t.Errorf("source %q failed %q listed %v", out.Tests.Source, out.Tests.Failed, out.Tests.Listed)
			}
		}},
		{name: "environment", cmd: "env", check: func(t *testing.T, out Outcome, _, _ string) {
			if out.Status != report.StatusAccepted || !strings.Contains(out.Output, "PATH=") || strings.Contains(out.Output, "leaked") {
				t.Errorf("status %s; the oracle must see the environment policy's environment, without tokens:\n%s", out.Status, out.Output)
			}
		}},
		{name: "missing command", cmd: "bond-no-such-command", check: func(t *testing.T, out Outcome, _, _ string) {
			if out.Status == report.StatusAccepted || out.ExitCode == 0 {
				t.Errorf("status %s exit %d, want a failed run", out.Status, out.ExitCode)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			lab, err := Open(ctx, Options{OracleCmd: tc.cmd, Oracle: tc.oracle, Runner: tc.runner, Timeout: time.Minute}, labRunRepo(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer lab.Close()
			out, err := lab.Run(ctx, Scenario{Kind: ScenarioBaseline})
			if err != nil {
				t.Fatal(err)
			}
			name, note := lab.Runner()
			tc.check(t, out, name, note)
		})
	}
}

// A mutant runs in the held sandbox under the limit the baseline derived (certify's rule), and a
// run that passes it is run once more at twice it before it reads as a timeout; the limit is on
// the Outcome. A mutant asked for before the baseline is refused.
func TestLabRunMutantLimit(t *testing.T) {
	needNode(t)
	repo := testrepo.Files(t, map[string]string{
		"src/a.js":       "exports.f = () => 1;\n",
		"test/a.test.js": "const test = require('node:test');\nconst assert = require('node:assert');\nconst { f } = require('../src/a.js');\ntest('f', () => assert.equal(f(), 1));\n",
	})
	ctx := context.Background()
	lab, err := Open(ctx, Options{Oracle: []string{"test/a.test.js"}, Runner: RunnerNode}, repo, []string{"src/a.js"})
	if err != nil {
		t.Fatal(err)
	}
	defer lab.Close()
	err = lab.Hold(ctx, func(sb *Sandbox) error {
		_, err := lab.Run(ctx, Scenario{Kind: ScenarioMutant, Sandbox: sb})
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "before the baseline") {
		t.Fatalf("a mutant before the baseline: %v", err)
	}
	base, err := lab.Run(ctx, Scenario{Kind: ScenarioBaseline})
	if err != nil || base.Status != report.StatusAccepted || base.Limit != DefaultOracleLimit {
		t.Fatalf("baseline: %v, %s, limit %s", err, base.Status, base.Limit)
	}
	mutated := []byte("exports.f = () => { for (;;) {} };\n")
	var out Outcome
	err = lab.Hold(ctx, func(sb *Sandbox) error {
		if err := sb.Place("src/a.js", mutated); err != nil {
			return err
		}
		defer sb.Restore()
		out, err = lab.Run(ctx, Scenario{Kind: ScenarioMutant, Sandbox: sb, Path: "src/a.js", Content: mutated, Coverage: true})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	derived := lab.Lim.Oracle
	if derived < 2*base.Duration+TimeoutSlack || derived > 2*base.Duration+TimeoutSlack+time.Minute {
		t.Errorf("derived limit %s from a baseline run of %s; want twice the slower run plus %s", derived, base.Duration, TimeoutSlack)
	}
	if out.Status != report.StatusTimeout || out.Limit != 2*derived {
		t.Errorf("mutant: %s under a limit of %s; want a timeout after the retry at twice the derived limit %s", out.Status, out.Limit, derived)
	}
}

// A run the user's oracle makes stop at its first failure (its own --bail, or bail in its
// runner's config) is cut short when it fails, and the Outcome names the setting.
func TestUserBail(t *testing.T) {
	tests := []struct {
		name, cmd, file, content, want string
	}{
		{"none", "npx mocha test/", "", "", ""},
		{"mocha --bail", "npx mocha --bail test/", "", "", "passes --bail"},
		{"mocha -b", "mocha -b test/", "", "", "passes -b"},
		{"jest --bail=1", "npx jest --bail=1", "", "", "passes --bail=1"},
		{"jest --bail=0 is off", "npx jest --bail=0", "", "", ""},
		{"a word containing -b", "node --test test/a-b.test.js", "", "", ""},
		{"through the test script", "npm test", "package.json", `{"scripts":{"test":"mocha --bail"}}`, "passes --bail"},
		{"mocharc", "npx mocha", ".mocharc.yml", "spec: test\nbail: true\n", ".mocharc.yml sets bail"},
		{"mocharc off", "npx mocha", ".mocharc.json", `{"bail": false}`, ""},
		{"jest config", "npx jest", "jest.config.js", "module.exports = {\n  bail: 1,\n};\n", "jest.config.js sets bail"},
		{"package.json jest key", "npm test", "package.json", `{"scripts":{"test":"jest"},"jest":{"bail":true}}`, `"jest" key sets bail`},
		{"package.json other bail", "npm test", "package.json", `{"scripts":{"test":"x"},"config":{"bail":true}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.file != "" {
				if err := os.WriteFile(filepath.Join(dir, tt.file), []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got := UserBail(tt.cmd, dir)
			if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
				t.Errorf("userBail(%q) = %q, want %q", tt.cmd, got, tt.want)
			}
		})
	}
}

// testsOf sorts testresults' tests into the face's view: a name that is only a test file failed
// as a whole; only a result file lists every test.
func TestTestsOf(t *testing.T) {
	const a = "test/a.test.js › "
	in := testresults.Results{From: testresults.FromFile, Tests: []testresults.Test{
		{Name: a + "suite one › adds", Status: testresults.Pass},
		{Name: a + "suite one › fails", Status: testresults.Fail},
		{Name: a + "suite one › inner › deep", Status: testresults.Fail},
		{Name: a + "todo one", Status: testresults.Skip},
		{Name: "test/b.test.mjs", Status: testresults.Fail},
		{Name: a + "suite one › fails", Status: testresults.Fail},
	}}
	res := TestsOf(oraclecmd.RunnerNodeTest, in)
	check := func(what string, got []string, want ...string) {
		t.Helper()
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s = %q, want %q", what, got, want)
		}
	}
	check("failed", res.Failed, a+"suite one › fails", a+"suite one › inner › deep")
	check("passed", res.Passed, a+"suite one › adds")
	check("skipped", res.Skipped, a+"todo one")
	check("failed files", res.FailedFiles, "test/b.test.mjs")
	if !res.Listed || res.Source != "node:test file" {
		t.Errorf("listed %v source %q", res.Listed, res.Source)
	}
	if out := TestsOf("jest", testresults.Results{From: testresults.FromOutput}); out.Listed || out.Source != "jest output" {
		t.Errorf("output: listed %v source %q; output text never lists every test", out.Listed, out.Source)
	}
}

// FailedInOutput reads a certify report's output tail with testresults' output reader.
func TestFailedInOutput(t *testing.T) {
	tests := []struct {
		name, out string
		failed    []string
	}{
		{"node tap", "TAP version 13\n# Subtest: suite one\n    # Subtest: fails\n    not ok 1 - fails\n    1..1\nnot ok 1 - suite one\n  ---\n  type: 'suite'\n  ...\n", []string{"suite one › fails"}},
		{"mocha tap", "1..2\nok 1 parse works\nnot ok 2 parse rejects junk\n  expected junk to throw\n", []string{"parse rejects junk"}},
		{"jest", "FAIL test/sum.test.js\n  ● math › adds\n\n    expect(received).toBe(expected)\n", []string{"test/sum.test.js › math › adds"}},
		{"vitest", " FAIL  test/sum.test.ts > math > adds\nAssertionError: expected 1 to be 2\n", []string{"test/sum.test.ts › math › adds"}},
		{"nothing readable", "....X..\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FailedInOutput(tt.out); strings.Join(got, "|") != strings.Join(tt.failed, "|") {
				t.Errorf("got %q, want %q", got, tt.failed)
			}
		})
	}
}

// A Lab's oracle run cannot poison the node_modules its sandbox links: the write lands in the
// run's own layer under copy-on-write, fails where node_modules is read-only, and in detect mode
// stops the run with an input error; the user's install is intact wherever namespaces work.
func TestLabRunProtectsNodeModules(t *testing.T) {
	for _, mode := range []string{"", "detect"} {
		t.Run("mode="+mode, func(t *testing.T) {
			t.Setenv(isolate.ModeVar, mode)
			repo := testrepo.Files(t, map[string]string{"node_modules/dep/index.js": "module.exports = 1;\n"})
			dep := filepath.Join(repo, "node_modules", "dep", "index.js")
			lab, err := Open(context.Background(), Options{OracleCmd: "echo poison >> node_modules/dep/index.js", Timeout: 20 * time.Second}, repo, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer lab.Close()
			_, err = lab.Run(context.Background(), Scenario{Kind: ScenarioBaseline})
			got, _ := os.ReadFile(dep)
			t.Logf("protection: %s", lab.Protection())
			switch lab.Protection() {
			case confine.CopyOnWrite, confine.ReadOnly:
				if err != nil || string(got) != "module.exports = 1;\n" {
					t.Fatalf("%s: err %v, %s = %q; want no error and the install intact", lab.Protection(), err, dep, got)
				}
			default:
				if err == nil || !input.Is(err) {
					t.Fatalf("detect: err %v, want an input error naming %s", err, dep)
				}
			}
		})
	}
}

// Open refuses a tree with a link out of the repository as certify does, with certify's text,
// unless AllowOutsideLinks; a link to a FIFO is refused either way.
func TestLabOutsideLinks(t *testing.T) {
	outside := t.TempDir()
	for _, tc := range []struct {
		name, link, target string
		allow              bool
		want               string
	}{
		{name: "absolute", link: "fixtures/abs", target: outside, want: "point out of the repository: fixtures/abs -> " + outside + "; a test could write through them out of its sandbox. Remove them, or pass --allow-outside-links"},
		{name: "relative", link: "fixtures/up", target: "../../x", want: "fixtures/up -> ../../x"},
		{name: "allowed", link: "fixtures/abs", target: outside, allow: true},
		{name: "inside", link: "fixtures/in", target: "../src"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := testrepo.Files(t, map[string]string{"src/a.js": "1\n", "fixtures/keep": ""})
			if err := os.Symlink(tc.target, filepath.Join(repo, filepath.FromSlash(tc.link))); err != nil {
				t.Fatal(err)
			}
			lab, err := Open(context.Background(), Options{AllowOutsideLinks: tc.allow}, repo, []string{"src/a.js"})
			if lab != nil {
				lab.Close()
			}
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("Open: %v", err)
			case tc.want != "" && (err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("Open: %v; want an input error containing %q", err, tc.want)
			}
		})
	}
}

// A mutant asked to bail stops at its first failing test, one asked without coverage has no hit
// maps, and a failed run under the user's own bail setting is cut short, naming the setting.
func TestLabRunBailCoverageCutShort(t *testing.T) {
	needNode(t)
	repo := testrepo.Files(t, map[string]string{
		"src/a.js": "exports.f = () => 1;\n",
		"test/a.test.js": "const test = require('node:test');\nconst assert = require('node:assert');\nconst { f } = require('../src/a.js');\n" +
			"test('first', () => assert.equal(f(), 1));\ntest('second', () => assert.equal(f() + 1, 2));\n",
		".mocharc.yml": "bail: true\n",
	})
	ctx := context.Background()
	lab, err := Open(ctx, Options{Oracle: []string{"test/a.test.js"}, Runner: RunnerEmbedded, Timeout: time.Minute}, repo, []string{"src/a.js"})
	if err != nil {
		t.Fatal(err)
	}
	defer lab.Close()
	if _, err := lab.Run(ctx, Scenario{Kind: ScenarioBaseline}); err != nil {
		t.Fatal(err)
	}
	if _, err := lab.Run(ctx, Scenario{Kind: ScenarioBaseline}); err == nil {
		t.Error("a second baseline ran; its limits are set once")
	}
	mutated := []byte("exports.f = () => 2;\n")
	for _, tc := range []struct {
		name           string
		bail, coverage bool
		failed         int
	}{
		{"whole run with coverage", false, true, 2},
		{"bail, no coverage", true, false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out Outcome
			err := lab.Hold(ctx, func(sb *Sandbox) (err error) {
				out, err = lab.Run(ctx, Scenario{Kind: ScenarioMutant, Sandbox: sb, Path: "src/a.js", Content: mutated, Bail: tc.bail, Coverage: tc.coverage})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if out.Status != report.StatusKilled || len(out.Tests.Failed) != tc.failed {
				t.Errorf("status %s failed %q, want killed with %d failing", out.Status, out.Tests.Failed, tc.failed)
			}
			if (out.Hits != nil) != tc.coverage {
				t.Errorf("hits %v with coverage %v", out.Hits, tc.coverage)
			}
			if out.CutShort != ".mocharc.yml sets bail" {
				t.Errorf("cut short %q, want the user's setting named", out.CutShort)
			}
		})
	}
}

// Each sandbox the Lab hands over after the baseline has run the unmutated oracle once (its
// control, SPEC §3.2): the baseline's two sandboxes count, a third runs it before its first
// task and only then, and a control that fails is an input error naming the sandbox. The oracle
// counts its runs in the shared TMPDIR and passes only the first allowed ones.
func TestLabControlRun(t *testing.T) {
	tests := []struct {
		name           string
		allowed, tasks int
		wantRuns       int
		wantErr        string
	}{
		{name: "a third sandbox is controlled once", allowed: 3, tasks: 6, wantRuns: 3},
		{name: "a failing control stops the run", allowed: 2, tasks: 3, wantRuns: 3, wantErr: "control run of the unmutated oracle failed in sandbox 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := testrepo.Files(t, map[string]string{"src/a.js": "exports.a = 1;\n"})
			cmd := fmt.Sprintf(`echo run >> "$TMPDIR/runs"; test "$(wc -l < "$TMPDIR/runs")" -le %d`, tt.allowed)
			ctx := context.Background()
			lab, err := Open(ctx, Options{Sandboxes: 3, OracleCmd: cmd, Runner: RunnerNode, Timeout: time.Minute}, repo, []string{"src/a.js"})
			if err != nil {
				t.Fatal(err)
			}
			defer lab.Close()
			if base, err := lab.Run(ctx, Scenario{Kind: ScenarioBaseline}); err != nil || base.Status != report.StatusAccepted {
				t.Fatalf("baseline: %v, %s: %s", err, base.Status, base.Output)
			}
			// The first three tasks wait for each other, so each holds its own sandbox.
			var started atomic.Int32
			all := make(chan struct{})
			err = lab.Each(ctx, tt.tasks, func(ctx context.Context, i int, sb *Sandbox) error {
				if i < 3 {
					if started.Add(1) == 3 {
						close(all)
					}
					select {
					case <-all:
					case <-ctx.Done():
					}
				}
				return nil
			})
			if tt.wantErr == "" && err != nil {
				t.Fatal(err)
			}
			if tt.wantErr != "" && (err == nil || !input.Is(err) || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("got %v, want an input error containing %q", err, tt.wantErr)
			}
			b, err := os.ReadFile(filepath.Join(lab.TempDir(), "runs"))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Count(string(b), "run\n"); got != tt.wantRuns {
				t.Errorf("the oracle ran %d times, want %d: the baseline's pair and one control in the third sandbox", got, tt.wantRuns)
			}
		})
	}
}
