package embedded

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// aliasFixture is the resolve.alias parity fixture: its tests import the source through an
// exact alias ('geometry') and a prefix alias ('@lib'), and src/units.js is reached only
// through '@lib'. It shares the parity fixture's install.
const aliasFixture = parityDir + "/alias"

// aliasFixtureFiles are its test files, in run order.
var aliasFixtureFiles = []string{"test/area.test.js", "test/units.test.js"}

// aliasMutant is a mutant of src/units.js, the file only the '@lib' alias reaches.
func aliasMutant(t *testing.T) map[string][]byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(aliasFixture, "src/units.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := strings.Replace(string(src), "mm / 10", "mm * 10", 1)
	if m == string(src) {
		t.Fatal("the mutated line is gone from src/units.js")
	}
	return map[string][]byte{"src/units.js": []byte(m)}
}

// TestAliasParity runs the alias fixture under real vitest 3 and embedded: the same tests with
// the same statuses, which hold only if both aliases resolve as vite resolves them (from the
// importing file); then a mutant of the file reached only through the alias is killed
// embedded by the same tests, first the same one, with the same headlines, as under vitest.
func TestAliasParity(t *testing.T) {
	want, wantHeads := realRunnerIn(t, FrameworkVitest, aliasFixture)
	if len(want) != len(aliasFixtureFiles) {
		t.Fatalf("vitest ran %d files, want %d: %v", len(want), len(aliasFixtureFiles), want)
	}
	r := newRunnerAt(t, aliasFixture, aliasFixtureFiles, Options{Framework: FrameworkVitest})
	base := run(t, r, nil, time.Minute)
	compareWithRunner(t, want, wantHeads, base)
	if !base.Passed {
		t.Fatalf("the unmutated fixture should pass embedded:\n%s", base.Output)
	}
	if _, ok := base.Hits["src/units.js"]; !ok {
		t.Errorf("src/units.js, reached through '@lib', has no hits: %v", base.Hits)
	}

	mutant := aliasMutant(t)
	want, wantHeads = realRunnerIn(t, FrameworkVitest, copyFixture(t, aliasFixture, mutant))
	res := run(t, r, mutant, time.Minute)
	compareWithRunner(t, want, wantHeads, res)
	if res.Passed || reflect.DeepEqual(statuses(res), statuses(base)) {
		t.Fatalf("the mutant reached only through the alias is not killed embedded:\n%s", res.Output)
	}
	if got := firstFailing(statuses(res)["test/area.test.js"]); got != "area › converts millimetres before squaring" {
		t.Errorf("the mutant's first failing test in area.test.js is %q", got)
	}
}

// TestAliasNotInNodeModules: an alias applies to the repository's own files — the test file and
// its setup file here — and not inside node_modules, which vitest leaves to Node: the package
// that imports 'shared' gets node_modules/shared, while the test and setup files get the
// alias's target.
func TestAliasNotInNodeModules(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json": vitePkg,
		"vitest.config.mjs": "export default { test: { setupFiles: ['./setup.js'] }, " +
			"resolve: { alias: [{ find: 'shared', replacement: './src/shared.js' }] } };\n",
		"src/shared.js":                    "export const who = 'repo';\n",
		"setup.js":                         "import { who } from 'shared';\nglobalThis.setupSaw = who;\n",
		"node_modules/shared/package.json": `{"name": "shared", "main": "index.js"}`,
		"node_modules/shared/index.js":     "exports.who = 'package';\n",
		"node_modules/pkg/package.json":    `{"name": "pkg", "main": "index.js"}`,
		"node_modules/pkg/index.js":        "exports.who = require('shared').who;\n",
		"a.test.js": "import { test, expect } from 'vitest';\nimport { who } from 'shared';\nimport pkg from 'pkg';\n" +
			"test('aliases apply outside node_modules only', () => {\n" +
			"  expect([who, globalThis.setupSaw, pkg.who]).toEqual(['repo', 'repo', 'package']);\n});\n",
	})
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: FrameworkVitest})
	if res := run(t, r, nil, time.Minute); !res.Passed {
		t.Fatalf("the aliased imports resolved differently from vitest:\n%s", res.Output)
	}
}

// aliasComputedFixture is the computed-alias parity fixture: every alias value is computed
// from the config's location (a function chosen by an environment condition, path.join over a
// __dirname from import.meta.url, fileURLToPath(new URL(…)), a URL's pathname + a string, a
// function declaration over path.resolve). It shares the parity fixture's install.
const aliasComputedFixture = parityDir + "/alias-computed"

// TestAliasComputedParity runs the computed-alias fixture under real vitest 3 and embedded: the
// same tests with the same statuses, which hold only if every computed alias lands where vite
// puts it (src/, not the dist/ decoy); then a mutant of src/units.js, reached only through
// aliases, is killed embedded with the same first failing test and headlines as under vitest,
// which ran it from a copy of the fixture elsewhere (so the computed paths follow the copy).
func TestAliasComputedParity(t *testing.T) {
	files := []string{"test/area.test.js", "test/units.test.js"}
	want, wantHeads := realRunnerIn(t, FrameworkVitest, aliasComputedFixture)
	if len(want) != len(files) {
		t.Fatalf("vitest ran %d files, want %d: %v", len(want), len(files), want)
	}
	r := newRunnerAt(t, aliasComputedFixture, files, Options{Framework: FrameworkVitest})
	base := run(t, r, nil, time.Minute)
	compareWithRunner(t, want, wantHeads, base)
	if !base.Passed {
		t.Fatalf("the unmutated fixture should pass embedded:\n%s", base.Output)
	}
	for _, f := range []string{"src/units.js", "src/format.js", "src/shapes.js"} {
		if _, ok := base.Hits[f]; !ok {
			t.Errorf("%s, reached only through an alias, has no hits: %v", f, base.Hits)
		}
	}
	src, err := os.ReadFile(filepath.Join(aliasComputedFixture, "src/units.js"))
	if err != nil {
		t.Fatal(err)
	}
	mutant := map[string][]byte{"src/units.js": []byte(strings.Replace(string(src), "mm / 10", "mm * 10", 1))}
	want, wantHeads = realRunnerIn(t, FrameworkVitest, copyFixture(t, aliasComputedFixture, mutant))
	res := run(t, r, mutant, time.Minute)
	compareWithRunner(t, want, wantHeads, res)
	if res.Passed {
		t.Fatalf("the mutant reached only through the aliases is not killed embedded:\n%s", res.Output)
	}
	if got := firstFailing(statuses(res)["test/area.test.js"]); got != "area › converts millimetres before squaring" {
		t.Errorf("the mutant's first failing test in area.test.js is %q", got)
	}
}

// TestAliasComputedOutsideRoot: a computed alias that leaves the repository is refused by
// name, before anything runs.
func TestAliasComputedOutsideRoot(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json":      vitePkg,
		"vitest.config.mjs": "import path from 'node:path';\nexport default { resolve: { alias: { up: path.join(__dirname, '../shared') } } };\n",
		"a.test.js":         "import { test } from 'vitest';\ntest('x', () => {});\n",
	})
	_, err := New(root, []string{"a.test.js"}, Options{Framework: FrameworkVitest})
	if err == nil || !strings.Contains(err.Error(), "outside the repository") || !strings.Contains(err.Error(), "resolve.alias") {
		t.Fatalf("New = %v, want a refusal naming resolve.alias outside the repository", err)
	}
}
