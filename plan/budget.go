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
// DefaultBudget mutants, DefaultPerOperator per operator (SPEC §2.5); set 2's is
// DefaultBudgetSet2 with no separate per-operator cap (it spreads the budget over the
// patch's hunks instead, selectMutants). An unknown set is an input error.
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

// selectMutants chooses which proposed mutants (in diff order) fit the budget, by the rule of
// operator set n: set 1 fills the slots by operator rank (applyBudget, unchanged since set 1 was
// the only set), set 2 spreads them over the patch (spreadBudget). Both return the chosen in
// diff order and the cut as candidates with ReasonBudget, in diff order.
func selectMutants(n int, proposed []*Mutant, files []FileInfo, ops []operators.Operator, total, per int) ([]*Mutant, []Candidate) {
	if n <= 1 {
		chosen, cut := applyBudget(proposed, ops, total, per)
		cands := make([]Candidate, 0, len(cut))
		for _, m := range cut {
			cands = append(cands, Candidate{Mutant: *m, Reason: ReasonBudget})
		}
		return chosen, cands
	}
	return spreadBudget(proposed, files, ops, total, per)
}

// applyBudget fills the slots by operator rank, within an operator in diff order, then returns
// the chosen in diff order and the cut ones in diff order. proposed is in diff order.
func applyBudget(proposed []*Mutant, ops []operators.Operator, total, per int) (chosen, cut []*Mutant) {
	rank := map[string]int{}
	for i, op := range ops {
		rank[op.Name] = i
	}
	order := make([]int, len(proposed))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return rank[proposed[order[a]].Operator] < rank[proposed[order[b]].Operator]
	})
	in := make([]bool, len(proposed))
	perOp := map[string]int{}
	n := 0
	for _, i := range order {
		op := proposed[i].Operator
		if n < total && perOp[op] < per {
			in[i] = true
			perOp[op]++
			n++
		}
	}
	for i, m := range proposed {
		if in[i] {
			chosen = append(chosen, m)
		} else {
			cut = append(cut, m)
		}
	}
	return chosen, cut
}

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
