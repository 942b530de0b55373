package plan

import (
	"fmt"
	"strings"
	"testing"
)

// flagsSrc is the patched file of the cut-order fixture. Its first hunk (lines 4-5) adds a wholly
// new line 4, whose one mutant is set 3's first operator (invert-comparison on `===`), and
// modifies line 5 by adding the conjunct `&& !arg.match(negative)`, whose mutant under
// changed-first is logical-operand on that conjunct, inside the change; its second hunk (lines
// 11-14) adds a new function.
const flagsSrc = `const negative = /^-\d/;

function isFlag(arg) {
  const dash = arg === '-';
  if (arg.length > 1 && arg.match(/^-[^-]+/) && !arg.match(negative)) {
    return true;
  }
  return false;
}

function isLong(arg) {
  return arg.length > 2 && arg[1] === '-';
}

`

const flagsDiff = `--- a/flags.js
+++ b/flags.js
@@ -3,3 +3,4 @@ const negative = /^-\d/;
 function isFlag(arg) {
-  if (arg.length > 1 && arg.match(/^-[^-]+/)) {
+  const dash = arg === '-';
+  if (arg.length > 1 && arg.match(/^-[^-]+/) && !arg.match(negative)) {
     return true;
@@ -9,0 +11,4 @@ function isFlag(arg) {
+function isLong(arg) {
+  return arg.length > 2 && arg[1] === '-';
+}
+
`

// Under changed-first's version 2 the budget's cut keeps a mutant on the tokens the patch
// changed before one on a wholly new line (issue 27's residual: version 1's cut ranked by
// operator rank alone, so a one-slot budget went to line 4's invert-comparison and cut line 5's
// mutant on the conjunct the patch added). It does so inside the spread: with two slots the
// second hunk gets its one mutant before the first hunk gets a second, under both versions.
// Version 1 keeps its name, its cut and its messages; the two versions have two digests.
func TestChangedFirstCutKeepsChangedTokens(t *testing.T) {
	files := map[string]string{"flags.js": flagsSrc}
	for _, c := range []struct {
		name  string
		o     Options
		want  []int // lines planned, in diff order
		rule  string
		cutBy string
	}{
		{"v1, budget 1", Options{OperatorSet: 3, Budget: 1, ChangedFirst: true, ChangedFirstV1: true}, []int{4}, "changed-first", "(by operator rank)"},
		{"v2, budget 1", Options{OperatorSet: 3, Budget: 1, ChangedFirst: true}, []int{5}, "changed-first-2", "(by changed tokens first, then operator rank)"},
		{"v1, budget 2", Options{OperatorSet: 3, Budget: 2, ChangedFirst: true, ChangedFirstV1: true}, []int{4, 12}, "changed-first", "(by operator rank)"},
		{"v2, budget 2", Options{OperatorSet: 3, Budget: 2, ChangedFirst: true}, []int{5, 12}, "changed-first-2", "(by changed tokens first, then operator rank)"},
		{"v2, budget 3", Options{OperatorSet: 3, Budget: 3, ChangedFirst: true}, []int{4, 5, 12}, "changed-first-2", ""},
		{"v2 with shape-order, budget 1", Options{OperatorSet: 3, Budget: 1, ChangedFirst: true, ShapeOrder: true}, []int{5}, "changed-first-2+shape-order-2", "(by changed tokens first, then the line's pick: shape-first operators, then operator rank)"},
		{"set 2, v2, budget 1", Options{OperatorSet: 2, Budget: 1, ChangedFirst: true}, []int{5}, "changed-first-2", "(by changed tokens first, then operator rank)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := buildSet(t, files, flagsDiff, c.o)
			var got []int
			for _, m := range r.Mutants {
				got = append(got, m.Line)
				if m.Line == 5 && (m.ChangedTokens != OnChangedTokens || m.Change.From != "!arg.match(negative)") {
					t.Errorf("line 5: %s %q (%s), want its mutant on the added conjunct, inside", m.Operator, m.Change, m.ChangedTokens)
				}
				if m.Line != 5 && m.ChangedTokens != OnNewLine {
					t.Errorf("line %d: changed_tokens %q, want %q", m.Line, m.ChangedTokens, OnNewLine)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("planned lines %v (%v), want %v", got, rows(r), c.want)
			}
			if r.Front.Budget.Rule != c.rule {
				t.Errorf("rule %q, want %q", r.Front.Budget.Rule, c.rule)
			}
			for _, cut := range r.Front.Cut {
				if cut.Reason != ReasonBudget || !strings.Contains(cut.Message, c.cutBy) {
					t.Errorf("cut line %d: reason %q, message %q; want %q", cut.Line, cut.Reason, cut.Message, c.cutBy)
				}
			}
		})
	}
	v1 := buildSet(t, files, flagsDiff, Options{OperatorSet: 3, ChangedFirst: true, ChangedFirstV1: true})
	v2 := buildSet(t, files, flagsDiff, Options{OperatorSet: 3, ChangedFirst: true})
	if v1.Front.Operators.Digest == v2.Front.Operators.Digest {
		t.Errorf("changed-first's two versions share the digest %s", v1.Front.Operators.Digest)
	}
	// ChangedFirstV1 alone is not a rule: without ChangedFirst the plan is the rank's.
	a := buildSet(t, files, flagsDiff, Options{OperatorSet: 3, Budget: 1})
	b := buildSet(t, files, flagsDiff, Options{OperatorSet: 3, Budget: 1, ChangedFirstV1: true})
	if a.Front.Operators.Digest != b.Front.Operators.Digest || fmt.Sprint(rows(a)) != fmt.Sprint(rows(b)) || b.Front.Budget.Rule != "" {
		t.Errorf("ChangedFirstV1 without ChangedFirst changed the plan")
	}
}

// cutRank under each rule, and set 1's fill (which does not spread over hunks, SPEC §2.5) under
// changed-first's version 2: the mutants inside the changed tokens rank first whatever their
// operator, then the operator rank; the per-operator cap still binds. Without cutByChange the
// rank is the operators' alone, and the message says so in version 1's words.
func TestCutRankChangedTier(t *testing.T) {
	ops := testTable() // flip, ret, ...
	proposed := []*Mutant{
		{Path: "a.js", Line: 1, Operator: "flip", ChangedTokens: OnNewLine},
		{Path: "a.js", Line: 2, Operator: "ret", ChangedTokens: OnChangedTokens},
		{Path: "a.js", Line: 3, Operator: "flip", ChangedTokens: OnOldTokens},
		{Path: "a.js", Line: 4, Operator: "ret", ChangedTokens: OnOverlap},
		{Path: "a.js", Line: 5, Operator: "ret", ChangedTokens: OnChangedTokens},
	}
	for _, c := range []struct {
		rule       pickRule
		total, per int
		want       string
		by         string
	}{
		{pickRule{changedFirst: true}, 2, 2, "[1 3]", ""},
		{pickRule{changedFirst: true, cutByChange: true}, 2, 2, "[2 5]", "by changed tokens first, then operator rank"},
		{pickRule{changedFirst: true, cutByChange: true}, 3, 2, "[1 2 5]", "by changed tokens first, then operator rank"},
		// per-operator 1: one ret (line 2, inside), then one flip (line 1, the first by rank)
		{pickRule{changedFirst: true, cutByChange: true}, 3, 1, "[1 2]", "by changed tokens first, then operator rank"},
	} {
		rank, by := cutRank(proposed, nil, ops, c.rule)
		chosen, _ := applyBudget(proposed, rank, c.total, c.per)
		var lines []int
		for _, m := range chosen {
			lines = append(lines, m.Line)
		}
		if fmt.Sprint(lines) != c.want || by != c.by {
			t.Errorf("%+v, budget %d/%d: kept lines %v by %q, want %s by %q", c.rule, c.total, c.per, lines, by, c.want, c.by)
		}
	}
}
