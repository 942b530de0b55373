package contracts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/proc"
)

func TestParseReporter(t *testing.T) {
	root := "/sb"
	in := strings.Join([]string{
		`{"file":"/sb/test/a.test.js","path":["suite one","adds"],"pass":true}`,
		`{"file":"/sb/test/a.test.js","path":["suite one","fails"],"pass":false,"failureType":"testCodeFailure"}`,
		`{"file":"/sb/test/a.test.js","path":["suite one","inner","deep"],"pass":false,"failureType":"testCodeFailure"}`,
		`{"file":"/sb/test/a.test.js","path":["suite one","inner"],"pass":false,"failureType":"subtestsFailed"}`,
		`{"file":"/sb/test/a.test.js","path":["suite one"],"pass":false,"failureType":"subtestsFailed"}`,
		`{"file":"/sb/test/a.test.js","path":["todo one"],"pass":false,"todo":true,"failureType":"testCodeFailure"}`,
		`{"file":"/sb/test/a.test.js","path":["skipped"],"pass":true,"skip":true}`,
		`{"file":"file:///sb/test/m.test.mjs","path":["esm"],"pass":true}`,
		`{"file":"/sb/test/b.test.js","path":["/sb/test/b.test.js"],"pass":false,"failureType":"testCodeFailure"}`,
		``,
	}, "\n")
	res, err := parseReporter(strings.NewReader(in), root)
	if err != nil {
		t.Fatal(err)
	}
	const a = "test/a.test.js › "
	check := func(what string, got []string, want ...string) {
		t.Helper()
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s = %q, want %q", what, got, want)
		}
	}
	check("failed", res.Failed, a+"suite one › fails", a+"suite one › inner › deep")
	check("passed", res.Passed, a+"suite one", a+"suite one › adds", a+"suite one › inner", "test/m.test.mjs › esm")
	check("skipped", res.Skipped, a+"skipped", a+"todo one")
	check("failed files", res.FailedFiles, "test/b.test.js")
	if !res.Listed || res.Source != "node-test" {
		t.Errorf("listed %v source %q", res.Listed, res.Source)
	}
	if _, err := parseReporter(strings.NewReader("{not json\n"), root); err == nil {
		t.Error("a malformed line must be an error, not an empty result")
	}
}

func TestParseOutput(t *testing.T) {
	tests := []struct {
		name, out, source string
		failed            []string
	}{
		{"node tap nested", `TAP version 13
# Subtest: suite one
    # Subtest: adds
    ok 1 - adds
    # Subtest: fails
    not ok 2 - fails
      ---
      ...
    # Subtest: inner
        # Subtest: deep fail
        not ok 1 - deep fail
        1..1
    not ok 3 - inner
    1..3
not ok 1 - suite one
# Subtest: todo one
not ok 2 - todo one # TODO
# Subtest: skipped
ok 3 - skipped # SKIP
# Subtest: top fail
not ok 4 - top fail
1..4
`, "tap", []string{"suite one › fails", "suite one › inner › deep fail", "top fail"}},
		{"mocha tap", "1..2\nok 1 parse works\nnot ok 2 parse rejects junk\n", "tap", []string{"parse rejects junk"}},
		{"jest", `FAIL test/sum.test.js
  ● math › adds

    expect(received).toBe(expected)

  ● Console

PASS test/other.test.js
`, "jest", []string{"test/sum.test.js › math › adds"}},
		{"jest, a slow file", "FAIL test/sum.test.js (5.123 s)\n  ● math › adds\n", "jest", []string{"test/sum.test.js › math › adds"}},
		{"vitest", " FAIL  test/sum.test.ts > math > adds\n × test/sum.test.ts > math > adds 3ms\n", "vitest", []string{"test/sum.test.ts › math › adds"}},
		{"nothing readable", "....X..\n", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := parseOutput(tt.out)
			if res.Source != tt.source || strings.Join(res.Failed, "|") != strings.Join(tt.failed, "|") {
				t.Errorf("got %q %q, want %q %q", res.Source, res.Failed, tt.source, tt.failed)
			}
			if res.Listed {
				t.Error("output parsing never lists every test")
			}
		})
	}
}

// TestCommandRunner runs node:test through the injected reporter, with coverage, in a temporary
// repository: names are full, a failure is read, coverage has the source file, and a command
// that chooses its own reporter falls back to reading the output.
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
	r := &CommandRunner{Cmd: "node --test test/", Tmp: t.TempDir()}
	out, err := r.Run(context.Background(), RunSpec{Dir: dir, Coverage: true, Timeout: time.Minute})
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
	if !strings.Contains(out.Output, "not ok") {
		t.Errorf("the output keeps a TAP stream for people: %q", proc.Tail(out.Output, 200))
	}

	own := &CommandRunner{Cmd: "node --test --test-reporter=tap test/", Tmp: t.TempDir()}
	out, err = own.Run(context.Background(), RunSpec{Dir: dir, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if out.Tests.Source != "tap" || strings.Join(out.Tests.Failed, "|") != "a › two is three" {
		t.Errorf("own reporter: source %q failed %q", out.Tests.Source, out.Tests.Failed)
	}

	missing := &CommandRunner{Cmd: "bond-no-such-command", Tmp: t.TempDir()}
	out, err = missing.Run(context.Background(), RunSpec{Dir: dir, Coverage: true, Timeout: time.Minute})
	if err != nil || out.Status != RunCouldNotStart {
		t.Errorf("missing command: %v, status %s", err, out.Status)
	}
}
