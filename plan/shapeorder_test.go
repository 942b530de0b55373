package plan

import (
	"fmt"
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

// RuleOf and ParseRule name the four planner rules and read them back; anything else is not a
// rule.
func TestRuleNames(t *testing.T) {
	for _, c := range []struct {
		changed, shape bool
		name           string
	}{{false, false, ""}, {true, false, "changed-first"}, {false, true, "shape-order"}, {true, true, "changed-first+shape-order"}} {
		if got := RuleOf(c.changed, c.shape); got != c.name {
			t.Errorf("RuleOf(%v, %v) = %q, want %q", c.changed, c.shape, got, c.name)
		}
		ch, sh, ok := ParseRule(c.name)
		if !ok || ch != c.changed || sh != c.shape {
			t.Errorf("ParseRule(%q) = %v, %v, %v", c.name, ch, sh, ok)
		}
	}
	for _, bad := range []string{"shape-order+changed-first", "newest-first", "changed-first "} {
		if _, _, ok := ParseRule(bad); ok {
			t.Errorf("ParseRule(%q) accepted it", bad)
		}
	}
}
