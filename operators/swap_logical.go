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

// swapLogical3 is set 3's swap-logical (version 2): && ↔ || as version 1, and ?? → || only
// where the left side can visibly be a falsy value that is not nullish (issue 27: set 2's ??
// → || mutants on values that are never 0, "" or false were equivalent, and refused patches).
//
// Decisions (beyond version 1's):
//   - `x ?? d` and `x || d` differ only when x is 0, "", false or NaN. The left side can be
//     one, as far as the file shows, when it is a numeric result (`.length`, `.size`,
//     `.indexOf(…)`, `.findIndex(…)`, `Number(…)`, `parseInt(…)`, `parseFloat(…)`), or when
//     its name (the identifier, or the last property of a member chain) has a falsy
//     non-nullish default or a primitive type somewhere in the file (`name = 0`, `name: ""`,
//     `name = false`, `name: number`, `name?: string`, `name: 0 | 1`): the name is read by
//     spelling, not by scope, so a default of another `name` counts too.
//   - Elsewhere the ?? is skipped and the line's next connective, then the next operator, is
//     tried. A Line not made by Lines (no file known) never gets ?? → ||.
func swapLogical3() Operator {
	op := swapLogical()
	op.Version = "2"
	op.Description = "swap the first logical connective: && → ||, || → &&, ?? → || where the left side can be 0, \"\", false or NaN by its type or a visible default"
	op.Residual = "operands that are both truthy or both falsy in every run; for ?? a name whose visible falsy default or type never reaches this line"
	op.Fire = fireSwapLogical3
	return op
}

func fireSwapLogical3(l Line) (Edit, bool) {
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
		if t.is("??") && !mayBeFalsy(l, toks, i) {
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: s}, true
	}
	return Edit{}, false
}

// numericCalls are the callees whose result is a number (0 and NaN included), never nullish.
var numericCalls = map[string]bool{"Number": true, "parseInt": true, "parseFloat": true, "indexOf": true, "findIndex": true, "lastIndexOf": true}

// mayBeFalsy reports whether the left operand of the ?? at toks[q] can be a falsy non-nullish
// value, by its shape or by a default or type the file gives its name.
func mayBeFalsy(l Line, toks []tok, q int) bool {
	if q == 0 {
		return false
	}
	left := toks[q-1]
	switch {
	case left.is(")"):
		o := matchBack(toks, q-1)
		return o > 0 && toks[o-1].k == lex.Ident && numericCalls[toks[o-1].text]
	case left.k == lex.Ident:
		if left.text == "length" || left.text == "size" {
			return q >= 2 && (toks[q-2].is(".") || toks[q-2].is("?."))
		}
		f, ok := factsOf(l)
		return ok && f.falsy[left.text]
	}
	return false
}
