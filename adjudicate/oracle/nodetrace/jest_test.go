package nodetrace

import (
	"encoding/json"
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
	src, err := filepath.Abs("../../../testdata/witness/value-jest/tree")
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

// TestJestNeighboursUncounted runs jest 29 on testdata/witness/value-neighbour-jest with bond's
// setup file asked for neighbours and NODE_V8_COVERAGE set, the test file's own afterAll
// restoring every spy (bond's too) before jest's teardown: the neighbour calls are still made (an
// empty name among them, which only a neighbour sends and which logs a warning after jest froze
// the console, and a process.exit, refused) and recorded with origin neighbour, jest still
// passes, and no V8 profile the run leaves counts a neighbour call: every profile in which
// normalize ran holds its empty-name branch never run.
func TestJestNeighboursUncounted(t *testing.T) {
	// The test file's own afterAll, after bond's, restores every spy: bond's among them.
	jest, src := neighbourJestFixture(t, "\nafterAll(() => {\n  jest.restoreAllMocks();\n});\n")
	tests := []string{"test/oracle.test.js"}
	run, setup, err := PrepareJest(t.TempDir(), src, tests, JestModules(src, tests), JestOptions{Neighbours: true})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Remove()
	v8 := t.TempDir()
	cmd := exec.Command(jest, "--ci", "--cacheDirectory="+t.TempDir(), "--setupFilesAfterEnv="+setup)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "NODE_V8_COVERAGE="+v8)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jest: %v\n%s", err, out)
	}
	tr := run.Read(nil)
	if tr.Unavailable != "" {
		t.Fatalf("trace unavailable: %s", tr.Unavailable)
	}
	emptyName := false
	neighbours := 0
	for _, c := range tr.Calls {
		if c.Origin != "neighbour" {
			continue
		}
		neighbours++
		if c.Callee == "src/index.js#normalize" && strings.Join(c.Args, " ") == `args=Arguments(1) args[0]=str:""` {
			emptyName = true
		}
	}
	if neighbours == 0 || !emptyName {
		t.Fatalf("%d neighbour calls, normalize(\"\") among them: %v", neighbours, emptyName)
	}
	if tr.NeighboursMissed != "" {
		t.Errorf("neighbour calls were made, yet the trace says they were not: %s", tr.NeighboursMissed)
	}
	names, err := filepath.Glob(filepath.Join(v8, "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no V8 profile in %s (%v)", v8, err)
	}
	ran := 0
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var prof struct {
			Result []struct {
				URL       string `json:"url"`
				Functions []struct {
					Name   string `json:"functionName"`
					Ranges []struct {
						Count int `json:"count"`
					} `json:"ranges"`
				} `json:"functions"`
			} `json:"result"`
		}
		if err := json.Unmarshal(b, &prof); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range prof.Result {
			if !strings.HasSuffix(s.URL, "/src/name.js") {
				continue
			}
			for _, f := range s.Functions {
				if f.Name != "normalize" || len(f.Ranges) == 0 || f.Ranges[0].Count == 0 {
					continue
				}
				ran++
				never := false
				for _, r := range f.Ranges[1:] {
					never = never || r.Count == 0
				}
				if !never {
					t.Errorf("%s counts normalize's every block run (%d calls): a neighbour call was counted", filepath.Base(name), f.Ranges[0].Count)
				}
			}
		}
	}
	if ran == 0 {
		t.Errorf("no V8 profile of %d counts a run of normalize", len(names))
	}
}

// TestJestTraceESM runs jest 29 under --experimental-vm-modules on testdata/witness/value-jest-esm
// (a package of type module) with the project's setup file first and bond's, an ES module, last:
// the calls are named by test file, callee and jest's test name, named and default exports are
// wrapped, and the tests that check the module's identity, its exports and the project's setup
// file pass. A test file whose import reassigns an exported binding still reads it live, and a
// CommonJS test file of the same run is traced through jest.mock by the same setup file.
func TestJestTraceESM(t *testing.T) {
	jestRoot, err := filepath.Abs("../../../testdata/witness/value-jest/tree")
	if err != nil {
		t.Fatal(err)
	}
	jest := filepath.Join(jestRoot, "node_modules", ".bin", "jest")
	if _, err := os.Stat(jest); err != nil {
		testneed.Missing(t, "jest is not installed (%v): run npm ci in %s", err, jestRoot)
	}
	src := t.TempDir()
	if out, err := exec.Command("cp", "-r", "../../../testdata/witness/value-jest-esm/tree/.", src).CombinedOutput(); err != nil {
		t.Fatalf("copying the fixture: %v\n%s", err, out)
	}
	if err := os.Symlink(filepath.Join(jestRoot, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	live := `import { count, drained } from '../src/queue.js';

test('an exported binding stays live', () => {
  count(2);
  expect(drained).toBe(2);
});
`
	if err := os.WriteFile(filepath.Join(src, "test", "live.test.js"), []byte(live), 0o644); err != nil {
		t.Fatal(err)
	}
	legacy := map[string]string{
		"src/legacy.cjs":       "module.exports = { twice: (n) => n * 2 };\n",
		"test/legacy.test.cjs": "const { twice } = require('../src/legacy.cjs');\n\ntest('twice doubles', () => {\n  expect(twice(4)).toBe(8);\n});\n",
	}
	for name, text := range legacy {
		if err := os.WriteFile(filepath.Join(src, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []string{"test/legacy.test.cjs", "test/live.test.js", "test/pad.test.js", "test/queue.test.js"}
	mods := JestModules(src, tests)
	run, setup, err := PrepareJest(t.TempDir(), src, tests, mods, JestOptions{ESM: tests[1:]})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Remove()
	if filepath.Ext(setup) != ".mjs" {
		t.Errorf("setup file %s, want an ES module", setup)
	}
	cmd := exec.Command("node", "--experimental-vm-modules", jest, "--maxWorkers=2", "--ci", "--cacheDirectory="+t.TempDir(), "--testMatch=**/test/*.test.{js,cjs}",
		"--setupFilesAfterEnv=<rootDir>/test/setup.js", "--setupFilesAfterEnv="+setup)
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
		`test/legacy.test.cjs | twice doubles | src/legacy.cjs#twice | return=num:8`:                                                                       true,
		`test/live.test.js | an exported binding stays live | src/queue.js#count | return=undefined`:                                                       true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | return=str:"007"`:                                                                   true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | return=str:"00"`:                                                                    true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | return=str:"-0042"`:                                                                 true,
		`test/pad.test.js | pad pads to the width | src/index.js#pad | throw=Error(TypeError: pad: n must be an integer)`:                                  true,
		`test/queue.test.js | drain takes items off the front | src/index.js#drain | return=Array(2) return[0]=str:"a" return[1]=str:"b"`:                  true,
		`test/queue.test.js | drain the module is the same module, with every export, and no mock | src/index.js#default | return=str:"a queue and a pad"`: true,
		`test/queue.test.js | drain the module is the same module, with every export, and no mock | src/index.js#pad | return=str:"03"`:                    true,
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

// TestJestTraceESMStale: an export of an ES-module test file's import that the package reassigns
// outside any recorded call (a timer) cannot be set again in jest's copy of the module in time,
// so the test file may have read it stale: the trace is unavailable, the export named.
func TestJestTraceESMStale(t *testing.T) {
	jestRoot, err := filepath.Abs("../../../testdata/witness/value-jest/tree")
	if err != nil {
		t.Fatal(err)
	}
	jest := filepath.Join(jestRoot, "node_modules", ".bin", "jest")
	if _, err := os.Stat(jest); err != nil {
		testneed.Missing(t, "jest is not installed (%v): run npm ci in %s", err, jestRoot)
	}
	src := t.TempDir()
	files := map[string]string{
		"package.json":       `{"name":"stale","private":true,"type":"module","jest":{"testEnvironment":"node"}}`,
		"src/ready.js":       "export let ready = false;\nexport function start() {\n  setTimeout(() => { ready = true; }, 0);\n}\n",
		"test/ready.test.js": "import { start } from '../src/ready.js';\n\ntest('starts', async () => {\n  start();\n  await new Promise((r) => setTimeout(r, 20));\n});\n",
	}
	for name, text := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(jestRoot, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	tests := []string{"test/ready.test.js"}
	run, setup, err := PrepareJest(t.TempDir(), src, tests, JestModules(src, tests), JestOptions{ESM: tests})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Remove()
	cmd := exec.Command("node", "--experimental-vm-modules", jest, "--ci", "--cacheDirectory="+t.TempDir(), "--setupFilesAfterEnv="+setup)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jest: %v\n%s", err, out)
	}
	tr := run.Read(nil)
	if !strings.Contains(tr.Unavailable, "src/ready.js's export ready, which changed after jest copied it") {
		t.Errorf("unavailable %q, want it to name src/ready.js's export ready", tr.Unavailable)
	}
}

// TestJestNeighboursMissedNamed: a test that fixes Error.prepareStackTrace (so bond cannot
// recognise jest's teardown) stops the neighbour calls for its file; the trace names the file,
// so the report can say the channel went dark rather than count 0 neighbours.
func TestJestNeighboursMissedNamed(t *testing.T) {
	jest, src := neighbourJestFixture(t, "\nafterAll(() => {\n  Object.defineProperty(Error, 'prepareStackTrace', { value: () => 'x', writable: false, configurable: false });\n});\n")
	tests := []string{"test/oracle.test.js"}
	run, setup, err := PrepareJest(t.TempDir(), src, tests, JestModules(src, tests), JestOptions{Neighbours: true})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Remove()
	cmd := exec.Command(jest, "--ci", "--cacheDirectory="+t.TempDir(), "--setupFilesAfterEnv="+setup)
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jest: %v\n%s", err, out)
	}
	tr := run.Read(nil)
	if tr.Unavailable != "" {
		t.Fatalf("trace unavailable: %s", tr.Unavailable)
	}
	for _, c := range tr.Calls {
		if c.Origin == "neighbour" {
			t.Fatalf("a neighbour call was made past a fixed stack formatter: %s", c.Callee)
		}
	}
	if !strings.Contains(tr.NeighboursMissed, "test/oracle.test.js (jest's teardown of the file was not recognised)") {
		t.Errorf("NeighboursMissed %q, want it to name the test file", tr.NeighboursMissed)
	}
}

// neighbourJestFixture copies testdata/witness/value-neighbour-jest's tree to a temporary
// directory, links value-jest's jest install in as its node_modules and appends tail to its test
// file; it returns the jest binary and the copy.
func neighbourJestFixture(t *testing.T, tail string) (jest, src string) {
	t.Helper()
	jestRoot, err := filepath.Abs("../../../testdata/witness/value-jest/tree")
	if err != nil {
		t.Fatal(err)
	}
	jest = filepath.Join(jestRoot, "node_modules", ".bin", "jest")
	if _, err := os.Stat(jest); err != nil {
		testneed.Missing(t, "jest is not installed (%v): run npm ci in %s", err, jestRoot)
	}
	src = t.TempDir()
	if out, err := exec.Command("cp", "-r", "../../../testdata/witness/value-neighbour-jest/tree/.", src).CombinedOutput(); err != nil {
		t.Fatalf("copying the fixture: %v\n%s", err, out)
	}
	if err := os.Symlink(filepath.Join(jestRoot, "node_modules"), filepath.Join(src, "node_modules")); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(src, "test", "oracle.test.js"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(tail); err != nil {
		t.Fatal(err)
	}
	return jest, src
}
