package operators

// swapLogical swaps the first logical connective on the line: && → ||, || → &&, ?? → ||.
//
// Decisions: ?? becomes || rather than &&: the two differ only where the left operand is a
// falsy value that is not nullish (0, "", false, NaN), which is the case a `?? default`
// written for a missing value is usually not tested on; `??` → `&&` would be killed by any
// test. It comes right after logical-operand, which usually makes the more discriminating
// mutant of an && or || line; this operator gets such a line when that one does not fire
// (the operand is already a constant) or its mutant is discarded, and it is the one that
// reads `??` lines, ahead of the coarser operators (replace-assigned-value would make
// `x ?? d` undefined, killed by any test).
func swapLogical() Operator {
	return Operator{
		Name:        "swap-logical",
		Version:     "1",
		Description: "swap the first logical connective: && → ||, || → &&, ?? → ||",
		Residual:    "operands that are both truthy or both falsy in every run; for ?? a left operand that is never 0, \"\", false or NaN",
		Fire:        fireSwapLogical,
	}
}

var logicalSwap = map[string]string{"&&": "||", "||": "&&", "??": "||"}

func fireSwapLogical(l Line) (Edit, bool) {
	for _, t := range codeTokens(l) {
		if t.k != Punct {
			continue
		}
		if s, ok := logicalSwap[t.text]; ok {
			return Edit{Start: t.s, End: t.e, Text: s}, true
		}
	}
	return Edit{}, false
}
