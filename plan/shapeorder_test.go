package plan

import (
	"fmt"
	"strings"
	"testing"
)

// timeSrc is a file whose patch adds a compound condition head, a simple one with a relational
// comparison, and a return: the shapes the shape-order rule reads and one it leaves alone.
const timeSrc = `function parse(m) {
  if (m.hour.length == 4 && m.minute == null && !m.ampm) {
    return null;
  }
  if (m.hour < 24) {
    return m.hour;
  }
  return m.hour === 24 ? 0 : -1;
}
`

const timeDiff = `--- /dev/null
+++ b/time.js
@@ -0,0 +1,9 @@
+function parse(m) {
+  if (m.hour.length == 4 && m.minute == null && !m.ampm) {
+    return null;
+  }
+  if (m.hour < 24) {
+    return m.hour;
+  }
+  return m.hour === 24 ? 0 : -1;
+}
`

// On a condition head, --shape-order tries the operators its measured history favours before
// the set's rank (issue 27, "an order per line shape"): logical-operand on a compound
// condition, where set 3's rank puts invert-comparison first. A simple condition and every other
// line keep the rank's mutant, and the rule enters the digest, alone and with changed-first.
func TestShapeOrder(t *testing.T) {
	files := map[string]string{"time.js": timeSrc}
	rank := buildSet(t, files, timeDiff, Options{OperatorSet: 3})
	shaped := buildSet(t, files, timeDiff, Options{OperatorSet: 3, ShapeOrder: true})
	both := buildSet(t, files, timeDiff, Options{OperatorSet: 3, ShapeOrder: true, ChangedFirst: true})
	byLine := func(r Result) map[int]Mutant {
		m := map[int]Mutant{}
		for _, mu := range r.Mutants {
			m[mu.Line] = mu
		}
		return m
	}
	rk, sh, bo := byLine(rank), byLine(shaped), byLine(both)
	for _, c := range []struct {
		line       int
		rank, want string
	}{
		{2, "invert-comparison", "logical-operand"},
		{5, "boundary-comparison", "boundary-comparison"},
		{3, "return-sentinel", "return-sentinel"},
		{8, "invert-comparison", "invert-comparison"},
	} {
		if got := rk[c.line].Operator; got != c.rank {
			t.Errorf("line %d by rank: %s, want %s", c.line, got, c.rank)
		}
		if got := sh[c.line].Operator; got != c.want {
			t.Errorf("line %d by shape order: %s, want %s", c.line, got, c.want)
		}
		if got := bo[c.line].Operator; got != c.want {
			t.Errorf("line %d by changed-first and shape order (a new file: one group): %s, want %s", c.line, got, c.want)
		}
	}
	if sh[2].Mutated != "  if (m.hour.length == 4 && true && !m.ampm) {" {
		t.Errorf("line 2's mutant is %q", sh[2].Mutated)
	}
	digests := map[string]string{}
	for name, r := range map[string]Result{"rank": rank, RuleShapeOrder: shaped, RuleChangedFirstShapeOrder: both} {
		if name != "rank" && r.Front.Budget.Rule != name {
			t.Errorf("rule %q, want %q", r.Front.Budget.Rule, name)
		}
		if other, dup := digests[r.Front.Operators.Digest]; dup {
			t.Errorf("%s and %s share the digest %s", name, other, r.Front.Operators.Digest)
		}
		digests[r.Front.Operators.Digest] = name
	}
	// Set 1 has neither logical-operand nor boundary-comparison: the rule changes nothing there
	// but the digest.
	one, oneShaped := buildSet(t, files, timeDiff, Options{}), buildSet(t, files, timeDiff, Options{ShapeOrder: true})
	if a, b := fmt.Sprint(rows(one)), fmt.Sprint(rows(oneShaped)); a != b {
		t.Errorf("set 1 by rank %v, by shape order %v", a, b)
	}
}

// RuleOf, Rule.Name and ParseRule name the planner rules, shape-order's first version included,
// and read them back; anything else is not a rule.
func TestRuleNames(t *testing.T) {
	for _, c := range []struct {
		rule Rule
		name string
	}{
		{Rule{}, ""},
		{Rule{ChangedFirst: true}, "changed-first-2"},
		{Rule{ShapeOrder: true}, "shape-order-2"},
		{Rule{ChangedFirst: true, ShapeOrder: true}, "changed-first-2+shape-order-2"},
		{Rule{ChangedFirst: true, ChangedFirstV1: true}, "changed-first"},
		{Rule{ShapeOrder: true, ShapeOrderV1: true}, "shape-order"},
		{Rule{ChangedFirst: true, ChangedFirstV1: true, ShapeOrder: true, ShapeOrderV1: true}, "changed-first+shape-order"},
		{Rule{ChangedFirst: true, ChangedFirstV1: true, ShapeOrder: true}, "changed-first+shape-order-2"},
		{Rule{ChangedFirst: true, ShapeOrder: true, ShapeOrderV1: true}, "changed-first-2+shape-order"},
	} {
		if got := c.rule.Name(); got != c.name {
			t.Errorf("%+v.Name() = %q, want %q", c.rule, got, c.name)
		}
		if !c.rule.ShapeOrderV1 && !c.rule.ChangedFirstV1 {
			if got := RuleOf(c.rule.ChangedFirst, c.rule.ShapeOrder); got != c.name {
				t.Errorf("RuleOf(%v, %v) = %q, want %q", c.rule.ChangedFirst, c.rule.ShapeOrder, got, c.name)
			}
		}
		if got, ok := ParseRule(c.name); !ok || got != c.rule {
			t.Errorf("ParseRule(%q) = %+v, %v, want %+v", c.name, got, ok, c.rule)
		}
	}
	for _, name := range RuleNames() {
		if _, ok := ParseRule(name); !ok {
			t.Errorf("RuleNames lists %q, ParseRule refuses it", name)
		}
	}
	for _, bad := range []string{"shape-order+changed-first", "newest-first", "changed-first ", "shape-order-1", "shape-order-3", "changed-first-1", "changed-first-3", "shape-order-2+changed-first-2"} {
		if _, ok := ParseRule(bad); ok {
			t.Errorf("ParseRule(%q) accepted it", bad)
		}
	}
}

// cutSrc is one hunk holding a compound condition head, whose pick under shape order is
// logical-operand (a shape-first operator, set rank 4), and a plain comparison, whose pick is
// invert-comparison (set rank 1): with one slot, the cut decides which line keeps a mutant.
const cutSrc = `function pick(a, b, s) {
  if (a && b > 0) {
    return 1;
  }
  const t = s === 'y';
  return t;
}
`

const cutDiff = `--- /dev/null
+++ b/cut.js
@@ -0,0 +1,7 @@
+function pick(a, b, s) {
+  if (a && b > 0) {
+    return 1;
+  }
+  const t = s === 'y';
+  return t;
+}
`

// Under shape order (version 2) the budget's cut ranks each line's mutant as the pick did
// (issue 27, the out-of-sample finding on mdast-util-to-markdown): the compound head's
// logical-operand, which won its line by shape, keeps the one slot over line 5's
// invert-comparison, which ranks higher in the set. Version 1 (the rule frozen records name)
// still cuts by the set's rank, and the three rules have three digests; without shape order the
// plan is the rank's.
func TestShapeOrderCutRanksAsThePick(t *testing.T) {
	files := map[string]string{"cut.js": cutSrc}
	for _, c := range []struct {
		name     string
		o        Options
		wantLine int
		wantOp   string
		wantRule string
		cutBy    string
	}{
		{"rank", Options{OperatorSet: 3, Budget: 1}, 5, "invert-comparison", "", "(by operator rank)"},
		{"shape-order v1", Options{OperatorSet: 3, Budget: 1, ShapeOrder: true, ShapeOrderV1: true}, 5, "invert-comparison", "shape-order", "(by operator rank)"},
		{"shape-order v2", Options{OperatorSet: 3, Budget: 1, ShapeOrder: true}, 2, "logical-operand", "shape-order-2", "(by the line's pick: shape-first operators, then operator rank)"},
		{"changed-first v1+shape-order v2", Options{OperatorSet: 3, Budget: 1, ShapeOrder: true, ChangedFirst: true, ChangedFirstV1: true}, 2, "logical-operand", "changed-first+shape-order-2", "(by the line's pick: shape-first operators, then operator rank)"},
		// A new file has no changed tokens: changed-first's version 2 cuts it as the pick does.
		{"changed-first v2+shape-order v2", Options{OperatorSet: 3, Budget: 1, ShapeOrder: true, ChangedFirst: true}, 2, "logical-operand", "changed-first-2+shape-order-2", "(by changed tokens first, then the line's pick: shape-first operators, then operator rank)"},
		{"set 2, shape-order v2", Options{OperatorSet: 2, Budget: 1, ShapeOrder: true}, 2, "logical-operand", "shape-order-2", "(by the line's pick: shape-first operators, then operator rank)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := buildSet(t, files, cutDiff, c.o)
			if len(r.Mutants) != 1 || r.Mutants[0].Line != c.wantLine || r.Mutants[0].Operator != c.wantOp {
				t.Fatalf("planned %v, want one mutant: line %d by %s", rows(r), c.wantLine, c.wantOp)
			}
			if r.Front.Budget.Rule != c.wantRule {
				t.Errorf("rule %q, want %q", r.Front.Budget.Rule, c.wantRule)
			}
			for _, cut := range r.Front.Cut {
				if cut.Reason != ReasonBudget || !strings.Contains(cut.Message, c.cutBy) {
					t.Errorf("cut line %d: reason %q, message %q; want %q", cut.Line, cut.Reason, cut.Message, c.cutBy)
				}
			}
		})
	}
	digests := map[string]bool{}
	for _, o := range []Options{{OperatorSet: 3}, {OperatorSet: 3, ShapeOrder: true}, {OperatorSet: 3, ShapeOrder: true, ShapeOrderV1: true}} {
		digests[buildSet(t, files, cutDiff, o).Front.Operators.Digest] = true
	}
	if len(digests) != 3 {
		t.Errorf("rank, shape-order v2 and v1 share digests: %d distinct of 3", len(digests))
	}
	// ShapeOrderV1 alone is not a rule: without ShapeOrder the plan is the rank's.
	if a, b := buildSet(t, files, cutDiff, Options{OperatorSet: 3}), buildSet(t, files, cutDiff, Options{OperatorSet: 3, ShapeOrderV1: true}); a.Front.Operators.Digest != b.Front.Operators.Digest || fmt.Sprint(rows(a)) != fmt.Sprint(rows(b)) {
		t.Errorf("ShapeOrderV1 without ShapeOrder changed the plan")
	}
}
