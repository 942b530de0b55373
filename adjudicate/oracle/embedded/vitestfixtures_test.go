package embedded

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestVitestExtendRefused: what js/vitestfixtures.js does not serve refuses the run by name,
// also when the test catches the throw; what it serves is proven against real vitest in
// TestJestVitestParity's test/fixtures.vitest.js. Under jest, test.extend does not exist and is
// refused as before.
func TestVitestExtendRefused(t *testing.T) {
	head := "import { test, expect } from 'vitest';\n"
	tests := []struct {
		name        string
		fw          Framework
		body        string
		passed      bool
		unsupported string
	}{
		{"fixture options", FrameworkVitest, "const t = test.extend({ a: [async ({}, use) => use(1), { auto: true }] });\nt('x', ({ a }) => {});\n", false, "test.extend fixture options ([value, { auto, scope, … }])"},
		{"redefining a fixture", FrameworkVitest, "const t = test.extend({ a: 1 }).extend({ a: 2 });\nt('x', ({ a }) => {});\n", false, `test.extend redefining the fixture "a"`},
		{"each on an extended test", FrameworkVitest, "const t = test.extend({ a: 1 });\nt.each([1])('x %s', (n) => {});\n", false, "test.extend(…).each"},
		{"served", FrameworkVitest, "const t = test.extend({ a: 1, b: async ({ a }, use) => { await use(a + 1); } });\nt('x', ({ b }) => { expect(b).toBe(2); });\n", true, ""},
		{"jest has no test.extend", FrameworkJest, "test.extend({ a: 1 });\ntest('x', () => {});\n", false, "test.extend"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.body
			if tc.fw == FrameworkJest {
				src = "const { test } = require('@jest/globals');\n" + tc.body
			}
			root := testrepo.Files(t, map[string]string{"a.test.js": src})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: tc.fw})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed != tc.passed || res.Unsupported != tc.unsupported {
				t.Errorf("passed %v, unsupported %q; want %v, %q\n%s", res.Passed, res.Unsupported, tc.passed, tc.unsupported, res.Output)
			}
			if tc.unsupported != "" && !strings.Contains(res.Output, tc.unsupported+" is not available in the embedded runner") {
				t.Errorf("the output does not name %q:\n%s", tc.unsupported, res.Output)
			}
		})
	}
}
