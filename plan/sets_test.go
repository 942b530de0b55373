package plan

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
)

// TestOperatorSetTwo plans the document fixture with set 2: its mutants come from set 2's
// operators (set 1 has none of boundary-comparison's), the document records set 2 and the
// digest of set 2's table under the budget, and budget 6/2 gives the pinned set-2 digest.
func TestOperatorSetTwo(t *testing.T) {
	golden, err := os.ReadFile("../operators/testdata/digest-set2.golden")
	if err != nil {
		t.Fatal(err)
	}
	set2, _ := operators.Set(2)
	for _, tc := range []struct {
		o          Options
		wantBudget BudgetInfo
		wantDigest string
	}{
		{Options{OperatorSet: 2, Budget: 6, PerOperator: 2}, BudgetInfo{Total: 6, PerOperator: 2}, strings.TrimSpace(string(golden))},
		{Options{OperatorSet: 2}, BudgetInfo{Total: DefaultBudgetSet2, PerOperator: DefaultBudgetSet2}, operators.Digest(set2, operators.Budget{Total: DefaultBudgetSet2, PerOperator: DefaultBudgetSet2})},
	} {
		o := tc.o
		o.Repo, o.DiffPath = "testdata/doc", "testdata/doc/patch.diff"
		r, err := Build(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if r.Front.Operators.Set != 2 || r.Front.Operators.Digest != tc.wantDigest || r.Front.Budget != tc.wantBudget {
			t.Errorf("%+v: set %d digest %s budget %+v; want set 2 digest %s budget %+v", tc.o, r.Front.Operators.Set, r.Front.Operators.Digest, r.Front.Budget, tc.wantDigest, tc.wantBudget)
		}
		if len(r.Front.Operators.Table) != len(set2) {
			t.Errorf("the document lists %d operators, set 2 has %d", len(r.Front.Operators.Table), len(set2))
		}
		got := map[string]bool{}
		for _, m := range r.Mutants {
			got[m.Operator] = true
			if _, ok := operators.LookupIn(2, m.Operator); !ok {
				t.Errorf("mutant %s by %s, not a set-2 operator", m.ID, m.Operator)
			}
		}
		if !got["boundary-comparison"] {
			t.Errorf("%+v: no boundary-comparison mutant (x < lo, x >= lo) in %v", tc.o, rows(r))
		}
	}
	_, err = Build(context.Background(), Options{Repo: "testdata/doc", DiffPath: "testdata/doc/patch.diff", OperatorSet: 3})
	if !input.Is(err) || !strings.Contains(err.Error(), "operator set 3 does not exist") {
		t.Errorf("set 3: %v, want an input error naming the sets", err)
	}
}

// TestOperatorSetOneUnchanged pins that set 1 with budget 6 and 2 per operator, given or by
// default, plans exactly what the planner planned before operator sets (the goldens pin that
// selection; this pins that the explicit flags reproduce it).
func TestOperatorSetOneUnchanged(t *testing.T) {
	var docs []Document
	for _, o := range []Options{{}, {OperatorSet: 1, Budget: 6, PerOperator: 2}} {
		o.Repo, o.DiffPath = "testdata/doc", "testdata/doc/patch.diff"
		r, err := Build(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Front.Cut {
			if c.Message != "" {
				t.Errorf("set 1's cut carries a message %q; its documents must not change", c.Message)
			}
		}
		docs = append(docs, r.Document(true))
	}
	if !reflect.DeepEqual(docs[0], docs[1]) {
		t.Errorf("--operator-set 1 --budget 6 --per-operator 2 plans differently from the default")
	}
	if docs[0].Operators.Digest != "5c22e3cb33bb31777ec4d03cb865a13ec634f76e3859e9b61123dec454ddb7ce" || docs[0].Operators.Set != 1 {
		t.Errorf("set 1's document changed: %+v", docs[0].Operators)
	}
}

// TestSpreadBudget pins set 2's selection: every hunk gets a mutant before any gets a second,
// every file's first hunk before any file's second hunk, by operator rank within a hunk, and the
// cut say where they stood.
func TestSpreadBudget(t *testing.T) {
	ops := testTable()
	mk := func(path string, line int, op string) *Mutant {
		return &Mutant{ID: fmt.Sprintf("%s:%d", path, line), Path: path, Line: line, Operator: op}
	}
	files := []FileInfo{
		{Path: "a.js", Added: []int{1, 2, 3, 4, 10, 11}},
		{Path: "b.js", Added: []int{5, 6}},
	}
	proposed := []*Mutant{
		mk("a.js", 1, "delete-statement"), mk("a.js", 2, "ret"), mk("a.js", 3, "flip"), mk("a.js", 4, "flip"),
		mk("a.js", 10, "delete-statement"), mk("a.js", 11, "delete-statement"),
		mk("b.js", 5, "delete-statement"), mk("b.js", 6, "ret"),
	}
	ids := func(ms []*Mutant) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	tests := []struct {
		total, per int
		want       []string
	}{
		// Two slots, three hunks over two files: each file's first hunk, by rank within it.
		{2, 2, []string{"a.js:3", "b.js:6"}},
		// Three: every hunk's first (a.js 1-4 by flip on 3, b.js by ret on 6, a.js 10-11 by line).
		{3, 3, []string{"a.js:3", "a.js:10", "b.js:6"}},
		// Five: then every hunk's second, by hunk order and rank (a.js:4 flip, b.js:5 …).
		{5, 5, []string{"a.js:3", "a.js:4", "a.js:10", "b.js:5", "b.js:6"}},
		// The per-operator cap still holds: one mutant per operator leaves a slot empty.
		{4, 1, []string{"a.js:3", "a.js:10", "b.js:6"}},
	}
	for _, tc := range tests {
		chosen, cut := spreadBudget(proposed, files, ops, tc.total, tc.per)
		if got := ids(chosen); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("budget %d/%d: chose %v, want %v", tc.total, tc.per, got, tc.want)
		}
		if len(chosen)+len(cut) != len(proposed) {
			t.Errorf("budget %d/%d: %d chosen + %d cut != %d proposed", tc.total, tc.per, len(chosen), len(cut), len(proposed))
		}
		for _, c := range cut {
			if (c.Reason != ReasonBudget && c.Reason != ReasonPerOperator) || !strings.Contains(c.Message, "of its hunk") {
				t.Errorf("cut %s: reason %q message %q", c.ID, c.Reason, c.Message)
			}
			checkHint(t, c, tc.total, tc.per, func(total, per int) []*Mutant {
				chosen, _ := spreadBudget(proposed, files, ops, total, per)
				return chosen
			})
		}
	}
	_, cut := spreadBudget(proposed, files, ops, 2, 2)
	if want := "mutant 3 of its hunk a.js:1-4 (by operator rank), hunk 1 of its file; the 2 slots went to earlier rounds"; !strings.HasPrefix(cut[1].Message, want) {
		t.Errorf("cut a.js:2's message %q, want prefix %q", cut[1].Message, want)
	}
}

// TestDefaultBudgetOf pins each set's default budget.
func TestDefaultBudgetOf(t *testing.T) {
	for n, want := range map[int]BudgetInfo{0: {Total: 6, PerOperator: 2}, 1: {Total: 6, PerOperator: 2}, 2: {Total: DefaultBudgetSet2, PerOperator: DefaultBudgetSet2}} {
		got, err := DefaultBudgetOf(n)
		if err != nil || got != want {
			t.Errorf("DefaultBudgetOf(%d) = %+v, %v; want %+v", n, got, err, want)
		}
	}
	if _, err := DefaultBudgetOf(9); !input.Is(err) {
		t.Errorf("DefaultBudgetOf(9): %v, want an input error", err)
	}
}
