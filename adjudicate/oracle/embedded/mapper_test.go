package embedded

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// mapperFixture is the moduleNameMapper parity fixture: package.json's jest config maps
// 'shape' by the first of two matching keys (the one that sorts second), '@lib/…' under
// <rootDir> with a group, and '….js' to a list whose first candidate does not resolve. It
// shares the parity fixture's install.
const mapperFixture = parityDir + "/mapper"

// TestMapperParity runs the mapper fixture under real jest 29 and embedded: the same tests with
// the same statuses, which hold only if every mapping resolves as jest-resolve resolves it;
// then a mutant of src/units.js, reached only through '@lib/…', is killed embedded with the
// same first failing test and headlines as under jest.
func TestMapperParity(t *testing.T) {
	files := []string{"test/mapper.test.js"}
	want, wantHeads := realRunnerIn(t, FrameworkJest, mapperFixture)
	if len(want["test/mapper.test.js"]) != 4 {
		t.Fatalf("jest ran %v, want the fixture's 4 tests", want)
	}
	r := newRunnerAt(t, mapperFixture, files, Options{Framework: FrameworkJest})
	base := run(t, r, nil, time.Minute)
	compareWithRunner(t, want, wantHeads, base)
	if !base.Passed {
		t.Fatalf("the unmutated fixture should pass embedded:\n%s", base.Output)
	}
	for _, f := range []string{"src/units.js", "src/shapes.js", "src/format/index.js"} {
		if _, ok := base.Hits[f]; !ok {
			t.Errorf("%s, reached only through the mapper, has no hits: %v", f, base.Hits)
		}
	}
	if _, ok := base.Hits["src/decoy.js"]; ok {
		t.Errorf("src/decoy.js was loaded: the mapper's keys were tried out of order")
	}
	// The value trace sees through the mapping: the test's calls into the module it requires
	// as 'shape' are recorded against src/shapes.js.
	traced := false
	for _, c := range base.Calls {
		traced = traced || c.Callee == "src/shapes.js#area"
	}
	if !traced {
		t.Errorf("no call to src/shapes.js#area in the value trace: %+v", base.Calls)
	}
	src, err := os.ReadFile(filepath.Join(mapperFixture, "src/units.js"))
	if err != nil {
		t.Fatal(err)
	}
	mutant := map[string][]byte{"src/units.js": []byte(strings.Replace(string(src), "mm / 10", "mm * 10", 1))}
	want, wantHeads = realRunnerIn(t, FrameworkJest, copyFixture(t, mapperFixture, mutant))
	res := run(t, r, mutant, time.Minute)
	compareWithRunner(t, want, wantHeads, res)
	if res.Passed {
		t.Fatalf("the mutant reached only through the mapper is not killed embedded:\n%s", res.Output)
	}
	if got := firstFailing(statuses(res)["test/mapper.test.js"]); got != "mapper › converts millimetres before squaring" {
		t.Errorf("the mutant's first failing test is %q", got)
	}
}

// TestMapperInNodeModules: jest maps imports from every file, node_modules too (vite's aliases
// stop there; jest's mapper does not), and leaves Node built-ins alone.
func TestMapperInNodeModules(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json":                  `{"devDependencies": {"jest": "29"}, "jest": {"moduleNameMapper": {"^shared$": "<rootDir>/src/shared.js", "^events$": "<rootDir>/src/nope.js"}}}`,
		"src/shared.js":                 "exports.who = 'repo';\n",
		"node_modules/pkg/package.json": `{"name": "pkg", "main": "index.js"}`,
		"node_modules/pkg/index.js":     "exports.who = require('shared').who;\nexports.events = typeof require('events').EventEmitter;\n",
		"a.test.js":                     "const pkg = require('pkg');\ntest('mapped everywhere', () => {\n  expect([pkg.who, pkg.events]).toEqual(['repo', 'function']);\n});\n",
	})
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: FrameworkJest})
	if res := run(t, r, nil, time.Minute); !res.Passed {
		t.Fatalf("the mapped imports resolved differently from jest:\n%s", res.Output)
	}
}

// TestMapperNoCandidate: a mapped import none of whose candidates resolves is refused with the
// candidates named, where jest would throw.
func TestMapperNoCandidate(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"moduleNameMapper": {"^@/(.*)$": "<rootDir>/src/$1"}}}`,
		"a.test.js":    "const x = require('@/missing');\ntest('t', () => expect(x).toBeDefined());\n",
	})
	_, err := New(root, []string{"a.test.js"}, Options{Framework: FrameworkJest})
	if err == nil || !strings.Contains(err.Error(), "moduleNameMapper") || !strings.Contains(err.Error(), "src/missing") {
		t.Fatalf("New = %v, want an error naming moduleNameMapper and the candidate", err)
	}
}

// TestMapperOutsideRoot: a mapping whose candidate leaves the repository through a relative
// path (from a file one level down, "../../x") is refused by name when the bundle is built.
func TestMapperOutsideRoot(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.json"), []byte(`{"k": 1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	root := testrepo.Files(t, map[string]string{
		"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"moduleNameMapper": {"^secret$": "SECRET"}}}`,
		"a.test.js":    "const s = require('secret');\ntest('t', () => expect(s).toBeDefined());\n",
	})
	rel, err := filepath.Rel(root, filepath.Join(outside, "secret.json"))
	if err != nil {
		t.Fatal(err)
	}
	pkg := strings.Replace(`{"devDependencies": {"jest": "29"}, "jest": {"moduleNameMapper": {"^secret$": "./SECRET"}}}`, "SECRET", filepath.ToSlash(rel), 1)
	if err := os.WriteFile(filepath.Join(root, "package.json"), []byte(pkg), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = New(root, []string{"a.test.js"}, Options{Framework: FrameworkJest})
	if err == nil || !strings.Contains(err.Error(), "outside the repository") {
		t.Fatalf("New = %v, want a refusal naming the mapping outside the repository", err)
	}
}
