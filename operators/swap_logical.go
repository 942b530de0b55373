package operators

import "github.com/bond-tool/bond/operators/lex"

// swapLogical swaps the first logical connective on the line: && → ||, || → &&, ?? → ||.
//
// Decisions: a swap that would mix ?? with || or && in one unparenthesised expression (a
// syntax error) is skipped and the next connective tried. ?? becomes || rather than &&: the two differ only where the left operand is a
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
	toks := codeTokens(l)
	group := groups(toks)
	for i, t := range toks {
		if t.k != lex.Punct {
			continue
		}
		s, ok := logicalSwap[t.text]
		if !ok || mixesNullish(toks, group, i, s) {
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: s}, true
	}
	return Edit{}, false
}

// mixesNullish reports whether replacing toks[i] with s (|| or &&) would put ?? beside || or
// && in one expression without parentheses, which JavaScript refuses (`a ?? b ?? c` →
// `a || b ?? c`): another ?? in the same bracket group.
func mixesNullish(toks []tok, group []int, i int, s string) bool {
	for j, u := range toks {
		if j != i && group[j] == group[i] && u.is("??") {
			return true
		}
	}
	return false
}

// groups returns, for each token, the index of the bracket it is directly inside (-1 at the
// line's top level), so that tokens of one parenthesised expression share a group.
func groups(toks []tok) []int {
	out := make([]int, len(toks))
	var stack []int
	for i, t := range toks {
		if t.closes() && t.k != lex.TemplateMiddle && len(stack) > 0 {
			stack = stack[:len(stack)-1]
		}
		out[i] = -1
		if n := len(stack); n > 0 {
			out[i] = stack[n-1]
		}
		if t.k == lex.TemplateMiddle && len(stack) > 0 {
			stack[len(stack)-1] = i
		} else if t.opens() {
			stack = append(stack, i)
		}
	}
	return out
}
