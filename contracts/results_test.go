package contracts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/testresults"
	"github.com/bond-tool/bond/internal/proc"
)

// fromResults sorts testresults' tests into the contracts view: a name that is only a test file
// failed as a whole; only a result file lists every test.
func TestFromResults(t *testing.T) {
	const a = "test/a.test.js › "
	in := testresults.Results{From: testresults.FromFile, Tests: []testresults.Test{
		{Name: a + "suite one › adds", Status: testresults.Pass},
		{Name: a + "suite one › fails", Status: testresults.Fail},
		{Name: a + "suite one › inner › deep", Status: testresults.Fail},
		{Name: a + "todo one", Status: testresults.Skip},
		{Name: "test/b.test.mjs", Status: testresults.Fail},
		{Name: a + "suite one › fails", Status: testresults.Fail},
	}}
	res := fromResults("node-test", in)
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
	if !res.Listed || res.Source != "node-test file" {
		t.Errorf("listed %v source %q", res.Listed, res.Source)
	}
	if out := fromResults("jest", testresults.Results{From: testresults.FromOutput}); out.Listed || out.Source != "jest output" {
		t.Errorf("output: listed %v source %q; output text never lists every test", out.Listed, out.Source)
	}
}

// FailedInOutput reads a certify report's output tail with testresults' fallback parser.
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

// TestCommandRunner runs node:test in a Lab's sandbox with coverage and testresults' reporter,
// in a temporary repository: names are full, a failure is read, coverage has the source file,
// a command that chooses its own reporter falls back to reading the output, and the oracle never
// sees a token from bond's environment.
func TestCommandRunner(t *testing.T) {
	needNode(t)
	dir := t.TempDir()
	write := func(rel, s string) {
		t.Helper()
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/a.js", "exports.one = () => 1;\nexports.two = () => 2;\n")
	write("test/a.test.js", `const { describe, test } = require('node:test');
const assert = require('node:assert');
const a = require('../src/a.js');
describe('a', () => {
  test('one', () => assert.equal(a.one(), 1));
  test('two is three', () => assert.equal(a.two(), 3));
});
`)
	// A token in bond's environment must not reach the oracle: the Lab's environment is the
	// policy's, read when it opens.
	t.Setenv("BOND_TEST_SECRET_TOKEN", "leaked")
	lab, err := adjudicate.OpenLab(context.Background(), adjudicate.LabOptions{}, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer lab.Close()
	run := func(cmd string, coverage bool) (out Outcome, err error) {
		r := &CommandRunner{Cmd: cmd, Lab: lab}
		err = lab.Hold(context.Background(), func(sb *adjudicate.Sandbox) (err error) {
			out, err = r.Run(context.Background(), RunSpec{Sandbox: sb, Coverage: coverage, Timeout: time.Minute})
			return err
		})
		return out, err
	}
	out, err := run("node --test test/", true)
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != RunCompleted || out.ExitCode == 0 {
		t.Fatalf("status %s exit %d (%s)", out.Status, out.ExitCode, out.Problem)
	}
	if got := strings.Join(out.Tests.Failed, "|"); got != "test/a.test.js › a › two is three" {
		t.Errorf("failed %q", got)
	}
	if !out.Coverage.Hits.Ran("src/a.js", 2) {
		t.Errorf("coverage %v does not show src/a.js:2 ran (%s)", out.Coverage.Hits, out.CoverageErr)
	}
	if !strings.Contains(out.Output, "two is three") {
		t.Errorf("the output keeps the spec reporter's lines for people: %q", proc.Tail(out.Output, 200))
	}

	out, err = run("node --test --test-reporter=tap test/", false)
	if err != nil {
		t.Fatal(err)
	}
	if out.Tests.Source != "node-test output" || strings.Join(out.Tests.Failed, "|") != "a › two is three" {
		t.Errorf("own reporter: source %q failed %q", out.Tests.Source, out.Tests.Failed)
	}

	out, err = run("env", false)
	if err != nil || out.ExitCode != 0 || !strings.Contains(out.Output, "PATH=") || strings.Contains(out.Output, "leaked") {
		t.Errorf("env: err %v exit %d; the oracle must see the environment policy's environment, without tokens:\n%s", err, out.ExitCode, out.Output)
	}

	out, err = run("bond-no-such-command", true)
	if err != nil || out.Status != RunCouldNotStart {
		t.Errorf("missing command: %v, status %s", err, out.Status)
	}
}
