package operators

// forceCondition makes a condition constant: the condition of the first if or while head on
// the line becomes false (the branch or loop never runs), and, on a line with no such head,
// the concise body of the first predicate callback of filter, find, findIndex, findLast,
// findLastIndex, some or every becomes true (the predicate accepts everything).
//
// Decisions:
//   - false, not true, for a head: `if (false)` is killed only by a test that runs the branch
//     and checks what it did; `while (true)` would hang.
//   - It comes after guard-never-fires and before negate-condition: negate-condition is killed
//     by any test that runs the line either way, the constant only by one that needs the
//     branch, which is the question a gap asks.
//   - The head is read as negate-condition reads it (a keyword followed by a balanced
//     condition that closes on the line, `} else if (…) {` and a do-while's `while (…)`
//     included). A condition that already reads false is skipped.
//   - A predicate is `.name(` then a one-parameter arrow (`x =>` or `(x) =>` or `({a}) =>`)
//     whose body is an expression (not a block), all on the line, ending at the call's ')'
//     or a ',' at its depth. A body that already reads true is skipped.
func forceCondition() Operator {
	return Operator{
		Name:        "force-condition",
		Version:     "1",
		Description: "make the first if/while condition false, or the first filter-like predicate's body true",
		Residual:    "a branch or loop body with no effect a caller can see; a predicate that accepts every element it is ever given",
		Fire:        fireForceCondition,
	}
}

var predicateMethods = map[string]bool{
	"filter": true, "find": true, "findIndex": true, "findLast": true, "findLastIndex": true,
	"some": true, "every": true,
}

func fireForceCondition(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i := 0; i+1 < len(toks); i++ {
		if !(toks[i].kw("if") || toks[i].kw("while")) || !toks[i+1].is("(") {
			continue
		}
		c := match(toks, i+1)
		if c < 0 || c == i+2 || c == i+3 && toks[i+2].kw("false") {
			continue
		}
		return Edit{Start: toks[i+1].e, End: toks[c].s, Text: "false"}, true
	}
	for i := 0; i+3 < len(toks); i++ {
		if !toks[i].is(".") || toks[i+1].k != Ident || !predicateMethods[toks[i+1].text] || !toks[i+2].is("(") {
			continue
		}
		if e, ok := predicateBody(toks, i+2); ok {
			return e, true
		}
	}
	return Edit{}, false
}

// predicateBody returns the edit making the concise arrow body of the call opened at
// toks[open] true.
func predicateBody(toks []tok, open int) (Edit, bool) {
	c := match(toks, open)
	if c < 0 {
		return Edit{}, false
	}
	k := open + 1
	switch {
	case k < c && toks[k].k == Ident:
		k++
	case k < c && toks[k].is("("):
		p := match(toks, k)
		if p < 0 || p > c {
			return Edit{}, false
		}
		k = p + 1
	default:
		return Edit{}, false
	}
	if k >= c || !toks[k].is("=>") || k+1 >= c || toks[k+1].is("{") {
		return Edit{}, false
	}
	from, to, depth := k+1, c, 0
	for j := from; j < c; j++ {
		u := toks[j]
		if u.closes() && u.k != TemplateMiddle {
			depth--
		} else if u.opens() && u.k != TemplateMiddle {
			depth++
		}
		if depth == 0 && u.is(",") {
			to = j
			break
		}
	}
	if to == from || to == from+1 && toks[from].kw("true") {
		return Edit{}, false
	}
	return Edit{Start: toks[from].s, End: toks[to-1].e, Text: "true"}, true
}
