package embedded

import (
	"context"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestJestStubsRefused: jest has no stubEnv or stubGlobal (vitest's vi has, compared with vitest
// in testdata/parity/test/stubs.vitest.js); a jest test calling them is refused by name, never
// served with vitest's meaning.
func TestJestStubsRefused(t *testing.T) {
	for _, name := range []string{"stubEnv", "stubGlobal"} {
		t.Run(name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"package.json": jestPkg, "a.test.js": "test('s', () => { jest." + name + "('A', 'b'); });\n"})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed || res.Unsupported != "jest."+name {
				t.Errorf("passed %v, unsupported %q; want jest.%s\n%s", res.Passed, res.Unsupported, name, res.Output)
			}
		})
	}
}

// TestVitestImportMetaEnvRefused: vite's import.meta.env is not emulated; a vitest test that
// reads it is refused by name, where under node:test it is absent, as in Node.
func TestVitestImportMetaEnvRefused(t *testing.T) {
	root := testrepo.Files(t, map[string]string{"package.json": vitePkg, "a.test.js": "import { test } from 'vitest';\ntest('e', () => { import.meta.env.MODE; });\n"})
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
	res, err := r.Run(context.Background(), nil, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if res.Passed || res.Unsupported != "import.meta.env" {
		t.Errorf("passed %v, unsupported %q; want import.meta.env\n%s", res.Passed, res.Unsupported, res.Output)
	}
	root = testrepo.Files(t, map[string]string{"a.test.mjs": "import { test } from 'node:test';\nimport assert from 'node:assert';\ntest('e', () => { assert.equal(import.meta.env, undefined); });\n"})
	r = newRunnerAt(t, root, []string{"a.test.mjs"}, Options{})
	if res, err = r.Run(context.Background(), nil, time.Minute); err != nil || !res.Passed {
		t.Errorf("under node:test import.meta.env should be absent: %v\n%s", err, res.Output)
	}
}

// TestVitestFixturesRefused: vitest's test.for and describe.shuffle are refused by name, not left
// to fail the file with a TypeError that reads as a red oracle. test.extend is served
// (js/vitestfixtures.js); what of it is not is TestVitestExtendRefused's.
func TestVitestFixturesRefused(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"import { test } from 'vitest';\ntest.for([1])('t %i', () => {});\n", "test.for"},
		{"import { describe, test } from 'vitest';\ndescribe.shuffle('s', () => { test('t', () => {}); });\n", "describe.shuffle"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"package.json": vitePkg, "a.test.js": tc.src})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed || res.Unsupported != tc.want {
				t.Errorf("passed %v, unsupported %q; want %q\n%s", res.Passed, res.Unsupported, tc.want, res.Output)
			}
		})
	}
}
