package plan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bond-tool/bond/internal/input"
)

// FuzzDiff feeds arbitrary bytes to the diff reader: it must never panic, every error must be an
// input.Error, and every added line it reports has a positive number, increasing within a file,
// and no "\n" in its text. Crashers found are kept under testdata/fuzz/FuzzDiff.
func FuzzDiff(f *testing.F) {
	for _, s := range []string{
		"",
		"--- a/a.js\n+++ b/a.js\n@@ -1 +1,2 @@\n a();\n+b();\n",
		"diff --git a/x.js b/y.js\nsimilarity index 90%\nrename from x.js\nrename to y.js\n--- a/x.js\n+++ b/y.js\n@@ -1,0 +2 @@\n+z();\n",
		"diff --git a/n.js b/n.js\nnew file mode 100644\n--- /dev/null\n+++ b/n.js\n@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file\n",
		"diff --git a/p.png b/p.png\nBinary files a/p.png and b/p.png differ\n",
		"diff --git a/m.js b/m.js\nold mode 100644\nnew mode 100755\n",
		"--- a/w.js\r\n+++ b/w.js\r\n@@ -1 +1,2 @@\r\n a\r\n+b\r\n",
		"--- a/../x.js\n+++ b/../x.js\n@@ -0,0 +1 @@\n+x\n",
		"@@ -1 +1 @@\n-a\n+b\n",
		"--- a/a.js\n+++ b/a.js\n@@ -2147483647,2 +2147483647,2 @@\n+a\n+b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		changes, err := parseDiff(data)
		if err != nil {
			if !input.Is(err) {
				t.Fatalf("error is not an input.Error: %v", err)
			}
			return
		}
		for _, c := range changes {
			if c.Path == "" || strings.HasPrefix(c.Path, "/") {
				t.Fatalf("bad path %q", c.Path)
			}
			for _, part := range strings.Split(c.Path, "/") {
				if part == ".." {
					t.Fatalf("path with ..: %q", c.Path)
				}
			}
			prev := 0
			for _, a := range c.Added {
				if a.Number <= prev {
					t.Fatalf("%s: line numbers not increasing: %d after %d", c.Path, a.Number, prev)
				}
				if strings.Contains(a.Text, "\n") {
					t.Fatalf("%s:%d: text has a newline", c.Path, a.Number)
				}
				prev = a.Number
			}
		}
	})
}

// FuzzPlanFile plans a file whose every line is added, with the real operators and esbuild:
// no panic, every mutant differs from its line, its column is inside the line, and applying it
// changes exactly that one line (so every later line keeps its number).
func FuzzPlanFile(f *testing.F) {
	for _, s := range []string{
		"if (a === b) f(x, y);\nreturn x\n  .trim();\n",
		"const s = `a${b ? `c${d}` : '}'}`; total -= n;\r\nx = /,\\//g.test(y) ? 1 : 2;\n",
		"class A { #p = 1; get p() { return this.#p; } }\n",
		"let x = 0n;\nwhile (x < 10) { x++; }\n/* open\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 || !utf8ValidString(src) {
			return
		}
		dir := t.TempDir()
		if err := writeFile(dir, "f.js", src); err != nil {
			t.Fatal(err)
		}
		spans := splitLines([]byte(src))
		var d strings.Builder
		d.WriteString("--- /dev/null\n+++ b/f.js\n")
		fmt.Fprintf(&d, "@@ -0,0 +1,%d @@\n", len(spans))
		for _, sp := range spans {
			d.WriteString("+" + src[sp.Start:sp.End] + "\n")
		}
		if len(spans) == 0 {
			return
		}
		if err := writeFile(dir, "p.diff", d.String()); err != nil {
			t.Fatal(err)
		}
		r, err := Build(context.Background(), Options{Repo: dir, DiffPath: filepath.Join(dir, "p.diff"), Budget: 100, PerOperator: 100})
		if err != nil {
			if !input.Is(err) {
				t.Fatalf("not an input.Error: %v", err)
			}
			return
		}
		for _, m := range r.Mutants {
			if m.Mutated == m.Original {
				t.Fatalf("%s: mutant equals its line %q", m.Operator, m.Original)
			}
			if m.Column < 1 || m.Column > len(m.Original)+1 {
				t.Fatalf("%s: column %d outside %q", m.Operator, m.Column, m.Original)
			}
			out, err := Apply([]byte(src), m)
			if err != nil {
				t.Fatal(err)
			}
			after := splitLines(out)
			if len(after) != len(spans) && !(len(after) == len(spans)-1 && m.Mutated == "" && m.Line == len(spans)) {
				t.Fatalf("%s: line count %d → %d", m.Operator, len(spans), len(after))
			}
			for i := range after {
				if i == m.Line-1 || i >= len(spans) {
					continue
				}
				if string(out[after[i].Start:after[i].End]) != src[spans[i].Start:spans[i].End] {
					t.Fatalf("%s: line %d changed too", m.Operator, i+1)
				}
			}
		}
	})
}

func utf8ValidString(s string) bool { return utf8.ValidString(s) }

func writeFile(dir, name, s string) error {
	return os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644)
}

// FuzzChangedFirst plans a file that replaces another (one hunk: every old line removed, every
// new one added) under set 2 with --changed-first: no panic, each mutant differs from its line
// and stays on it, and says how it relates to the change with one of the four values; at a
// budget that cuts, the rule's second version keeps the changed tokens first.
func FuzzChangedFirst(f *testing.F) {
	f.Add("if (a > 1 && b) {\n  go();\n} else {\n  stop();\n}\n", "if (a > 1 && b && !c) {\n  go();\n}\nstop();\n")
	f.Add("x = f(a);\n", "x = f(a, b);\n// note\n\n}\n")
	f.Add("/* open\n", "`a${b}\n")
	f.Add("if (arg.length > 1 && arg.match(/^-[^-]+/)) {\n  return true;\n}\n", "const dash = arg === '-';\nif (arg.length > 1 && arg.match(/^-[^-]+/) && !arg.match(negative)) {\n  return dash;\n}\nconst two = arg === '--';\n")
	f.Fuzz(func(t *testing.T, old, src string) {
		if len(old)+len(src) > 4096 || !utf8ValidString(old) || !utf8ValidString(src) {
			return
		}
		olds, news := splitLines([]byte(old)), splitLines([]byte(src))
		if len(olds) == 0 || len(news) == 0 {
			return
		}
		dir := t.TempDir()
		if err := writeFile(dir, "f.js", src); err != nil {
			t.Fatal(err)
		}
		var d strings.Builder
		fmt.Fprintf(&d, "--- a/f.js\n+++ b/f.js\n@@ -1,%d +1,%d @@\n", len(olds), len(news))
		for _, sp := range olds {
			d.WriteString("-" + old[sp.Start:sp.End] + "\n")
		}
		for _, sp := range news {
			d.WriteString("+" + src[sp.Start:sp.End] + "\n")
		}
		if err := writeFile(dir, "p.diff", d.String()); err != nil {
			t.Fatal(err)
		}
		r, err := Build(context.Background(), Options{Repo: dir, DiffPath: filepath.Join(dir, "p.diff"), OperatorSet: 2, ChangedFirst: true})
		if err != nil {
			if !input.Is(err) {
				t.Fatalf("not an input.Error: %v", err)
			}
			return
		}
		for _, m := range r.Mutants {
			if m.Mutated == m.Original || m.Column < 1 || m.Column > len(m.Original)+1 {
				t.Fatalf("%s: mutant %q of %q at column %d", m.Operator, m.Mutated, m.Original, m.Column)
			}
			switch m.ChangedTokens {
			case OnNewLine, OnChangedTokens, OnOverlap, OnOldTokens:
			default:
				t.Fatalf("%s: changed_tokens %q", m.Operator, m.ChangedTokens)
			}
			if _, err := Apply([]byte(src), m); err != nil {
				t.Fatal(err)
			}
		}
		// At a budget of 2 the cut binds: both versions of the rule keep as many mutants of
		// the same proposals, and version 2, whose one hunk takes its mutants inside the change
		// first, keeps at least as many inside it as version 1.
		o := Options{Repo: dir, DiffPath: filepath.Join(dir, "p.diff"), OperatorSet: 2, ChangedFirst: true, Budget: 2}
		v2, err := Build(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		o.ChangedFirstV1 = true
		v1, err := Build(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		ids := func(r Result) (all map[string]bool, inside int) {
			all = map[string]bool{}
			for _, m := range r.Mutants {
				all[m.ID] = true
				if m.ChangedTokens == OnChangedTokens {
					inside++
				}
			}
			for _, c := range r.Front.Cut {
				all[c.ID] = true
			}
			return all, inside
		}
		a1, in1 := ids(v1)
		a2, in2 := ids(v2)
		if len(v1.Mutants) != len(v2.Mutants) || fmt.Sprint(a1) != fmt.Sprint(a2) || in2 < in1 {
			t.Fatalf("budget 2: version 1 keeps %d (%d inside) of %v, version 2 %d (%d inside) of %v", len(v1.Mutants), in1, a1, len(v2.Mutants), in2, a2)
		}
	})
}
