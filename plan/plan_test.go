package plan

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/operators"

	"github.com/bond-tool/bond/internal/testrepo"
)

// update rewrites golden files instead of comparing against them (read by golden.Compare).
var update = flag.Bool("update", false, "rewrite golden files")

// testTable is a fixed operator table for the planner's own rules, independent of the real
// operators: flip turns the first === into !==, ret makes `return E;` return undefined, and
// delete-statement empties any line that is not blank or a lone brace.
func testTable() []operators.Operator {
	return []operators.Operator{
		{Name: "flip", Version: "1", Fire: func(l operators.Line) (operators.Edit, bool) {
			i := strings.Index(l.Text, "===")
			if i < 0 {
				return operators.Edit{}, false
			}
			return operators.Edit{Start: i, End: i + 3, Text: "!=="}, true
		}},
		{Name: "ret", Version: "1", Fire: func(l operators.Line) (operators.Edit, bool) {
			i := strings.Index(l.Text, "return ")
			j := strings.LastIndex(l.Text, ";")
			if i < 0 || j < i+7 {
				return operators.Edit{}, false
			}
			return operators.Edit{Start: i + 7, End: j, Text: "undefined"}, true
		}},
		{Name: "delete-statement", Version: "1", Fire: func(l operators.Line) (operators.Edit, bool) {
			t := strings.TrimSpace(l.Text)
			if t == "" || t == "}" || t == "{" {
				return operators.Edit{}, false
			}
			return operators.Edit{Start: 0, End: len(l.Text), Text: ""}, true
		}},
	}
}

// buildWith plans diffText against dir with the test table; ops go in front of it.
func buildWith(t testing.TB, dir, diffText string, o Options, ops ...operators.Operator) (Result, error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "patch.diff")
	if err := os.WriteFile(p, []byte(diffText), 0o644); err != nil {
		t.Fatal(err)
	}
	o.Repo, o.DiffPath = dir, p
	return build(context.Background(), o, append(ops, testTable()...))
}

// rows reduces a plan to "path:line op: mutated" rows.
func rows(r Result) []string {
	var out []string
	for _, m := range r.Mutants {
		out = append(out, fmt.Sprintf("%s:%d %s: %q", m.Path, m.Line, m.Operator, m.Mutated))
	}
	return out
}

func TestDiffShapes(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		diff  string
		want  []string
	}{{
		name:  "multi-file with a/ b/ prefixes",
		files: map[string]string{"src/a.js": "const a = 1;\nif (a === 1) f();\n", "lib/b.ts": "export function g(x: number) {\n  return x;\n}\n"},
		diff: "diff --git a/src/a.js b/src/a.js\nindex 1..2 100644\n--- a/src/a.js\n+++ b/src/a.js\n@@ -1 +1,2 @@\n const a = 1;\n+if (a === 1) f();\n" +
			"diff --git a/lib/b.ts b/lib/b.ts\n--- a/lib/b.ts\n+++ b/lib/b.ts\n@@ -1,2 +1,3 @@\n export function g(x: number) {\n+  return x;\n }\n",
		want: []string{`src/a.js:2 flip: "if (a !== 1) f();"`, `lib/b.ts:2 ret: "  return undefined;"`},
	}, {
		name:  "new file from /dev/null",
		files: map[string]string{"n.mjs": "export const k = 1;\n"},
		diff:  "diff --git a/n.mjs b/n.mjs\nnew file mode 100644\nindex 0000000..1\n--- /dev/null\n+++ b/n.mjs\n@@ -0,0 +1 @@\n+export const k = 1;\n",
		want:  []string{`n.mjs:1 delete-statement: ""`},
	}, {
		name:  "rename with a change",
		files: map[string]string{"new/x.js": "let v = 0;\nv = v === 1;\n"},
		diff: "diff --git a/old/x.js b/new/x.js\nsimilarity index 80%\nrename from old/x.js\nrename to new/x.js\nindex 1..2 100644\n--- a/old/x.js\n+++ b/new/x.js\n" +
			"@@ -1,2 +1,2 @@\n let v = 0;\n-v = 1;\n+v = v === 1;\n",
		want: []string{`new/x.js:2 flip: "v = v !== 1;"`},
	}, {
		name:  "pure rename and mode-only change add nothing",
		files: map[string]string{"b.js": "x();\n", "run.js": "y();\n"},
		diff: "diff --git a/a.js b/b.js\nsimilarity index 100%\nrename from a.js\nrename to b.js\n" +
			"diff --git a/run.js b/run.js\nold mode 100644\nnew mode 100755\n",
	}, {
		name:  "binary and deleted files are skipped",
		files: map[string]string{"k.js": "k();\n"},
		diff: "diff --git a/img.png b/img.png\nindex 1..2 100644\nBinary files a/img.png and b/img.png differ\n" +
			"diff --git a/gone.js b/gone.js\ndeleted file mode 100644\nindex 1..0\n--- a/gone.js\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone();\n" +
			"diff --git a/k.js b/k.js\n--- a/k.js\n+++ b/k.js\n@@ -0,0 +1 @@\n+k();\n",
		want: []string{`k.js:1 delete-statement: ""`},
	}, {
		name:  "no newline at end of file",
		files: map[string]string{"e.js": "a();\nb();"},
		diff:  "--- a/e.js\n+++ b/e.js\n@@ -1 +1,2 @@\n a();\n+b();\n\\ No newline at end of file\n",
		want:  []string{`e.js:2 delete-statement: ""`},
	}, {
		name:  "no newline, old side",
		files: map[string]string{"e.js": "a();\nb();\n"},
		diff:  "--- a/e.js\n+++ b/e.js\n@@ -1 +1,2 @@\n-a();\n\\ No newline at end of file\n+a();\n+b();\n",
		// Line 1 only gained its newline: not new behaviour (SPEC §2.1), so no mutant.
		want: []string{`e.js:2 delete-statement: ""`},
	}, {
		name:  "CRLF file",
		files: map[string]string{"w.js": "if (a === b) {\r\n  go();\r\n}\r\n"},
		diff:  "--- a/w.js\r\n+++ b/w.js\r\n@@ -1,2 +1,3 @@\r\n if (a === b) {\r\n+  go();\r\n }\r\n",
		want:  []string{`w.js:2 delete-statement: ""`},
	}, {
		name:  "zero-context hunks",
		files: map[string]string{"z.js": "one();\ntwo();\nthree();\nfour();\n"},
		diff:  "--- a/z.js\n+++ b/z.js\n@@ -1,0 +2 @@\n+two();\n@@ -2,0 +4 @@\n+four();\n",
		want:  []string{`z.js:2 delete-statement: ""`, `z.js:4 delete-statement: ""`},
	}, {
		name:  "no prefix",
		files: map[string]string{"s.js": "s();\n"},
		diff:  "--- s.js\n+++ s.js\n@@ -0,0 +1 @@\n+s();\n",
		want:  []string{`s.js:1 delete-statement: ""`},
	}, {
		name:  "tests, declarations, minified and non-JS files are not planned",
		files: map[string]string{"test/t.js": "t();\n", "a.spec.ts": "t();\n", "x.d.ts": "t();\n", "m.min.js": "t();\n", "README.md": "t();\n", "node_modules/p/i.js": "t();\n"},
		diff: "--- a/test/t.js\n+++ b/test/t.js\n@@ -0,0 +1 @@\n+t();\n--- a/a.spec.ts\n+++ b/a.spec.ts\n@@ -0,0 +1 @@\n+t();\n" +
			"--- a/x.d.ts\n+++ b/x.d.ts\n@@ -0,0 +1 @@\n+t();\n--- a/m.min.js\n+++ b/m.min.js\n@@ -0,0 +1 @@\n+t();\n" +
			"--- a/README.md\n+++ b/README.md\n@@ -0,0 +1 @@\n+t();\n--- a/node_modules/p/i.js\n+++ b/node_modules/p/i.js\n@@ -0,0 +1 @@\n+t();\n",
	}, {
		name:  "empty diff",
		files: map[string]string{"a.js": "a();\n"},
		diff:  "",
	}, {
		name:  "blank context line stripped by an editor",
		files: map[string]string{"b.js": "a();\n\nb();\n"},
		diff:  "--- a/b.js\n+++ b/b.js\n@@ -1,2 +1,3 @@\n a();\n\n+b();\n",
		want:  []string{`b.js:3 delete-statement: ""`},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := testrepo.Files(t, tt.files)
			r, err := buildWith(t, dir, tt.diff, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := rows(r); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	good := map[string]string{"a.js": "a();\nb();\n"}
	tests := []struct {
		name  string
		files map[string]string
		diff  string
		opts  Options
		want  string // a substring of the message
	}{
		{"malformed text", good, "this is not a diff\n", Options{}, "no file header"},
		{"bad hunk header", good, "--- a/a.js\n+++ b/a.js\n@@ -1 +x @@\n+a();\n", Options{}, "malformed"},
		{"hunk count mismatch", good, "--- a/a.js\n+++ b/a.js\n@@ -1 +1,3 @@\n a();\n+b();\n", Options{}, "header says 3"},
		{"diff for another tree", good, "--- a/a.js\n+++ b/a.js\n@@ -1 +1,2 @@\n a();\n+c();\n", Options{}, `a.js:2: the diff does not match the file: the diff adds
    "c();"
but the file has
    "b();"
regenerate the diff against this checkout`},
		{"line past the end", good, "--- a/a.js\n+++ b/a.js\n@@ -2 +2,3 @@\n b();\n+c();\n+d();\n", Options{}, "a.js:3: the diff does not match the file"},
		{"missing file", good, "--- a/gone.js\n+++ b/gone.js\n@@ -0,0 +1 @@\n+x();\n", Options{}, "gone.js: the diff adds lines to this file but it is not in"},
		{"dot-dot path", good, "--- a/../etc/x.js\n+++ b/../etc/x.js\n@@ -0,0 +1 @@\n+x();\n", Options{}, `"../etc/x.js", which leaves the repository`},
		{"absolute path", good, "--- /etc/x.js\n+++ /etc/x.js\n@@ -0,0 +1 @@\n+x();\n", Options{}, `absolute path "/etc/x.js"`},
		{"non-UTF-8 source", map[string]string{"l.js": "a();\nvar s = '\xff';\n"}, "--- a/l.js\n+++ b/l.js\n@@ -1 +1,2 @@\n a();\n+var s = '\xff';\n", Options{}, "l.js:2: the file is not valid UTF-8"},
		{"two sources", good, "", Options{Base: "main"}, "one diff source"},
		{"bad glob", good, "", Options{Include: []string{"src/[a"}}, `glob "src/[a"`},
		{"unknown operator", good, "", Options{Operators: []string{"flip", "nope"}}, `unknown operator "nope"`},
		{"negative budget", good, "", Options{Budget: -1}, "budget must be positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := testrepo.Files(t, tt.files)
			_, err := buildWith(t, dir, tt.diff, tt.opts)
			if err == nil {
				t.Fatal("no error")
			}
			if !input.Is(err) {
				t.Errorf("not an input.Error: %v", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tt.want)
			}
		})
	}
	t.Run("no source", func(t *testing.T) {
		_, err := build(context.Background(), Options{}, testTable())
		if !input.Is(err) || !strings.Contains(err.Error(), "--diff FILE") {
			t.Errorf("got %v", err)
		}
	})
}

func TestSymlinkOutOfRoot(t *testing.T) {
	outside := testrepo.Files(t, map[string]string{"x.js": "x();\n"})
	dir := testrepo.Files(t, map[string]string{"a.js": "a();\n"})
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		testneed.Missing(t, "this file system refuses symbolic links (%v); CI must allow them: the test would prove nothing skipped", err)
	}
	_, err := buildWith(t, dir, "--- a/link/x.js\n+++ b/link/x.js\n@@ -0,0 +1 @@\n+x();\n", Options{})
	if !input.Is(err) || !strings.Contains(err.Error(), "link/x.js: the path leaves the repository through a symbolic link") {
		t.Fatalf("got %v", err)
	}
	// A link that stays inside the root is fine.
	if err := os.Symlink("a.js", filepath.Join(dir, "in.js")); err != nil {
		t.Fatal(err)
	}
	if _, err := buildWith(t, dir, "--- a/in.js\n+++ b/in.js\n@@ -0,0 +1 @@\n+a();\n", Options{}); err != nil {
		t.Fatal(err)
	}
}

func TestIncludeExclude(t *testing.T) {
	files := map[string]string{"src/a.js": "a();\n", "src/gen/g.js": "g();\n", "test/helper.js": "h();\n"}
	diff := "--- a/src/a.js\n+++ b/src/a.js\n@@ -0,0 +1 @@\n+a();\n--- a/src/gen/g.js\n+++ b/src/gen/g.js\n@@ -0,0 +1 @@\n+g();\n--- a/test/helper.js\n+++ b/test/helper.js\n@@ -0,0 +1 @@\n+h();\n"
	tests := []struct {
		include, exclude []string
		want             string
	}{
		{nil, nil, "src/a.js src/gen/g.js"},
		{nil, []string{"src/gen/**"}, "src/a.js"},
		{[]string{"test/**"}, nil, "test/helper.js"},
		{[]string{"**/*.js"}, []string{"src/**"}, "test/helper.js"},
	}
	for _, tt := range tests {
		dir := testrepo.Files(t, files)
		r, err := buildWith(t, dir, diff, Options{Include: tt.include, Exclude: tt.exclude})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range r.Front.Files {
			got = append(got, f.Path)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("include %v exclude %v: files %v, want %s", tt.include, tt.exclude, got, tt.want)
		}
	}
}

func TestIsSourceFile(t *testing.T) {
	for p, want := range map[string]bool{
		"a.js": true, "a.jsx": true, "a.mjs": true, "a.cjs": true, "a.ts": true, "a.tsx": true, "a.mts": true, "a.cts": true,
		"a.d.ts": false, "a.d.mts": false, "a.min.js": false, "a.json": false, "a": false,
		"test/a.js": false, "src/tests/a.js": false, "__tests__/a.js": false, "spec/a.js": false, "node_modules/x/a.js": false,
		"a.test.js": false, "a.spec.tsx": false, "a_test.js": false, "a-test.js": false,
		"src/latest.js": true, "src/testing.js": true, "contest/a.js": true,
		"src/a.bench.js": false, "src/a.benchmark.ts": false, "bench/a.js": false, "benchmark/a.js": false, "benchmarks/x/a.js": false,
		"example/a.js": false, "examples/basic/index.ts": false, "fixtures/a.js": false, "src/__fixtures__/a.js": false,
		"types/a.test-d.ts": false, "src/a.spec-d.ts": false,
		"src/benchmarking.js": true, "src/exampleData.js": true, "src/fixture.js": true, "src/bench.js": true,
	} {
		if got := IsSourceFile(p); got != want {
			t.Errorf("IsSourceFile(%q) = %v, want %v", p, got, want)
		}
	}
}
