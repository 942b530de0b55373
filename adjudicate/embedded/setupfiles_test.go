package embedded

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// setupDir is the setup-file parity fixture: a vitest config whose test.setupFiles makes a
// fresh ledger before each test (beforeEach), checks an invariant after each (afterEach) and
// defines global helpers. It has no install of its own; vitest is the parity fixture's.
const setupDir = parityDir + "/setupfiles"

// setupFixtureFiles are the fixture's test files, in run order.
var setupFixtureFiles = []string{"test/ledger.test.js", "test/other.test.js"}

// statuses is, per file, each test's name and status, from an embedded run.
func statuses(res Result) fileResults {
	got := fileResults{}
	for _, tr := range res.Tests {
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
	}
	return got
}

// headlinesOf is, per "file: test", the first line of each failure of an embedded run.
func headlinesOf(res Result) headlines {
	heads := headlines{}
	for _, tr := range res.Tests {
		if tr.Error != "" {
			heads[tr.File+": "+tr.Name] = headline(tr.Error)
		}
	}
	return heads
}

// compareWithVitest requires an embedded run's tests, statuses, first failing test and failure
// headlines to be vitest's, file by file.
func compareWithVitest(t *testing.T, want fileResults, wantHeads headlines, res Result) {
	t.Helper()
	got, gotHeads := statuses(res), headlinesOf(res)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("per-file test statuses differ:\n vitest   %v\n embedded %v\n%s", want, got, res.Output)
	}
	for file, w := range want {
		if a, b := firstFailing(w), firstFailing(got[file]); a != b {
			t.Errorf("%s: first failing test (killed_by): vitest %q, embedded %q", file, a, b)
		}
	}
	if !reflect.DeepEqual(gotHeads, wantHeads) {
		t.Errorf("failure headlines differ:\n vitest   %q\n embedded %q", wantHeads, gotHeads)
	}
}

// TestSetupFilesParity runs the setup-file fixture under real vitest 3 and under the embedded
// runner: the same tests with the same statuses and failure headlines, which hold only if the
// setup file ran before each test file, once, with its hooks applying to every test and its
// globals visible.
func TestSetupFilesParity(t *testing.T) {
	want, wantHeads := realRunnerIn(t, FrameworkVitest, setupDir)
	if len(want) != len(setupFixtureFiles) {
		t.Fatalf("vitest ran %d files, want %d: %v", len(want), len(setupFixtureFiles), want)
	}
	r := newRunnerAt(t, setupDir, setupFixtureFiles, Options{Framework: FrameworkVitest})
	res := run(t, r, nil, time.Minute)
	compareWithVitest(t, want, wantHeads, res)
	if n := len(want["test/ledger.test.js"]); n < 9 {
		t.Errorf("vitest reports %d tests in ledger.test.js, want the fixture's 9", n)
	}
}

// setupMutant is a mutant of src/ledger.js that only the setup file's afterEach kills: a deposit
// still returns the count and records the entry the tests check, but takes the amount off the
// balance, which only the invariant after each test reads.
func setupMutant(t *testing.T) map[string][]byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(setupDir, "src/ledger.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := strings.Replace(string(src), "this.balance += n;", "this.balance -= n;", 1)
	if m == string(src) {
		t.Fatal("the mutated line is gone from src/ledger.js")
	}
	return map[string][]byte{"src/ledger.js": []byte(m)}
}

// copyFixture copies the setup fixture to a temporary directory, with overrides written over
// its files and node_modules linked to the parity fixture's install, for a real vitest run.
func copyFixture(t *testing.T, overrides map[string][]byte) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(setupDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(setupDir, p)
		if d.IsDir() && d.Name() == "node_modules" {
			return filepath.SkipDir // vitest's cache, when a run left one
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if o, ok := overrides[filepath.ToSlash(rel)]; ok {
			b = o
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	nm, err := filepath.Abs(filepath.Join(parityDir, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(nm, filepath.Join(dst, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestSetupFileHookKillsMutant: a mutant killed only by the setup file's afterEach is killed
// under the embedded runner as under vitest (the same tests fail, first the same one, with the
// same message), and survives, embedded, once the setup file's afterEach is taken out.
func TestSetupFileHookKillsMutant(t *testing.T) {
	mutant := setupMutant(t)
	want, wantHeads := realRunnerIn(t, FrameworkVitest, copyFixture(t, mutant))
	r := newRunnerAt(t, setupDir, setupFixtureFiles, Options{Framework: FrameworkVitest})
	base := run(t, r, nil, time.Minute)
	res := run(t, r, mutant, time.Minute)
	compareWithVitest(t, want, wantHeads, res)
	killedBy := firstFailing(statuses(res)["test/ledger.test.js"])
	if killedBy != "ledger › each test gets a fresh ledger" {
		t.Errorf("the mutant's first failing test is %q, want the first test that deposits", killedBy)
	}
	if reflect.DeepEqual(statuses(res), statuses(base)) {
		t.Fatal("the mutant is not killed: its run's statuses are the unmutated run's")
	}

	// Without the afterEach, the same mutant survives: the kill is the setup file's.
	setup, err := os.ReadFile(filepath.Join(setupDir, "test/setup.js"))
	if err != nil {
		t.Fatal(err)
	}
	noHook, _, ok := strings.Cut(string(setup), "afterEach(() => {")
	if !ok {
		t.Fatal("test/setup.js has no afterEach")
	}
	noHook = strings.Replace(noHook, "import { beforeEach, afterEach, expect }", "import { beforeEach }", 1)
	without := map[string][]byte{"test/setup.js": []byte(noHook)}
	baseWithout := run(t, r, without, time.Minute)
	mutant["test/setup.js"] = []byte(noHook)
	if got, want := statuses(run(t, r, mutant, time.Minute)), statuses(baseWithout); !reflect.DeepEqual(got, want) {
		t.Errorf("without the setup file's afterEach the mutant should survive:\n unmutated %v\n mutant    %v", want, got)
	}
}

// TestSetupFilesAreNotReach: the setup file's lines are not in the hit map (it is not the code
// under test), while the source lines it runs (the Ledger its beforeEach makes) are.
func TestSetupFilesAreNotReach(t *testing.T) {
	r := newRunnerAt(t, setupDir, []string{"test/other.test.js"}, Options{Framework: FrameworkVitest})
	res := run(t, r, nil, time.Minute)
	if !res.Passed {
		t.Fatalf("other.test.js should pass:\n%s", res.Output)
	}
	if _, ok := res.Hits["test/setup.js"]; ok {
		t.Errorf("the setup file's lines count as reach: %v", res.Hits["test/setup.js"])
	}
	if _, ok := res.Inputs["test/setup.js"]; !ok {
		t.Error("the setup file is not among the run's inputs, so a change to it would not rebuild the bundle")
	}
	ran := 0
	for _, hit := range res.Hits["src/ledger.js"] {
		if hit {
			ran++
		}
	}
	if ran == 0 {
		t.Errorf("src/ledger.js's constructor, run by the setup file's beforeEach, has no line run: %v", res.Hits["src/ledger.js"])
	}
	if _, ok := res.Hits["test/other.test.js"]; !ok {
		t.Error("the test file itself is missing from the hit map")
	}
}

// TestSetupFilesRefused: what the embedded runner cannot honour of test.setupFiles stays a
// refusal naming the config, the setting and why, or (for what the setup file does) the setup
// file and what it uses.
func TestSetupFilesRefused(t *testing.T) {
	test := "import { test } from 'vitest';\ntest('t', () => {});\n"
	cfg := func(setup string) string {
		return "export default { test: { setupFiles: " + setup + " } };\n"
	}
	for _, tt := range []struct {
		name   string
		files  map[string]string
		reason string
	}{
		{"computed", map[string]string{"vitest.config.mjs": "import path from 'node:path';\nexport default { test: { setupFiles: [path.resolve('setup.js')] } };\n", "setup.js": ""},
			"vitest.config.mjs uses setup files (test.setupFiles is [path.resolve(\"setup.js\")], not a literal path"},
		{"a package", map[string]string{"vitest.config.mjs": cfg("['setup-pkg']"), "node_modules/setup-pkg/index.js": ""},
			`setup files ("setup-pkg" names a package`},
		{"missing", map[string]string{"vitest.config.mjs": cfg("['./test/missing.js']")},
			`setup files ("./test/missing.js" is not a file in the repository`},
		{"outside", map[string]string{"vitest.config.mjs": cfg("['../setup.js']")},
			`setup files ("../setup.js" is outside the repository)`},
		{"config not literal", map[string]string{"vitest.config.mjs": "const base = { setupFiles: ['./setup.js'] };\nexport default { test: base, other: base };\n", "setup.js": ""},
			"setup files (setupFiles outside a literal test object"},
		{"a Node built-in", map[string]string{"vitest.config.mjs": cfg("['./setup.js']"), "setup.js": "import fs from 'node:fs';\nglobalThis.fs = fs;\n"},
			`setup.js imports "node:fs"`},
		{"a module mock", map[string]string{"vitest.config.mjs": cfg("['./setup.js']"), "setup.js": "import { vi } from 'vitest';\nvi.mock('./x.js');\n", "x.js": ""},
			"setup.js uses vi.mock (module mocks replace imports)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.files["package.json"] = vitePkg
			tt.files["a.test.js"] = test
			root := writeTree(t, tt.files)
			err := Supports(root, []string{"a.test.js"}, Options{})
			ue, ok := errors.AsType[*UnsupportedError](err)
			if !ok {
				t.Fatalf("want *UnsupportedError, got %v", err)
			}
			if !strings.Contains(ue.Reason(), tt.reason) {
				t.Errorf("reason %q, want it to contain %q", ue.Reason(), tt.reason)
			}
		})
	}
}
