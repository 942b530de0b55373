package plan

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"

	"github.com/bond-tool/bond/operators"
)

// Budget and ids (SPEC §2.5): which proposed mutants fit the budget, the ids that key verdict
// documents and corpus comparisons, and the per-operator counts of a plan.

// lineOrdinals returns, for each wanted line number, how many earlier lines of the file have the
// same text: the ordinal that keeps mutant ids stable when other lines move.
func lineOrdinals(text string, spans []lineSpan, want map[int]bool) map[int]int {
	seen := map[string]int{}
	out := make(map[int]int, len(want))
	for i, sp := range spans {
		t := text[sp.Start:sp.End]
		if want[i+1] {
			out[i+1] = seen[t]
		}
		seen[t]++
	}
	return out
}

// MutantID is 16 hex digits of SHA-256 over the path, operator name, original and mutated line
// text and the ordinal of the original among identical lines of the file (SPEC §2.5). It does
// not depend on the line number, so it stays put when other lines move.
func MutantID(path, operator, original, mutated string, ordinal int) string {
	h := sha256.New()
	for _, s := range []string{path, operator, original, mutated, strconv.Itoa(ordinal)} {
		fmt.Fprintf(h, "%d:%s\x00", len(s), s)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Defaults of Options (SPEC §2.5) under operator set 1; DefaultBudgetOf gives each set's.
const (
	DefaultBudget      = 6
	DefaultPerOperator = 2
)

// Defaults of operator set 2 (docs/operators-2.md, "Draft: selection and default budget").
const (
	// DefaultBudgetSet2 is set 2's budget when none is given: one mutant per added line that
	// gets one, up to this cap. Each mutant costs one oracle run; 24 runs over two sandboxes is
	// about twelve times the oracle's own time, the cost issue 9's cheaper runs allow, and it
	// covers every added line of most patches (the cap binds only on large ones, where the spread
	// over hunks decides what is left out).
	DefaultBudgetSet2 = 24
)

// DefaultBudgetOf is the budget operator set n plans with when none is given: set 1's is
// DefaultBudget mutants, DefaultPerOperator per operator (SPEC §2.5); sets 2 and 3 have
// DefaultBudgetSet2 with no separate per-operator cap (they spread the budget over the
// patch's hunks instead, selectMutants; set 3 changes operators, not selection, so its cost
// per mutant is set 2's). An unknown set is an input error.
func DefaultBudgetOf(n int) (BudgetInfo, error) {
	if n == 0 {
		n = operators.DefaultSet
	}
	if _, err := operators.Set(n); err != nil {
		return BudgetInfo{}, err
	}
	if n == 1 {
		return BudgetInfo{Total: DefaultBudget, PerOperator: DefaultPerOperator}, nil
	}
	return BudgetInfo{Total: DefaultBudgetSet2, PerOperator: DefaultBudgetSet2}, nil
}

// PerOperatorDefault is the per-operator cap operator set n plans with when only the budget is
// given: set 1's DefaultPerOperator; sets 2 and 3 spread the budget over the patch's hunks instead
// of capping operators, so their cap is the budget itself.
func PerOperatorDefault(n, budget int) int {
	if n >= 2 {
		return budget
	}
	return DefaultPerOperator
}

// selectMutants chooses which proposed mutants (in diff order) fit the budget, by the rule of
// operator set n: set 1 fills the slots by rank (applyBudget, unchanged since set 1 was the only
// set), sets 2 and up spread them over the patch (spreadBudget). Both return the chosen in diff
// order and the cut as candidates in diff order, each with the cap that cut it (ReasonBudget or
// ReasonPerOperator) and a hint naming the flags that would have planned it. rank is each
// proposed mutant's rank for the cut (cutRank) and by says in words what it ranks by, for the
// spread's cut messages ("" is the operator rank).
// perFollows says the per-operator cap was not given and follows the budget (sets 2 and up), so a
// hint need name only --budget.
func selectMutants(n int, proposed []*Mutant, rank []int, by string, files []FileInfo, total, per int, perFollows bool) ([]*Mutant, []Candidate) {
	if n <= 1 {
		return applyBudget(proposed, rank, total, per)
	}
	return spreadBudget(proposed, rank, by, files, total, per, perFollows)
}

// changedTier is added to the cut rank of a mutant outside the changed tokens under
// changed-first's version 2: larger than any operator's rank, so every mutant inside the change
// ranks before every other and the operator rank orders each group.
const changedTier = 1 << 20

// cutRank returns each proposed mutant's rank for the budget's cut and what it ranks by, under
// rule: its operator's place in ops; with cutByPick its place in its line's pick (pickRank, the
// shape-order rule's version 2); with cutByChange, a mutant whose edit is not inside the changed
// tokens ranks after every one that is (changed-first's version 2). by is "" for the operator
// rank, so the rules that keep the first versions keep their messages byte for byte.
func cutRank(proposed []*Mutant, pickRank []int, ops []operators.Operator, rule pickRule) (rank []int, by string) {
	if !rule.cutByPick {
		pickRank = nil
	}
	rank = append([]int(nil), rankOf(proposed, pickRank, ops)...)
	if rule.cutByPick {
		by = "by the line's pick: shape-first operators, then operator rank"
	}
	if rule.cutByChange {
		for i, m := range proposed {
			if m.ChangedTokens != OnChangedTokens {
				rank[i] += changedTier
			}
		}
		if by == "" {
			by = "by changed tokens first, then operator rank"
		} else {
			by = "by changed tokens first, then the line's pick: shape-first operators, then operator rank"
		}
	}
	return rank, by
}

// rankOf returns each proposed mutant's rank for the cut: pickRank when given, else its
// operator's place in ops.
func rankOf(proposed []*Mutant, pickRank []int, ops []operators.Operator) []int {
	if pickRank != nil {
		return pickRank
	}
	byName := map[string]int{}
	for i, op := range ops {
		byName[op.Name] = i
	}
	out := make([]int, len(proposed))
	for i, m := range proposed {
		out[i] = byName[m.Operator]
	}
	return out
}

// applyBudget fills the slots by rank (rank[i] is proposed[i]'s), within a rank in diff order,
// then returns the chosen in diff order and the cut ones in diff order. proposed is in diff
// order.
func applyBudget(proposed []*Mutant, rank []int, total, per int) ([]*Mutant, []Candidate) {
	order := make([]int, len(proposed))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return rank[order[a]] < rank[order[b]]
	})
	in, cuts := fill(proposed, order, total, per, false)
	var chosen []*Mutant
	var cut []Candidate
	for i, m := range proposed {
		if in[i] {
			chosen = append(chosen, m)
		} else {
			cut = append(cut, Candidate{Mutant: *m, Reason: cuts[i].reason, Hint: cuts[i].hint})
		}
	}
	return chosen, cut
}

// cutWhy is why fill left a mutant out: the cap that was full when its turn came, and the flags
// that would have planned it.
type cutWhy struct {
	reason, hint string
}

// fill takes the proposed mutants in the given order and keeps each while fewer than total are
// kept and fewer than per of its operator: the one selection rule both sets' orders go through.
// For each one left out it says which cap was full when its turn came (the per-operator cap when
// it was, unless it is no smaller than the budget) and which flags would
// have planned it. With the order unchanged, a mutant is kept under total' and per' exactly when
// fewer than per' of its operator come before it and K(per') < total', where K(p) is the sum
// over operators of min(that operator's mutants before it, p): before the total is reached, the
// run is the one without a total, which keeps K(p) of the mutants before it. When perFollows
// (the cap was not given and is the budget, sets 2 and up), a new --budget b moves the cap to b
// too, so the hint is --budget alone: the least b with fewer than b of its operator before it
// and K(b) < b.
func fill(proposed []*Mutant, order []int, total, per int, perFollows bool) (in []bool, why []cutWhy) {
	in = make([]bool, len(proposed))
	why = make([]cutWhy, len(proposed))
	kept := map[string]int{}   // per operator, kept so far
	before := map[string]int{} // per operator, proposed so far (kept or not)
	ahead := func(p int) int {
		k := 0
		for _, c := range before {
			k += min(c, p)
		}
		return k
	}
	n := 0
	for _, i := range order {
		op := proposed[i].Operator
		if n < total && kept[op] < per {
			in[i] = true
			kept[op]++
			n++
			before[op]++
			continue
		}
		// The per-operator cap is the reason when it was full and is a cap of its own: one at
		// least the budget (set 2's default) is full only when the budget is.
		w := cutWhy{reason: ReasonBudget}
		if kept[op] >= per && per < total {
			w.reason = ReasonPerOperator
		}
		switch {
		case perFollows:
			b := before[op] + 1
			for ahead(b) >= b {
				b = ahead(b) + 1
			}
			w.hint = fmt.Sprintf("--budget %d would plan it", b)
		case before[op] < per:
			w.hint = fmt.Sprintf("--budget %d would plan it", ahead(per)+1)
		default:
			p := before[op] + 1
			w.hint = fmt.Sprintf("--per-operator %d would plan it", p)
			if k := ahead(p); k >= total {
				w.hint = fmt.Sprintf("--per-operator %d --budget %d would plan it", p, k+1)
			}
		}
		why[i] = w
		before[op]++
	}
	return in, why
}

// countByOperator counts, per operator of ops, the mutants proposed, chosen, cut and discarded.
func countByOperator(ops []operators.Operator, proposed []*Mutant, chosen []Mutant, cut, discarded []Candidate) []OperatorCount {
	idx := map[string]int{}
	out := make([]OperatorCount, len(ops))
	for i, op := range ops {
		idx[op.Name] = i
		out[i].Operator = op.Name
	}
	for _, m := range proposed {
		out[idx[m.Operator]].Proposed++
	}
	for _, m := range chosen {
		out[idx[m.Operator]].Chosen++
	}
	for _, c := range cut {
		out[idx[c.Operator]].Cut++
	}
	for _, c := range discarded {
		switch c.Reason {
		case ReasonUnparseable:
			out[idx[c.Operator]].Unparseable++
		case ReasonEquivalent:
			out[idx[c.Operator]].Equivalent++
		}
	}
	return out
}
