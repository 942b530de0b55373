package operators

// returnSentinel replaces the expression of `return EXPR;` with a sentinel.
//
// Decisions: the return may follow other code on the line (`if (!ok) return null;`,
// `case 1: return x;`, `{ return x; }`); the expression runs from the keyword to the first
// ';' at its own bracket depth, must be balanced and entirely on the line, and the ';' must
// be there: `return x` without one gets nothing (its expression may go on to the next line).
// A falsy literal (null, undefined, void 0, false, 0 in any spelling, 0n, NaN, ”, "", “,
// parenthesised or not) becomes "bond-sentinel", anything else undefined, so the mutant is
// never a falsy value swapped for another falsy value and always differs from the line.
func returnSentinel() Operator {
	return Operator{
		Name:    "return-sentinel",
		Version: "1",
		Description: `replace the expression of "return EXPR;" with undefined, or with ` +
			SentinelLiteral + ` when EXPR is a falsy literal`,
		Residual: "a caller that reads only truthiness",
		Fire:     fireReturnSentinel,
	}
}

func fireReturnSentinel(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i, t := range toks {
		if !t.kw("return") {
			continue
		}
		depth := 0
		for j := i + 1; j < len(toks); j++ {
			u := toks[j]
			if u.partial {
				return Edit{}, false
			}
			if u.closes() {
				depth--
				if depth < 0 {
					return Edit{}, false
				}
			}
			if u.opens() {
				depth++
			}
			if depth == 0 && u.is(";") {
				if j == i+1 {
					return Edit{}, false // return;
				}
				expr := toks[i+1 : j]
				return Edit{Start: expr[0].s, End: expr[len(expr)-1].e, Text: sentinelFor(expr)}, true
			}
		}
		return Edit{}, false
	}
	return Edit{}, false
}
