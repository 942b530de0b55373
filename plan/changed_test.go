package plan

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// argsSrc is the patched file of the changed-tokens fixture: a patch adds
// `&& !arg.match(negative)` to an existing condition.
const argsSrc = `const negative = /^-\d/;

function isFlag(arg) {
  if (arg.length > 1 && arg.match(/^-[^-]+/) && !arg.match(negative)) {
    return true;
  }
  return false;
}
`

const argsDiff = `--- a/args.js
+++ b/args.js
@@ -3,3 +3,3 @@ const negative = /^-\d/;
 function isFlag(arg) {
-  if (arg.length > 1 && arg.match(/^-[^-]+/)) {
+  if (arg.length > 1 && arg.match(/^-[^-]+/) && !arg.match(negative)) {
     return true;
`

// buildSet plans diffText against files with the real operators of set n.
func buildSet(t *testing.T, files map[string]string, diffText string, o Options) Result {
	t.Helper()
	dir := testrepo.Files(t, files)
	p := filepath.Join(t.TempDir(), "patch.diff")
	if err := os.WriteFile(p, []byte(diffText), 0o644); err != nil {
		t.Fatal(err)
	}
	o.Repo, o.DiffPath = dir, p
	r, err := Build(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// A modified line gets its mutant on the tokens the patch added with --changed-first (issue 27):
// the added conjunct, not the old `arg.length > 1` that the higher-ranked boundary-comparison
// reaches first; the rank rule stays what it was, and says its mutant is outside the change.
func TestChangedFirst(t *testing.T) {
	files := map[string]string{"args.js": argsSrc}
	rank := buildSet(t, files, argsDiff, Options{OperatorSet: 2})
	first := buildSet(t, files, argsDiff, Options{OperatorSet: 2, ChangedFirst: true})
	if len(rank.Mutants) != 1 || len(first.Mutants) != 1 {
		t.Fatalf("mutants: rank %v, changed-first %v", rows(rank), rows(first))
	}
	r, f := rank.Mutants[0], first.Mutants[0]
	if r.Operator != "boundary-comparison" || r.ChangedTokens != OnOldTokens {
		t.Errorf("rank rule: %s %q (%s), want boundary-comparison on the old comparison, outside", r.Operator, r.Change, r.ChangedTokens)
	}
	if f.Operator != "logical-operand" || f.Change.From != "!arg.match(negative)" || f.Change.To != "true" || f.ChangedTokens != OnChangedTokens {
		t.Errorf("changed-first: %s %q (%s), want logical-operand !arg.match(negative) → true, inside", f.Operator, f.Change, f.ChangedTokens)
	}
	if rank.Front.Budget.Rule != "" || first.Front.Budget.Rule != RuleChangedFirst {
		t.Errorf("rules %q and %q", rank.Front.Budget.Rule, first.Front.Budget.Rule)
	}
	if rank.Front.Operators.Digest == first.Front.Operators.Digest {
		t.Errorf("the changed-first rule does not change the digest %s", rank.Front.Operators.Digest)
	}
	set2, err := OperatorSetFor(2, BudgetInfo{Total: DefaultBudgetSet2, PerOperator: DefaultBudgetSet2})
	if err != nil {
		t.Fatal(err)
	}
	if rank.Front.Operators.Digest != set2.Digest {
		t.Errorf("the rank rule's digest %s is not set 2's %s", rank.Front.Operators.Digest, set2.Digest)
	}
	// Set 1 has no operator inside the change: the rank rule's mutant, marked outside.
	one := buildSet(t, files, argsDiff, Options{ChangedFirst: true})
	if len(one.Mutants) != 1 || one.Mutants[0].Operator != "invert-comparison" || one.Mutants[0].ChangedTokens != OnOldTokens {
		t.Errorf("set 1 changed-first: %v", rows(one))
	}
}

// Each candidate says how its edit relates to the change; a new line is "line".
func TestChangedTokensRelation(t *testing.T) {
	src := "let a = f(x, y);\nlet b = g(1);\nlet c = h(2);\n"
	diff := "--- a/a.js\n+++ b/a.js\n@@ -1,2 +1,3 @@\n-let a = f(x);\n+let a = f(x, y);\n+let b = g(1);\n-let c = 2;\n+let c = h(2);\n"
	r := buildSet(t, map[string]string{"a.js": src}, diff, Options{})
	got := map[int]string{}
	for _, lc := range r.Lines {
		var parts []string
		for _, c := range lc.Candidates {
			if c.Mutated != nil {
				parts = append(parts, c.Operator+":"+c.ChangedTokens)
			}
		}
		got[lc.Line] = strings.Join(parts, " ")
	}
	// Line 1: `, y` is new: swap-call-arguments swaps x and y (overlaps: x is old), the
	// assigned value covers old and new tokens, deletion covers the line.
	want := map[int]string{
		1: "replace-assigned-value:overlaps swap-call-arguments:overlaps delete-statement:overlaps",
		2: "replace-assigned-value:line delete-statement:line",
		3: "replace-assigned-value:overlaps delete-statement:overlaps",
	}
	for n, w := range want {
		if got[n] != w {
			t.Errorf("line %d: %s, want %s", n, got[n], w)
		}
	}
}

// The kinds of lines that hold no code: they get no mutant, are listed in non_code, and the
// lines around them are planned as before.
func TestNonCodeLines(t *testing.T) {
	src := "function f(a) {\n  // a comment\n\n  /* block\n     comment */\n  g(a);\n  return [\n    a,\n  ];\n}\n"
	var diff strings.Builder
	diff.WriteString("--- /dev/null\n+++ b/a.js\n@@ -0,0 +1,10 @@\n")
	for _, l := range strings.SplitAfter(strings.TrimSuffix(src, "\n"), "\n") {
		diff.WriteString("+" + strings.TrimSuffix(l, "\n") + "\n")
	}
	r := buildSet(t, map[string]string{"a.js": src}, diff.String(), Options{Budget: 20, PerOperator: 20})
	var nc []string
	for _, l := range r.Front.Files[0].NonCode {
		nc = append(nc, fmt.Sprintf("%d:%s", l.Line, l.Kind))
	}
	if want := "2:comment 3:blank 4:comment 5:comment 9:punctuation 10:punctuation"; strings.Join(nc, " ") != want {
		t.Errorf("non-code lines %s, want %s", strings.Join(nc, " "), want)
	}
	for _, m := range r.Mutants {
		if k := KindOf(r.Front.Files[0].NonCode, m.Line); k != "" {
			t.Errorf("a mutant on %s line %d: %s", k, m.Line, m.Mutated)
		}
	}
	for _, lc := range r.Lines {
		if lc.Kind != "" && len(lc.Candidates) != 0 {
			t.Errorf("line %d (%s) was offered to the operators", lc.Line, lc.Kind)
		}
	}
}

// A line moved out of an else (it now runs on every path) is new behaviour and is mutated; a
// line moved into a new if, and into another function, too; a re-indent inside blocks that
// did not change, and a function moved whole, are not.
func TestMovedIntoOtherBlocks(t *testing.T) {
	for _, tt := range []struct {
		name, src, diff string
		moved           []int
		unchanged       []int
	}{{
		name: "out of an else",
		src:  "function f(x) {\n  if (x) {\n    a();\n  }\n  b();\n}\n",
		diff: "--- a/a.js\n+++ b/a.js\n@@ -1,8 +1,6 @@\n function f(x) {\n   if (x) {\n     a();\n-  } else {\n-    b();\n-  }\n+  }\n+  b();\n }\n",
		// `}` (line 4) is a removed `}` moved: punctuation, unchanged; b() changed block.
		moved:     []int{5},
		unchanged: []int{4},
	}, {
		name:  "into a new if",
		src:   "if (ready) {\n  go();\n}\n",
		diff:  "--- a/a.js\n+++ b/a.js\n@@ -1 +1,3 @@\n-go();\n+if (ready) {\n+  go();\n+}\n",
		moved: []int{2},
	}, {
		name:  "into another function",
		src:   "function a() {\n}\nfunction b() {\n  step();\n}\n",
		diff:  "--- a/a.js\n+++ b/a.js\n@@ -1,5 +1,5 @@\n function a() {\n-  step();\n }\n function b() {\n+  step();\n }\n",
		moved: []int{4},
	}, {
		name:      "re-indent inside an unchanged block",
		src:       "if (x) {\n    go();\n}\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1,3 +1,3 @@\n if (x) {\n-  go();\n+    go();\n }\n",
		unchanged: []int{2},
	}, {
		name:      "a function moved whole",
		src:       "function b() {\n  two();\n}\nfunction a() {\n  one();\n}\n",
		diff:      "--- a/a.js\n+++ b/a.js\n@@ -1,6 +1,6 @@\n-function a() {\n-  one();\n-}\n function b() {\n   two();\n }\n+function a() {\n+  one();\n+}\n",
		unchanged: []int{4, 5, 6},
	}} {
		t.Run(tt.name, func(t *testing.T) {
			r := buildSet(t, map[string]string{"a.js": tt.src}, tt.diff, Options{})
			var moved []int
			mutated := map[int]bool{}
			for _, f := range r.Front.Files {
				moved = append(moved, f.Moved...)
			}
			for _, m := range r.Mutants {
				mutated[m.Line] = true
				if m.ChangedTokens != OnNewLine && mutated[m.Line] && contains(tt.moved, m.Line) {
					t.Errorf("moved line %d's mutant is %q, want %q", m.Line, m.ChangedTokens, OnNewLine)
				}
			}
			var un []int
			for _, u := range r.Front.Unchanged {
				un = append(un, u.Lines...)
			}
			if fmt.Sprint(moved) != fmt.Sprint(tt.moved) && !(len(moved) == 0 && len(tt.moved) == 0) {
				t.Errorf("moved %v, want %v", moved, tt.moved)
			}
			if fmt.Sprint(un) != fmt.Sprint(tt.unchanged) && !(len(un) == 0 && len(tt.unchanged) == 0) {
				t.Errorf("unchanged %v, want %v", un, tt.unchanged)
			}
			for _, n := range tt.moved {
				if !mutated[n] {
					t.Errorf("moved line %d has no mutant: %v", n, rows(r))
				}
			}
		})
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// The old file is the patched one with each hunk's new side replaced by its old side.
func TestRebuildOld(t *testing.T) {
	changes, err := parseDiff([]byte("--- a/a.js\n+++ b/a.js\n@@ -1,3 +1,2 @@\n a\n-b\n-c\n+C\n@@ -6 +5,2 @@\n-f\n+F\n+G\n"))
	if err != nil {
		t.Fatal(err)
	}
	old, starts, ok := rebuildOld([]byte("a\nC\nd\ne\nF\nG\nh\n"), changes[0].Hunks)
	if !ok || string(old) != "a\nb\nc\nd\ne\nf\nh\n" || fmt.Sprint(starts) != "[1 6]" {
		t.Errorf("rebuilt %q %v %v", old, starts, ok)
	}
	if _, _, ok := rebuildOld([]byte("a\n"), changes[0].Hunks); ok {
		t.Error("hunks past the file's end rebuilt")
	}
}

// The shapes issue 27 found on held-out commits where set 2's rank put the line's mutant on old
// code: a `?.` the patch added (lost to force-condition), a new operand of a compound condition
// (lost to invert-comparison). With --changed-first each gets its mutant on the new tokens
// (force-condition replaces the whole condition, old and new tokens: overlaps).
func TestChangedFirstShapes(t *testing.T) {
	src := "function f(a, list, x, y) {\n  if (a?.b.c) {\n    return 1;\n  }\n  if (x === y && list.length > 0) {\n    return 2;\n  }\n}\n"
	diff := "--- a/a.js\n+++ b/a.js\n@@ -1,8 +1,8 @@\n function f(a, list, x, y) {\n-  if (a.b.c) {\n+  if (a?.b.c) {\n     return 1;\n   }\n-  if (x === y) {\n+  if (x === y && list.length > 0) {\n     return 2;\n   }\n }\n"
	files := map[string]string{"a.js": src}
	want := map[bool][]string{
		false: {`a.js:2 force-condition "a?.b.c"→"false" overlaps`, `a.js:5 invert-comparison "==="→"!==" outside`},
		true:  {`a.js:2 plain-optional-chain "?."→"." inside`, `a.js:5 boundary-comparison ">"→">=" inside`},
	}
	for _, cf := range []bool{false, true} {
		r := buildSet(t, files, diff, Options{OperatorSet: 2, ChangedFirst: cf})
		var got []string
		for _, m := range r.Mutants {
			got = append(got, fmt.Sprintf("%s:%d %s %q→%q %s", m.Path, m.Line, m.Operator, m.Change.From, m.Change.To, m.ChangedTokens))
		}
		if strings.Join(got, "\n") != strings.Join(want[cf], "\n") {
			t.Errorf("changed-first %v:\n got %s\nwant %s", cf, strings.Join(got, "\n     "), strings.Join(want[cf], "\n     "))
		}
	}
}
