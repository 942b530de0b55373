package plan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// buildReal plans with the real operator table.
func buildReal(t testing.TB, files map[string]string, diffText string) (Result, error) {
	t.Helper()
	dir := testrepo.Files(t, files)
	p := filepath.Join(t.TempDir(), "patch.diff")
	if err := os.WriteFile(p, []byte(diffText), 0o644); err != nil {
		t.Fatal(err)
	}
	return Build(context.Background(), Options{Repo: dir, DiffPath: p})
}

func outcomes(lc LineCandidates) string {
	var out []string
	for _, c := range lc.Candidates {
		if c.Outcome != OutcomeNotFired {
			out = append(out, c.Operator+"="+c.Outcome)
		}
	}
	return strings.Join(out, " ")
}

func TestRealContinuedReturnDeletion(t *testing.T) {
	// delete-statement reads `return x` as a complete statement, but the expression goes on
	// with `.trim()` on the next line: the mutated file does not parse, esbuild says where, and
	// the candidate is discarded rather than handed to the oracle as a kill it never made.
	src := "export function f(x) {\n  return x\n    .trim();\n}\n"
	r, err := buildReal(t, map[string]string{"c.js": src}, "--- a/c.js\n+++ b/c.js\n@@ -1,3 +1,4 @@\n export function f(x) {\n+  return x\n     .trim();\n }\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Mutants) != 0 {
		t.Errorf("mutants %v", rows(r))
	}
	if len(r.Front.Discarded) != 1 || r.Front.Discarded[0].Operator != "delete-statement" || r.Front.Discarded[0].Reason != ReasonUnparseable {
		t.Fatalf("discarded %+v", r.Front.Discarded)
	}
	if msg := r.Front.Discarded[0].Message; !strings.HasPrefix(msg, "3:") {
		t.Errorf("esbuild message %q does not point at line 3", msg)
	}
	if got := outcomes(r.Lines[0]); got != "delete-statement=unparseable" {
		t.Errorf("outcomes %s", got)
	}
}

func TestRealContinuedReturnFallsThrough(t *testing.T) {
	// With a two-argument call on the line, the discarded deletion is not the last word: the
	// operators are tried in order and swap-call-arguments, earlier in the table, wins; the
	// deletion is only reached (and discarded) for the line without the call.
	src := "export function f(x, a, b) {\n  return g(a, b)\n    .trim();\n}\n"
	r, err := buildReal(t, map[string]string{"c.js": src}, "--- a/c.js\n+++ b/c.js\n@@ -1,3 +1,4 @@\n export function f(x, a, b) {\n+  return g(a, b)\n     .trim();\n }\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows(r), "\n"); got != `c.js:2 swap-call-arguments: "  return g(b, a)"` {
		t.Errorf("mutants %s", got)
	}
	if got := outcomes(r.Lines[0]); got != "swap-call-arguments=chosen delete-statement=shadowed" {
		t.Errorf("outcomes %s", got)
	}
}

func TestRealDeadCodeEquivalent(t *testing.T) {
	src := "export function f(a) {\n  if (false) {\n    a.n = a.n === 1;\n  }\n  return a;\n}\n"
	r, err := buildReal(t, map[string]string{"d.js": src}, "--- a/d.js\n+++ b/d.js\n@@ -2,2 +2,3 @@\n   if (false) {\n+    a.n = a.n === 1;\n   }\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Mutants) != 0 {
		t.Errorf("mutants %v", rows(r))
	}
	got := outcomes(r.Lines[0])
	if got != "invert-comparison=equivalent-by-compilation replace-assigned-value=equivalent-by-compilation delete-statement=equivalent-by-compilation" {
		t.Errorf("outcomes %s", got)
	}
}

func TestRealTypeScript(t *testing.T) {
	src := "export function pick<T>(xs: Array<T>, n: number): T | undefined {\n  if (n >= xs.length) return undefined;\n  return xs[n];\n}\n"
	r, err := buildReal(t, map[string]string{"p.ts": src}, "--- a/p.ts\n+++ b/p.ts\n@@ -1,2 +1,3 @@\n export function pick<T>(xs: Array<T>, n: number): T | undefined {\n+  if (n >= xs.length) return undefined;\n   return xs[n];\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows(r), "\n"); got != `p.ts:2 invert-comparison: "  if (n < xs.length) return undefined;"` {
		t.Errorf("mutants %s", got)
	}
	if f := r.Front.Files[0]; f.Loader != "ts" || f.Parse != ParseOK {
		t.Errorf("file %+v", f)
	}
}
