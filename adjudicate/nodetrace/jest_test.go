package nodetrace

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
)

// TestJestTrace runs jest 29 on testdata/witness/value-jest with bond's setup file first and the
// project's own after it, in two worker processes: each test file leaves a trace of its own
// (jest's process copy never emits exit), the calls are named by test file, callee and jest's
// test name, the project's setup file still runs, and a test that checks the module's identity,
// jest.isMockFunction and a jest.spyOn of an export passes.
func TestJestTrace(t *testing.T) {
	src, err := filepath.Abs("../../testdata/witness/value-jest/tree")
	if err != nil {
		t.Fatal(err)
	}
	jest := filepath.Join(src, "node_modules", ".bin", "jest")
	if _, err := os.Stat(jest); err != nil {
		testneed.Missing(t, "jest is not installed (%v): run npm ci in %s", err, src)
	}
	tests := []string{"test/pad.test.js", "test/queue.test.js"}
	mods := JestModules(src, tests)
	for _, f := range tests {
		if got := strings.Join(mods[f], ","); got != "src/index.js" {
			t.Errorf("%s requires %q, want src/index.js", f, got)
		}
	}
	run, setup, err := PrepareJest(t.TempDir(), src, tests, mods, JestOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Remove()
	cmd := exec.Command(jest, "--maxWorkers=2", "--ci", "--cacheDirectory="+t.TempDir(), "--setupFilesAfterEnv="+setup, "--setupFilesAfterEnv=<rootDir>/test/setup.js")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jest: %v\n%s", err, out)
	}
	tr := run.Read(nil)
	if tr.Unavailable != "" || tr.Capped {
		t.Fatalf("trace unavailable %q, capped %v", tr.Unavailable, tr.Capped)
	}
	if strings.Join(tr.Files, ",") != strings.Join(tests, ",") {
		t.Errorf("files %v, want %v", tr.Files, tests)
	}
	var got []string
	for _, c := range tr.Calls {
		got = append(got, c.File+" | "+c.Test+" | "+c.Callee+" | "+strings.Join(c.Outcome, " "))
	}
	want := map[string]bool{
		`test/pad.test.js | pad pads to the width | src/index.js#pad | return=str:"007"`:                                                  true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | return=str:"00"`:                                                   true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | return=str:"-0042"`:                                                true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | throw=Error(TypeError: pad: n must be an integer)`:                 true,
		`test/queue.test.js | drain takes items off the front | src/index.js#drain | return=Array(2) return[0]=str:"a" return[1]=str:"b"`: true,
		`test/queue.test.js | drain the module is the same module, and no mock | src/index.js#pad | return=str:"03"`:                      true,
	}
	if len(got) != len(want) {
		t.Errorf("%d calls, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for _, g := range got {
		if !want[g] {
			t.Errorf("unexpected call %s", g)
		}
	}
}
