package oraclecmd

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

var repo = fstest.MapFS{
	"package.json":                    {Data: []byte(`{"scripts": {"test": "vitest run"}}`)},
	"src/a.ts":                        {},
	"src/a.test.ts":                   {},
	"src/b.spec.tsx":                  {},
	"src/__tests__/c.js":              {},
	"src/util.mjs":                    {},
	"test/d.test.mjs":                 {},
	"test/helper.js":                  {},
	"test/e-test.js":                  {},
	"test/nested/f.js":                {},
	"node_modules/x/y.test.js":        {},
	"dist/g.test.js":                  {},
	".cache/h.test.js":                {},
	"lib/parse.test.cjs":              {},
	"lib/Parse.Spec.js":               {},
	"packages/p/test/readme.test.jsx": {},
}

func TestTestFiles(t *testing.T) {
	tests := []struct {
		inv  Invocation
		want []string
	}{
		{Invocation{Runner: RunnerJest, Filters: true}, []string{"packages/p/test/readme.test.jsx", "src/__tests__/c.js", "src/a.test.ts", "src/b.spec.tsx"}},
		{Invocation{Runner: RunnerJest, Filters: true, Files: []string{"src/a"}}, []string{"src/a.test.ts"}},
		{Invocation{Runner: RunnerJest, Filters: true, Files: []string{"SPEC"}}, []string{"src/b.spec.tsx"}},
		{Invocation{Runner: RunnerJest, Filters: true, Files: []string{`b\.spec|readme`}}, []string{"packages/p/test/readme.test.jsx", "src/b.spec.tsx"}},
		{Invocation{Runner: RunnerVitest, Filters: true}, []string{"lib/parse.test.cjs", "packages/p/test/readme.test.jsx", "src/a.test.ts", "src/b.spec.tsx", "test/d.test.mjs"}},
		{Invocation{Runner: RunnerVitest, Filters: true, Files: []string{"./src/a.test.ts", "test/"}}, []string{"packages/p/test/readme.test.jsx", "src/a.test.ts", "test/d.test.mjs"}},
		{Invocation{Runner: RunnerNodeTest}, []string{"lib/parse.test.cjs", "test/d.test.mjs", "test/e-test.js", "test/helper.js", "test/nested/f.js"}},
		{Invocation{Runner: RunnerNodeTest, Files: []string{"test/"}}, []string{"test/d.test.mjs", "test/e-test.js", "test/helper.js", "test/nested/f.js"}},
		{Invocation{Runner: RunnerNodeTest, Files: []string{"src/a.test.ts", "lib/*.cjs"}}, []string{"lib/parse.test.cjs", "src/a.test.ts"}},
		{Invocation{Runner: RunnerMocha}, []string{"test/d.test.mjs", "test/e-test.js", "test/helper.js"}},
		{Invocation{Runner: RunnerMocha, Files: []string{"test/**/*.js"}}, []string{"test/e-test.js", "test/helper.js", "test/nested/f.js"}},
		{Invocation{Runner: RunnerMocha, Args: []string{"--recursive"}}, []string{"test/d.test.mjs", "test/e-test.js", "test/helper.js", "test/nested/f.js"}},
		{Invocation{Runner: RunnerMocha, Files: []string{"test"}, Args: []string{"--extension mjs"}}, []string{"test/d.test.mjs"}},
		{Invocation{Runner: RunnerMocha, Files: []string{"test/helper"}}, []string{"test/helper.js"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.inv.Runner)+" "+strings.Join(tt.inv.Files, " "), func(t *testing.T) {
			got, err := TestFiles(repo, tt.inv)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestTestFilesErrors(t *testing.T) {
	tests := []struct {
		inv Invocation
		err string
	}{
		{Invocation{Runner: RunnerJest, Filters: true, Files: []string{"nothing-matches"}}, "jest finds no test file for nothing-matches"},
		{Invocation{Runner: RunnerNodeTest, Files: []string{"test/missing.test.js"}}, "test file test/missing.test.js"},
		{Invocation{Runner: RunnerNodeTest, Files: []string{"src/[x"}}, "not a valid glob"},
		{Invocation{Runner: "jasmine"}, `no default test files known for runner "jasmine"`},
		{Invocation{Runner: RunnerAva}, `ava finds no test file`},
	}
	for _, tt := range tests {
		_, err := TestFiles(repo, tt.inv)
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%+v: got %v, want an error containing %q", tt.inv, err, tt.err)
		}
	}
}

func TestScripts(t *testing.T) {
	got, err := Scripts(repo["package.json"].Data)
	if err != nil || got["test"] != "vitest run" {
		t.Fatalf("got %v, %v", got, err)
	}
	if _, err := Scripts([]byte("{")); err == nil {
		t.Error("malformed package.json should be an error")
	}
}
