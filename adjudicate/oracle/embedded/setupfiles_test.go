package embedded

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// setupFixtures are the setup-file parity fixtures: a vitest config whose test.setupFiles, and
// a jest config whose setupFilesAfterEnv, name a setup file that makes a fresh ledger before
// each test (beforeEach), checks an invariant after each (afterEach) and defines global
// helpers; the same tests (ES modules for vitest, CommonJS for jest) lean on all three. They
// have no install of their own: the runners are the parity fixture's.
var setupFixtures = []struct {
	fw  Framework
	dir string
}{
	{FrameworkVitest, parityDir + "/setupfiles"},
	{FrameworkJest, parityDir + "/setupfiles-jest"},
}

// setupFixtureFiles are each fixture's test files, in run order.
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

// compareWithRunner requires an embedded run's tests, statuses, first failing test and failure
// headlines to be the real runner's, file by file.
func compareWithRunner(t *testing.T, want fileResults, wantHeads headlines, res Result) {
	t.Helper()
	got, gotHeads := statuses(res), headlinesOf(res)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("per-file test statuses differ:\n runner   %v\n embedded %v\n%s", want, got, res.Output)
	}
	for file, w := range want {
		if a, b := firstFailing(w), firstFailing(got[file]); a != b {
			t.Errorf("%s: first failing test (killed_by): runner %q, embedded %q", file, a, b)
		}
	}
	if !reflect.DeepEqual(gotHeads, wantHeads) {
		t.Errorf("failure headlines differ:\n runner   %q\n embedded %q", wantHeads, gotHeads)
	}
}

// TestSetupFilesParity runs the setup-file fixtures under real vitest 3 and jest 29 and under
// the embedded runner: the same tests with the same statuses and failure headlines, which hold
// only if the setup file ran before each test file, once, with its hooks applying to every
// test and its globals visible.
func TestSetupFilesParity(t *testing.T) {
	for _, fx := range setupFixtures {
		t.Run(string(fx.fw), func(t *testing.T) {
			want, wantHeads := realRunnerIn(t, fx.fw, fx.dir)
			if len(want) != len(setupFixtureFiles) {
				t.Fatalf("%s ran %d files, want %d: %v", fx.fw, len(want), len(setupFixtureFiles), want)
			}
			r := newRunnerAt(t, fx.dir, setupFixtureFiles, Options{Framework: fx.fw})
			res := run(t, r, nil, time.Minute)
			compareWithRunner(t, want, wantHeads, res)
			if n := len(want["test/ledger.test.js"]); n < 9 {
				t.Errorf("%s reports %d tests in ledger.test.js, want the fixture's 9", fx.fw, n)
			}
		})
	}
}

// setupMutant is a mutant of src/ledger.js that only the setup file's afterEach kills: a deposit
// still returns the count and records the entry the tests check, but takes the amount off the
// balance, which only the invariant after each test reads.
func setupMutant(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(dir, "src/ledger.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := strings.Replace(string(src), "this.balance += n;", "this.balance -= n;", 1)
	if m == string(src) {
		t.Fatal("the mutated line is gone from src/ledger.js")
	}
	return map[string][]byte{"src/ledger.js": []byte(m)}
}

// copyFixture copies a setup fixture to a temporary directory, with overrides written over its
// files and node_modules linked to the parity fixture's install, for a real runner's run.
func copyFixture(t *testing.T, dir string, overrides map[string][]byte) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
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
// under the embedded runner as under the real runner (the same tests fail, first the same one,
// with the same message), and survives, embedded, once the setup file's afterEach is taken out.
func TestSetupFileHookKillsMutant(t *testing.T) {
	for _, fx := range setupFixtures {
		t.Run(string(fx.fw), func(t *testing.T) {
			mutant := setupMutant(t, fx.dir)
			want, wantHeads := realRunnerIn(t, fx.fw, copyFixture(t, fx.dir, mutant))
			r := newRunnerAt(t, fx.dir, setupFixtureFiles, Options{Framework: fx.fw})
			base := run(t, r, nil, time.Minute)
			res := run(t, r, mutant, time.Minute)
			compareWithRunner(t, want, wantHeads, res)
			killedBy := firstFailing(statuses(res)["test/ledger.test.js"])
			if killedBy != "ledger › each test gets a fresh ledger" {
				t.Errorf("the mutant's first failing test is %q, want the first test that deposits", killedBy)
			}
			if reflect.DeepEqual(statuses(res), statuses(base)) {
				t.Fatal("the mutant is not killed: its run's statuses are the unmutated run's")
			}

			// Without the afterEach, the same mutant survives: the kill is the setup file's.
			setup, err := os.ReadFile(filepath.Join(fx.dir, "test/setup.js"))
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
		})
	}
}

// TestSetupFilesAreNotReach: the setup file's lines are not in the hit map (it is not the code
// under test), while the source lines it runs (the Ledger its beforeEach makes) are.
func TestSetupFilesAreNotReach(t *testing.T) {
	r := newRunnerAt(t, setupFixtures[0].dir, []string{"test/other.test.js"}, Options{Framework: FrameworkVitest})
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

// TestSetupFilesRefused: what the embedded runner cannot honour of vitest's test.setupFiles and
// jest's setup files stays a refusal naming the config, the setting and why, or (for what the
// setup file does) the setup file and what it uses.
func TestSetupFilesRefused(t *testing.T) {
	vitest := func(setup string) map[string]string {
		return map[string]string{"package.json": vitePkg, "a.test.js": "import { test } from 'vitest';\ntest('t', () => {});\n",
			"vitest.config.mjs": "export default { test: { setupFiles: " + setup + " } };\n"}
	}
	jest := func(config string) map[string]string {
		return map[string]string{"package.json": jestPkg, "a.test.js": "test('t', () => {});\n", "jest.config.json": config}
	}
	with := func(files map[string]string, more ...string) map[string]string {
		for i := 0; i+1 < len(more); i += 2 {
			files[more[i]] = more[i+1]
		}
		return files
	}
	for _, tt := range []struct {
		name   string
		files  map[string]string
		reason string
	}{
		{"computed", with(vitest("[path.resolve('setup.js')]"), "setup.js", ""),
			"vitest.config.mjs uses setup files (test.setupFiles is [path.resolve(\"setup.js\")], not a literal path"},
		{"a package", with(vitest("['setup-pkg']"), "node_modules/setup-pkg/index.js", ""),
			`setup files ("setup-pkg" names a package`},
		{"missing", vitest("['./test/missing.js']"),
			`setup files ("./test/missing.js" is not a file in the repository`},
		{"outside", vitest("['../setup.js']"),
			`setup files ("../setup.js" is outside the repository)`},
		{"config not literal", with(vitest("[]"), "setup.js", "",
			"vitest.config.mjs", "const base = { setupFiles: ['./setup.js'] };\nexport default { test: base, other: base };\n"),
			"setup files (setupFiles outside a literal test object"},
		{"a Node built-in", with(vitest("['./setup.js']"), "setup.js", "import cp from 'node:child_process';\nglobalThis.cp = cp;\n"),
			`setup.js imports "node:child_process"`},
		{"a module mock", with(vitest("['./setup.js']"), "setup.js", "import { vi } from 'vitest';\nvi.mock('./x.js');\n", "x.js", ""),
			"setup.js uses vi.mock (module mocks replace imports)"},
		{"jest setupFiles", with(jest(`{"setupFiles": ["<rootDir>/setup.js"]}`), "setup.js", ""),
			"jest.config.json uses jest setupFiles (setup files jest runs before it installs the test framework"},
		{"jest bare path", with(jest(`{"setupFilesAfterEnv": ["setup.js"]}`), "setup.js", ""),
			`jest.config.json uses jest setupFilesAfterEnv ("setup.js" is not a relative path or one under <rootDir>`},
		{"jest setup file needs a built-in", with(jest(`{"setupFilesAfterEnv": ["<rootDir>/setup.js"]}`), "setup.js", "const cp = require('child_process');\n"),
			`setup.js imports "child_process"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := testrepo.Files(t, tt.files)
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

// TestSetupFilesInSideEffectFreePackage: a package.json with "sideEffects": false (reselect's,
// and many libraries') does not make the bundle drop the setup file or the test file, whose
// imports from bond's entry are nothing but side effects; vitest and jest load both anyway.
func TestSetupFilesInSideEffectFreePackage(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json":      `{"type": "module", "sideEffects": false, "devDependencies": {"vitest": "3"}}`,
		"vitest.config.mjs": "export default { test: { setupFiles: ['./test/setup.js'] } };\n",
		"test/setup.js":     "globalThis.ran = (globalThis.ran || 0) + 1;\n",
		"test/a.test.js":    "import { test, expect } from 'vitest';\ntest('the setup file ran once', () => expect(globalThis.ran).toBe(1));\n",
	})
	res := run(t, newRunnerAt(t, root, []string{"test/a.test.js"}, Options{}), nil, time.Minute)
	if !res.Passed || len(res.Tests) != 1 {
		t.Fatalf("want the one test to run and pass:\n%s", res.Output)
	}
}
