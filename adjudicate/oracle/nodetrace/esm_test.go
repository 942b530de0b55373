package nodetrace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
)

// TestHookESM runs ES-module test files (testdata/esm) under the hook: each import of a
// repository module is handed a wrapper whose calls are recorded as a CommonJS module's would be
// (same callee names, same serializer), while the tests' own assertions — a live binding the
// package reassigns, a default export, `export *` of a module that imports the first back, a
// CommonJS module's default import, a dynamic import — hold as without the hook (node --test
// fails the run otherwise). A test file that imports nothing of the package still counts as
// traced, and a call the package makes into itself is not recorded.
func TestHookESM(t *testing.T) {
	tests := []string{"test/a.test.js", "test/none.test.js"}
	tr := runHookAt(t, "testdata/esm", tests, tests, "--test", "test/a.test.js", "test/none.test.js")
	if tr.Unavailable != "" || tr.Capped {
		t.Fatalf("trace unavailable %q capped %v", tr.Unavailable, tr.Capped)
	}
	calls := byCallee(tr.Calls)
	want := []struct {
		callee  string
		n       int    // how many calls
		outcome string // a line of the first call's outcome
	}{
		{"src/a.js#inc", 1, "return=num:1"}, // viaInc's own call of inc is inside the package
		{"src/a.js#viaInc", 1, "return=num:2"},
		{"src/a.js#default", 1, `return=str:"d"`},
		{"src/a.js#obj.hi", 1, "return=num:2"},
		{"new src/a.js#K", 1, "return.n=num:3"},
		{"src/c.cjs#add", 1, "return=num:3"},
		{"src/late.js#later", 2, "resolved=num:7"},
	}
	for _, w := range want {
		cs := calls[w.callee]
		if len(cs) != w.n {
			t.Errorf("%s: %d calls, want %d (all: %v)", w.callee, len(cs), w.n, keys(calls))
			continue
		}
		if cs[0].File != "test/a.test.js" || !strings.Contains(strings.Join(cs[0].Outcome, "\n"), w.outcome) {
			t.Errorf("%s: file %s outcome %v, want %q", w.callee, cs[0].File, cs[0].Outcome, w.outcome)
		}
	}
	if cs := calls["src/late.js#later"]; len(cs) == 2 && (len(cs[1].Outcome) == 0 || cs[1].Outcome[0] != "rejected=Error(Error: late)") {
		t.Errorf("later(false): %v, want rejected", cs[1].Outcome)
	}
	if len(tr.Calls) != 8 {
		t.Errorf("%d calls recorded, want 8: %v", len(tr.Calls), keys(calls))
	}
}

// TestHookESMUnlisted: when bond cannot name the test files (the runner finds its own), it lists
// no export names before the run, so an ES-module test file's imports cannot be wrapped: the
// trace says which import and why, never reads as zero calls, and the test runs as without it.
func TestHookESMUnlisted(t *testing.T) {
	tr := runHookAt(t, "testdata/esm", nil, nil, "--test", "test/")
	if !strings.Contains(tr.Unavailable, "the test file test/a.test.js imports src/a.js, whose exports bond did not list") {
		t.Errorf("unavailable %q, want it to name the import left unwrapped", tr.Unavailable)
	}
	if len(tr.Calls) != 0 {
		t.Errorf("%d calls recorded, want none", len(tr.Calls))
	}
	// src/c.cjs, which the test imports and which requires src/d.cjs, is no test file: the
	// ES-module hooks, which saw it imported by one, say so to the CommonJS hook.
	for _, f := range tr.Files {
		if f == "src/c.cjs" {
			t.Errorf("files %v: a CommonJS module imported by a test file read as a test file", tr.Files)
		}
	}
}

// TestHookCommonJSUnchanged: a suite of CommonJS test files gets no ES-module hooks at all
// (esmModules finds no ES-module import), so it runs exactly as before them.
func TestHookCommonJSUnchanged(t *testing.T) {
	abs := func(p string) string {
		a, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	mods, _, esm := esmModules(abs("testdata/repo"), []string{"test/lib.test.js", "test/many.test.js"}, map[string]bool{}, nil)
	if esm || len(mods) != 0 {
		t.Errorf("esm %v modules %v, want none for CommonJS test files", esm, mods)
	}
	mods, imports, esm := esmModules(abs("testdata/esm"), []string{"test/a.test.js"}, map[string]bool{"test/a.test.js": true}, nil)
	if !esm {
		t.Fatal("no ES-module import found in testdata/esm's test")
	}
	got := map[string]string{}
	for m, info := range mods {
		got[m] = strings.Join(info.Names, ",")
		if info.CJS {
			got[m] = "cjs"
		}
	}
	want := map[string]string{"src/a.js": "K,count,default,inc,obj,viaInc", "src/c.cjs": "cjs", "src/late.js": "later"}
	// late.js is imported with import(), which may not run: only the static imports are checked.
	if got := strings.Join(imports["test/a.test.js"], ","); got != "src/a.js,src/c.cjs" {
		t.Errorf("static imports %q, want src/a.js,src/c.cjs", got)
	}
	for m, w := range want {
		if got[m] != w {
			t.Errorf("%s: %q, want %q (all %v)", m, got[m], w, got)
		}
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestHookTestNames: under node:test a recorded call names no test, for an ES-module and a
// CommonJS test file alike: the copy of node:test that would name them (names.cjs) made
// node:test report the hook as each test's location and put the hook's frames in failing tests'
// stacks, so it is not handed out (mocha's names come from its runner's events, which change
// nothing the tests see: TestValueWitnessRunners).
func TestHookTestNames(t *testing.T) {
	tests := []struct {
		dir, file, callee string
	}{
		{"testdata/esm", "test/names.test.js", "src/a.js#obj.hi"},
		{"testdata/repo", "test/names.test.js", "src/lib.js#helper"},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			tr := runHookAt(t, tt.dir, []string{tt.file}, []string{tt.file}, "--test", tt.file)
			if tr.Unavailable != "" {
				t.Fatalf("trace unavailable: %s", tr.Unavailable)
			}
			got := map[string]string{}
			for _, c := range tr.Calls {
				if c.Callee == tt.callee && len(c.Args) > 1 {
					got[c.Args[1]] = c.Test
				}
			}
			want := map[string]string{"args[0]=num:10": "", "args[0]=num:20": ""}
			for arg, name := range want {
				if got[arg] != name {
					t.Errorf("the call with %s names test %q, want %q (all %v)", arg, got[arg], name, got)
				}
			}
		})
	}
}

// TestHookESMBypassed: a loader of the command's own that resolves a test file's static import
// past bond's wrappers leaves that import unwrapped; the trace names it (it is not read as a
// test file that made no calls), and the tests run as without the hook.
func TestHookESMBypassed(t *testing.T) {
	tests := []string{"test/a.test.js"}
	tr := runHookAt(t, "testdata/esm", tests, tests, "--import", "./bypass.mjs", "--test", "test/a.test.js")
	if !strings.Contains(tr.Unavailable, "the test file test/a.test.js imports src/a.js, which reached it unwrapped") {
		t.Errorf("unavailable %q, want it to name the import that reached the test unwrapped", tr.Unavailable)
	}
}

// TestHookTSX: a TypeScript test file under tsx (`node --import tsx --test`, the loader the
// command already uses), importing a TypeScript module as `../src/lib.js`: tsx's hooks chain with
// bond's, bond lists the module's names with esbuild as for JavaScript, and the call is recorded
// (under node:test, with no test name: TestHookTestNames). Needs testdata/tsx installed (npm ci, as scripts/test does).
func TestHookTSX(t *testing.T) {
	if _, err := os.Stat("testdata/tsx/node_modules/tsx/package.json"); err != nil {
		testneed.Missing(t, "tsx is not installed in testdata/tsx (%v): run npm ci there", err)
	}
	tests := []string{"test/a.test.ts"}
	tr := runHookAt(t, "testdata/tsx", tests, tests, "--import", "tsx", "--test", "test/a.test.ts")
	if tr.Unavailable != "" {
		t.Fatalf("trace unavailable: %s", tr.Unavailable)
	}
	if len(tr.Calls) != 1 || tr.Calls[0].Callee != "src/lib.ts#double" || tr.Calls[0].Test != "" || tr.Calls[0].Outcome[0] != "return=num:4" {
		t.Errorf("calls %+v, want double(2) → 4", tr.Calls)
	}
}

// TestHookRequireHookImports: a test file written with ES-module imports that a require hook of
// the command's own compiles to require calls (as mocha --require @babel/register does) reaches
// the package and its own helper through Module._load, which wraps the one and leaves the other
// part of the test: the static imports bond listed went through bond's hook, so the trace is
// available and the calls recorded — not refused as an import
// resolved past bond's hooks (validator.js's suite was, on the evaluation corpus: docs/witness.md).
func TestHookRequireHookImports(t *testing.T) {
	tests := []string{"test/a.test.js"}
	tr := runHookAt(t, "testdata/requirehook", tests, tests, "--require", "./compile.cjs", "test/a.test.js")
	if tr.Unavailable != "" {
		t.Fatalf("trace unavailable: %s", tr.Unavailable)
	}
	// The helper's import reached the test unwrapped by design (a helper is part of the test):
	// its two calls of double are the test's.
	calls := byCallee(tr.Calls)
	if len(tr.Calls) != 3 || len(calls["src/a.js#double"]) != 3 || calls["src/a.js#double"][0].Outcome[0] != "return=num:4" {
		t.Errorf("calls %+v, want double(2) → 4 and the helper's double(1), double(2)", tr.Calls)
	}
}

// TestHookRequireHookImportsESM: an ES-module test file's own createRequire of a module does not
// vouch for its static import of the same module: a loader of the command's own that resolves
// that import past bond's wrappers is still named, not read as the recorded require's calls alone.
func TestHookRequireHookImportsESM(t *testing.T) {
	tests := []string{"test/mixed.test.mjs"}
	tr := runHookAt(t, "testdata/requirehook", tests, tests, "--import", "../esm/bypass.mjs", "test/mixed.test.mjs")
	if !strings.Contains(tr.Unavailable, "the test file test/mixed.test.mjs imports src/a.js, which reached it unwrapped") {
		t.Errorf("unavailable %q, want it to name the import that reached the test unwrapped", tr.Unavailable)
	}
}

// TestHookKeepsIdentities: a function the tests reach under two export names, and through two
// entry modules, is one value under the trace as without it (one proxy per value, named by the
// first way it was reached), so a test comparing the exports' identities passes; its calls are
// still recorded.
func TestHookKeepsIdentities(t *testing.T) {
	tests := []string{"test/alias.test.js"}
	tr := runHookAt(t, "testdata/alias", tests, tests, "--test", "test/alias.test.js")
	if tr.Unavailable != "" {
		t.Fatalf("trace unavailable: %s", tr.Unavailable)
	}
	if len(tr.Calls) != 1 || tr.Calls[0].Outcome[0] != "return=str:\"a=b%20c\"" {
		t.Errorf("calls %+v, want the one call of serialize under its first name", tr.Calls)
	}
}
