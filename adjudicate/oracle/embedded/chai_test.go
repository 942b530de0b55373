package embedded

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestChaiRefused: a chai member js/chai.js does not provide (vitest's assert or an expect
// chain) refuses the run by name rather than failing the file with a TypeError that reads as a
// red oracle; under jest, whose expect has no chains, expect(x).to stays undefined as it is
// there. Parity of what chai.js provides is TestJestVitestParity's test/chai.vitest.js.
func TestChaiRefused(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"import { assert, test } from 'vitest';\ntest('t', () => { assert.include([1], 1); });\n", "vitest's chai: assert.include"},
		{"import { expect, test } from 'vitest';\ntest('t', () => { expect(1).to.include(1); });\n", "vitest's chai: expect(…).include"},
		{"import { expect, test } from 'vitest';\ntest('t', () => { expect([]).to.be.an.instanceof(Array); });\n", "vitest's chai: expect(…).an as a chain (.instanceof)"},
		{"import { expect, test } from 'vitest';\ntest('t', () => { expect(1).to.be.empty; });\n", "vitest's chai: expect(…).empty of a number"},
		{"import { expect, test } from 'vitest';\ntest('t', () => { expect(new ArrayBuffer(2)).to.deep.equal(new ArrayBuffer(2)); });\n", "vitest's chai: a deep equality of a ArrayBuffer"},
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
	t.Run("jest has no chains", func(t *testing.T) {
		root := testrepo.Files(t, map[string]string{"a.test.js": "test('t', () => { expect(expect(1).to).toBe(undefined); expect(1).to.equal(1); });\n"})
		r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: FrameworkJest})
		res, err := r.Run(context.Background(), nil, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if res.Passed || res.Unsupported != "" || !strings.Contains(res.Output, "undefined") {
			t.Errorf("passed %v, unsupported %q; want a TypeError on .to under jest\n%s", res.Passed, res.Unsupported, res.Output)
		}
	})
}
