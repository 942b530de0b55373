package operators

// negateCondition wraps the condition of the first if or while head on the line in !( … ).
//
// Decisions: the keyword must be a Keyword token, so `x.if(…)` and `obj.while` (property
// names) and words inside strings, templates and comments never count. The condition is the
// balanced parenthesis right after the keyword and must close on the line (a condition that
// goes on to the next line gets no mutant from this operator). `} else if (…) {` and the
// `while (…)` of a do-while are the same rule. The whole condition is wrapped rather than a
// token inside it edited, so `if (!x)` becomes `if (!(!x))`: always a different line.
func negateCondition() Operator {
	return Operator{
		Name:        "negate-condition",
		Version:     "1",
		Description: "wrap the condition of the first if or while on the line in !( … )",
		Residual:    "a condition whose branches do the same thing",
		Fire:        fireNegateCondition,
	}
}

func fireNegateCondition(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i := 0; i+1 < len(toks); i++ {
		if !(toks[i].kw("if") || toks[i].kw("while")) || !toks[i+1].is("(") {
			continue
		}
		c := match(toks, i+1)
		if c < 0 || c == i+2 {
			continue // does not close on the line, or empty
		}
		cond := l.Text[toks[i+1].e:toks[c].s]
		return Edit{Start: toks[i+1].e, End: toks[c].s, Text: "!(" + cond + ")"}, true
	}
	return Edit{}, false
}
