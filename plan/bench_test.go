package plan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
)

// synthetic returns a JS module of about n lines written for these benchmarks: small functions
// with comparisons, arithmetic, returns, assignments, calls and chains.
func synthetic(n int) string {
	var b strings.Builder
	for i := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, `export function f%d(a, b, opts) {
  const limit = opts.limit ?? %d;
  if (a === b) return limit;
  let total = a - b;
  total += compute(a, b);
  if (total > limit) {
    total = limit;
  }
  log(name.trim().toUpperCase(), total);
  return total %% %d;
}

`, i, i, i+1)
	}
	return b.String()
}

// syntheticRepo writes the synthetic module and a diff adding every line of it.
func syntheticRepo(b *testing.B, n int) (dir, diffPath string, lines int) {
	src := synthetic(n)
	dir = b.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m.js"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	ls := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	var d strings.Builder
	fmt.Fprintf(&d, "--- /dev/null\n+++ b/m.js\n@@ -0,0 +1,%d @@\n", len(ls))
	for _, l := range ls {
		d.WriteString("+" + l + "\n")
	}
	diffPath = filepath.Join(dir, "patch.diff")
	if err := os.WriteFile(diffPath, []byte(d.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return dir, diffPath, len(ls)
}

// BenchmarkBuild plans a 2,000-line new file: diff reading, fit check, lexing, operators, and
// the parse check and equivalence filter of every line's winning candidate (esbuild dominates).
func BenchmarkBuild(b *testing.B) {
	dir, diffPath, n := syntheticRepo(b, 2000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Build(context.Background(), Options{Repo: dir, DiffPath: diffPath}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "added-lines/s")
}

// BenchmarkBuildNoCheck is the planner without esbuild: a file that does not parse is
// `parse: unchecked`, so this measures diff reading, lexing and operators alone.
func BenchmarkBuildNoCheck(b *testing.B) {
	dir, diffPath, n := syntheticRepo(b, 2000)
	src, _ := os.ReadFile(filepath.Join(dir, "m.js"))
	// A stray "}" on the last line makes the whole file unparseable.
	src = append(src[:len(src)-1], []byte("}\n")...)
	os.WriteFile(filepath.Join(dir, "m.js"), src, 0o644)
	d, _ := os.ReadFile(diffPath)
	ds := strings.Replace(string(d), "\n+\n", "\n+}\n", 0)
	ls := strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
	ds = fmt.Sprintf("--- /dev/null\n+++ b/m.js\n@@ -0,0 +1,%d @@\n+%s\n", len(ls), strings.Join(ls, "\n+"))
	os.WriteFile(diffPath, []byte(ds), 0o644)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := Build(context.Background(), Options{Repo: dir, DiffPath: diffPath})
		if err != nil {
			b.Fatal(err)
		}
		if r.Front.Files[0].Parse != ParseUnchecked {
			b.Fatal("file parsed")
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "added-lines/s")
}

// BenchmarkParseCheck is one candidate's check on a 2,000-line file, without and with the
// minified comparison.
func BenchmarkParseCheck(b *testing.B) {
	src := synthetic(2000)
	i := strings.Index(src, "if (a === b)")
	mutated := src[:i] + "if (a !== b)" + src[i+len("if (a === b)"):]
	for _, minify := range []bool{false, true} {
		b.Run(fmt.Sprintf("whole-file/minify=%v", minify), func(b *testing.B) {
			c := newChecker("m.js", src, minify)
			if !c.ok {
				b.Fatal(c.msg)
			}
			b.ResetTimer()
			for k := 0; k < b.N; k++ {
				if v := c.check(mutated); v.Reason != "" {
					b.Fatal(v)
				}
			}
		})
		b.Run(fmt.Sprintf("chunked/minify=%v", minify), func(b *testing.B) {
			c := newChecker("m.js", src, minify)
			spans := splitLines([]byte(src))
			c.useChunks(src, spans, operators.Lines(lex.NewFile("m.js", []byte(src)), nil))
			line := strings.Count(src[:i], "\n")
			text := src[spans[line].Start:spans[line].End]
			text = strings.Replace(text, "===", "!==", 1)
			b.ResetTimer()
			for k := 0; k < b.N; k++ {
				if v := c.checkLine(line, text); v.Reason != "" {
					b.Fatal(v)
				}
			}
		})
	}
}
