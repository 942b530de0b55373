package operators

import "github.com/bond-tool/bond/operators/lex"

// returnSentinelASI is set 2's return-sentinel (version 2): set 1's operator, plus `return
// EXPR` without a semicolon, the form semicolon-less (`standard`) code writes every return in.
//
// Decisions (beyond set 1's, see returnSentinel):
//   - Without ';' the expression runs to the end of the line, or to a '}' that closes a block
//     the return is in (`if (x) { return y }`). At the end of the line it must be complete
//     (balanced, not ending in an operator or opening bracket, no '?' waiting for its ':') and
//     ASI-safe: the first code token of the next line must be one that cannot continue an
//     expression (see endsStatement: '}', an identifier, a keyword, a literal, or the end of
//     the file). A next line beginning with ( [ . ?. a template or an operator continues the
//     expression, and the line does not fire.
//   - A Line not made by Lines (no neighbours known) fires only with the ';'.
func returnSentinelASI() Operator {
	op := returnSentinel()
	op.Version = "2"
	op.Description = `replace the expression of "return EXPR" (with ";" or, ASI-safe, without) with undefined, or with ` +
		SentinelLiteral + ` when EXPR is a falsy literal`
	op.Fire = fireReturnSentinelASI
	return op
}

func fireReturnSentinelASI(l Line) (Edit, bool) {
	if e, ok := fireReturnSentinel(l); ok {
		return e, true
	}
	toks := codeTokens(l)
	for i, t := range toks {
		if !t.kw("return") {
			continue
		}
		depth, end := 0, len(toks)
		for j := i + 1; j < len(toks); j++ {
			u := toks[j]
			if u.partial || u.is(";") && depth == 0 {
				return Edit{}, false // set 1's case, already declined
			}
			if u.closes() && u.k != lex.TemplateMiddle {
				depth--
				if depth < 0 {
					if !u.is("}") {
						return Edit{}, false
					}
					end = j
					break
				}
			} else if u.opens() && u.k != lex.TemplateMiddle {
				depth++
			}
		}
		if depth > 0 || end == i+1 {
			return Edit{}, false
		}
		expr := toks[i+1 : end]
		last := expr[len(expr)-1]
		if isInfix(last) || last.opens() || openTernary(expr) {
			return Edit{}, false
		}
		if end == len(toks) && !endsStatement(nextCode(l)) {
			return Edit{}, false
		}
		if sentinelFor(expr) == span(l.Text, toks, i+1, end-1) {
			return Edit{}, false
		}
		return Edit{Start: expr[0].s, End: last.e, Text: sentinelFor(expr)}, true
	}
	return Edit{}, false
}
