package embedded

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestTopLevelAwaitVitest: a vitest test file with top-level await runs embedded (compared with
// vitest in testdata/parity/test/tla.vitest.js): the file's lines and the source it awaits get
// coverage, a mutant of that source is killed, and a rejected or never-settling top level fails
// the file as a load error.
func TestTopLevelAwaitVitest(t *testing.T) {
	files := map[string]string{
		"package.json": vitePkg,
		"src/sum.js":   "export function sum(a, b) {\n  return a + b;\n}\n",
		"a.test.js": "import { test, expect } from 'vitest';\nimport { sum } from './src/sum.js';\n" +
			"const base = await new Promise((r) => setTimeout(() => r(sum(1, 2)), 10));\n" +
			"test('sums', () => {\n  expect(sum(base, 4)).toBe(7);\n});\n",
	}
	root := testrepo.Files(t, files)
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
	res := run(t, r, nil, time.Minute)
	if !res.Passed || len(res.Tests) != 1 {
		t.Fatalf("want one passing test:\n%s", res.Output)
	}
	if h := res.Hits["src/sum.js"]; !h[2] {
		t.Errorf("src/sum.js line 2 not covered: %v", res.Hits)
	}
	if h := res.Hits["a.test.js"]; !h[3] || !h[5] {
		t.Errorf("a.test.js's awaited line 3 and test line 5 not covered: %v", res.Hits["a.test.js"])
	}
	res = run(t, r, map[string][]byte{"src/sum.js": []byte("export function sum(a, b) {\n  return a - b;\n}\n")}, time.Minute)
	if res.Passed || res.FailedTest() == "" {
		t.Errorf("the mutant should be killed:\n%s", res.Output)
	}

	for _, tc := range []struct{ name, top, want string }{
		{"rejected", "await Promise.reject(new Error('no config'));\n", "no config"},
		{"never settles", "await new Promise(() => {});\n", "top-level await never settled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"package.json": vitePkg,
				"a.test.js": "import { test } from 'vitest';\n" + tc.top + "test('t', () => {});\n"})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
			res := run(t, r, nil, time.Minute)
			if res.Passed || !strings.Contains(res.LoadError, tc.want) {
				t.Errorf("want a load error with %q, got passed %v, %q\n%s", tc.want, res.Passed, res.LoadError, res.Output)
			}
		})
	}
}

// TestTopLevelAwaitRefused: outside vitest, and in a test file that exports, top-level await is
// refused by name before any run.
func TestTopLevelAwaitRefused(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"node:test", map[string]string{"a.test.mjs": "import { test } from 'node:test';\nawait 1;\ntest('t', () => {});\n"}, tlaFeature},
		{"jest", map[string]string{"package.json": jestPkg, "a.test.mjs": "await 1;\ntest('t', () => {});\n"}, tlaFeature},
		{"exports", map[string]string{"package.json": vitePkg, "a.test.mjs": "import { test } from 'vitest';\nexport const x = await 1;\ntest('t', () => {});\n"}, "top-level await in a test file that exports bindings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Files(t, tc.files)
			_, err := New(root, []string{"a.test.mjs"}, Options{})
			var ue *UnsupportedError
			if !errors.As(err, &ue) || ue.Feature != tc.want {
				t.Errorf("got %v, want an *UnsupportedError for %q", err, tc.want)
			}
		})
	}
}
