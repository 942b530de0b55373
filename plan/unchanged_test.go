package plan

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestUnchangedBehaviour covers SPEC §2.1's "an added line is new behaviour": re-indented,
// re-wrapped and moved lines get no mutant and are counted as unchanged-behaviour.
func TestUnchangedBehaviour(t *testing.T) {
	for _, tt := range []struct {
		name, src, diff string
		mutants         []string // lines that got a mutant
		unchanged       []int
	}{{
		name:      "re-indent",
		src:       "if (x) {\n  go();\n}\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1,3 +1,3 @@\n if (x) {\n-go();\n+  go();\n }\n",
		unchanged: []int{2},
	}, {
		name:      "re-wrap: two lines joined",
		src:       "f(a, b);\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1,2 +1 @@\n-f(a,\n-  b);\n+f(a, b);\n",
		unchanged: []int{1},
	}, {
		name:      "moved within the file, and one real change",
		src:       "b();\nreturn x === y;\na();\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1,3 +1,3 @@\n-a();\n+b();\n+return x === y;\n a();\n-b();\n",
		mutants:   []string{"a.js:2"},
		unchanged: []int{1},
	}, {
		name:      "a changed line is new behaviour",
		src:       "return x === y;\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1 +1 @@\n-return x == y;\n+return x === y;\n",
		mutants:   []string{"a.js:1"},
		unchanged: nil,
	}, {
		name:      "CRLF re-indent",
		src:       "if (x) {\r\n\tgo();\r\n}\r\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1,3 +1,3 @@\n if (x) {\r\n-  go();\r\n+\tgo();\r\n }\r\n",
		unchanged: []int{2},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			dir := testrepo.Files(t, map[string]string{"a.js": tt.src})
			r, err := buildWith(t, dir, tt.diff, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range r.Mutants {
				got = append(got, fmt.Sprintf("%s:%d", m.Path, m.Line))
			}
			if strings.Join(got, " ") != strings.Join(tt.mutants, " ") {
				t.Errorf("mutants on %v, want %v", got, tt.mutants)
			}
			var un []int
			for _, u := range r.Front.Unchanged {
				un = append(un, u.Lines...)
			}
			if fmt.Sprint(un) != fmt.Sprint(tt.unchanged) {
				t.Errorf("unchanged-behaviour lines %v, want %v", un, tt.unchanged)
			}
			if r.Front.UnchangedCount() != len(tt.unchanged) {
				t.Errorf("UnchangedCount %d, want %d", r.Front.UnchangedCount(), len(tt.unchanged))
			}
			for _, f := range r.Front.Files {
				for _, a := range f.Added {
					for _, u := range tt.unchanged {
						if a == u {
							t.Errorf("line %d is both added and unchanged-behaviour", a)
						}
					}
				}
			}
		})
	}
}

// TestBaseCopyDetection: with --base, git's copy detection (-C) pairs a copied file with its
// source, so only the line the copy changed is mutated; the rest is counted as paired.
func TestBaseCopyDetection(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not on PATH; CI must have it: the test would prove nothing skipped")
	}
	body := "function f(a) {\n  return a === 1;\n}\nfunction g(b) {\n  return b === 2;\n}\nmodule.exports = { f, g };\n"
	dir := testrepo.Files(t, map[string]string{"src/a.js": body})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "base")
	git("tag", "base")
	// The patch copies a.js to b.js changing one line, and edits a.js (copy detection without
	// --find-copies-harder needs the source modified in the same change).
	changed := strings.Replace(body, "b === 2", "b === 3", 1)
	for name, c := range map[string]string{"src/b.js": changed, "src/a.js": body + "// end\n"} {
		if err := writeFile(dir, name, c); err != nil {
			t.Fatal(err)
		}
	}
	git("add", "-A")
	r, err := build(context.Background(), Options{Repo: dir, Base: "base"}, testTable())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range r.Mutants {
		got = append(got, fmt.Sprintf("%s:%d %s", m.Path, m.Line, m.Operator))
	}
	if len(r.Mutants) == 0 || r.Mutants[0].Path != "src/a.js" && r.Mutants[0].Path != "src/b.js" {
		t.Fatalf("mutants %v", got)
	}
	for _, m := range r.Mutants {
		if m.Path == "src/b.js" && m.Line != 5 {
			t.Errorf("mutant on a copied, unchanged line: %v", got)
		}
	}
	paired := 0
	for _, u := range r.Front.Unchanged {
		if u.Path == "src/b.js" {
			paired = u.Paired
		}
	}
	if paired != 6 {
		t.Errorf("src/b.js paired lines %d, want 6 (7 lines, 1 changed); unchanged %+v", paired, r.Front.Unchanged)
	}
}

// TestIncludeOverridesNotSource: bench, example, fixture and type-test files are not planned by
// default; an --include glob plans them.
func TestIncludeOverridesNotSource(t *testing.T) {
	files := map[string]string{"bench/a.js": "a();\n", "src/b.js": "b();\n"}
	diff := "--- a/bench/a.js\n+++ b/bench/a.js\n@@ -0,0 +1 @@\n+a();\n--- a/src/b.js\n+++ b/src/b.js\n@@ -0,0 +1 @@\n+b();\n"
	for _, tt := range []struct {
		include []string
		want    string
	}{{nil, "src/b.js"}, {[]string{"bench/**", "src/**"}, "bench/a.js src/b.js"}} {
		r, err := buildWith(t, testrepo.Files(t, files), diff, Options{Include: tt.include})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range r.Front.Files {
			got = append(got, f.Path)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("include %v: files %v, want %s", tt.include, got, tt.want)
		}
	}
}
