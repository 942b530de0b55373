package embedded

import (
	"context"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestInlineSnapshotRefused: an inline snapshot call vitest would answer by writing the test
// file (no literal), or one bond's serializer does not reproduce (property matchers, a value
// a serializer plugin prints, an Error, expect.addSnapshotSerializer), refuses the run by name
// and writes nothing. What it serves is proven in TestJestVitestParity's test/snapshot.vitest.js.
func TestInlineSnapshotRefused(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"expect(1).toMatchInlineSnapshot();", "toMatchInlineSnapshot of a call without its snapshot literal (vitest would write it into the test file)"},
		{"expect({ a: 1 }).toMatchInlineSnapshot({ a: expect.any(Number) }, `{}`);", "toMatchInlineSnapshot of property matchers"},
		{"expect([new Error('x')]).toMatchInlineSnapshot(`[]`);", "toMatchInlineSnapshot of an Error (vitest versions print errors differently)"},
		{"expect({ $$typeof: Symbol.for('react.element') }).toMatchInlineSnapshot(`{}`);", "toMatchInlineSnapshot of a value a vitest serializer plugin prints (an asymmetric matcher or a React element)"},
		{"expect.addSnapshotSerializer({ test: () => false, print: () => '' });", "expect.addSnapshotSerializer"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{
				"package.json":                     vitePkg,
				"node_modules/vitest/package.json": `{"name": "vitest", "version": "3.2.7"}`,
				"a.test.js":                        "import { expect, test } from 'vitest';\ntest('s', () => { " + tc.body + " });\n",
			})
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
