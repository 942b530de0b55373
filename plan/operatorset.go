package plan

// This file is the operators a plan runs: the ones --operators names, kept in the set's order,
// and the operator set a document records for them (number, table and digest, SPEC §2.3).

import (
	"strings"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/operators"
)

// selectOperators keeps the named operators in table order.
func selectOperators(table []operators.Operator, names []string) ([]operators.Operator, error) {
	if len(names) == 0 {
		return table, nil
	}
	want := map[string]bool{}
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		found := false
		for _, op := range table {
			if op.Name == n {
				found = true
			}
		}
		if !found {
			var all []string
			for _, op := range table {
				all = append(all, op.Name)
			}
			return nil, input.Errorf("--operators: unknown operator %q; the operators are %s", n, strings.Join(all, ", "))
		}
		want[n] = true
	}
	var out []operators.Operator
	for _, op := range table {
		if want[op.Name] {
			out = append(out, op)
		}
	}
	return out, nil
}

// OperatorSetOf is the operator set a document records for ops, the table (or the subset of
// it) of operator set number set, under budget b: the set's number, each operator's name and
// version in rank order, and their digest (SPEC §2.3). Plans, certify reports and the corpus's
// rows and pre-registration records all compute it here (OperatorSetFor when the whole set is
// meant), so the digest of a set is computed by one path.
func OperatorSetOf(set int, ops []operators.Operator, b BudgetInfo) OperatorSet {
	if set == 0 {
		set = operators.DefaultSet
	}
	s := OperatorSet{Set: set, Digest: operators.DigestWithRule(ops, operators.Budget{Total: b.Total, PerOperator: b.PerOperator}, b.Rule), Table: []OperatorEntry{}}
	for _, op := range ops {
		s.Table = append(s.Table, OperatorEntry{Name: op.Name, Version: op.Version})
	}
	return s
}

// OperatorSetFor is OperatorSetOf for the whole table of operator set number set (0 means
// operators.DefaultSet); an unknown set is an input error.
func OperatorSetFor(set int, b BudgetInfo) (OperatorSet, error) {
	table, err := operators.Set(set)
	if err != nil {
		return OperatorSet{}, err
	}
	return OperatorSetOf(set, table, b), nil
}
