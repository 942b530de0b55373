package embedded

import (
	"context"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestEqualityTestersVersion: expect.addEqualityTesters is served only where the installed
// runner has it with this.equals (jest's expect 29.4+, vitest 1.2+); an older runner, or none
// installed, refuses the run by name.
func TestEqualityTestersVersion(t *testing.T) {
	src := "import { expect, test } from 'vitest';\nexpect.addEqualityTesters([() => undefined]);\ntest('t', () => { expect(1).toEqual(1); });\n"
	jsrc := "expect.addEqualityTesters([() => undefined]);\ntest('t', () => { expect(1).toEqual(1); });\n"
	for _, tc := range []struct {
		name, pkg, version, src string
		fw                      Framework
		unsupported             string
	}{
		{"vitest 3", "vitest", "3.2.4", src, FrameworkVitest, ""},
		{"vitest 1.2", "vitest", "1.2.0", src, FrameworkVitest, ""},
		{"vitest 1.1", "vitest", "1.1.3", src, FrameworkVitest, "expect.addEqualityTesters under vitest 1.1.3 (served from 1.2)"},
		{"jest 29.7", "expect", "29.7.0", jsrc, FrameworkJest, ""},
		{"jest 29.3", "expect", "29.3.1", jsrc, FrameworkJest, "expect.addEqualityTesters under expect 29.3.1 (served from 29.4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{
				"a.test.js": tc.src,
				"node_modules/" + tc.pkg + "/package.json": `{"name": "` + tc.pkg + `", "version": "` + tc.version + `"}`,
			})
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: tc.fw})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Unsupported != tc.unsupported || res.Passed != (tc.unsupported == "") {
				t.Errorf("passed %v, unsupported %q; want %q\n%s", res.Passed, res.Unsupported, tc.unsupported, res.Output)
			}
		})
	}
}
