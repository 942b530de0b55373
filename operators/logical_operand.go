package operators

import "github.com/bond-tool/bond/operators/lex"

// logicalOperand replaces the right operand of the first && or || on the line with the
// constant that removes it: `a && b` → `a && true` (the check b is dropped), `x || 0` →
// `x || false` (the fallback is changed).
//
// Decisions:
//   - The right operand, not the left: in `a && b` the second conjunct is the added check a
//     patch most often leaves untested, and in `x || d` the fallback d is the value only a
//     test with a missing x sees. Replacing the left operand of || with false would return
//     the fallback always, a mutant every test kills.
//   - The operand runs from the operator to the first token at its own depth that binds
//     looser or as loose (||, ?? for ||; also && for &&), or ends it (, ; ? : an assignment, a
//     closing bracket). When it reaches the end of the line, the line must not end in a
//     continuing position and the next line must not continue the operand (., ?., (, [, a
//     template, a binary operator binding tighter); a line beginning with && or || (the second
//     line of a condition) counts.
//   - ?? is left to swap-logical (?? → ||), which is meaningful for it; an operand that is
//     already the constant (`a && true`, `x || false`) is skipped and the next operator on the
//     line is tried.
func logicalOperand() Operator {
	return Operator{
		Name:        "logical-operand",
		Version:     "1",
		Description: "replace the right operand of the first && with true, of the first || with false",
		Residual:    "an operand that is truthy (for &&) or a fallback that is never reached (for ||) in every run of the line",
		Fire:        fireLogicalOperand,
	}
}

func fireLogicalOperand(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i, t := range toks {
		if !t.is("&&") && !t.is("||") {
			continue
		}
		with := "true"
		if t.is("||") {
			with = "false"
		}
		from, to, ok := rightOperand(l, toks, i)
		if !ok || to == from+1 && toks[from].kw(with) {
			continue
		}
		return Edit{Start: toks[from].s, End: toks[to-1].e, Text: with}, true
	}
	return Edit{}, false
}

// rightOperand returns the token range [from, to) of the right operand of the binary
// operator toks[i], with ok false when it is empty, not wholly on the line, or continued by
// the next line.
func rightOperand(l Line, toks []tok, i int) (int, int, bool) {
	prec := binaryPrec(toks[i])
	depth := 0
	to := len(toks)
	for k := i + 1; k < len(toks); k++ {
		u := toks[k]
		if u.partial {
			return 0, 0, false
		}
		if u.closes() && u.k != lex.TemplateMiddle {
			if depth == 0 {
				to = k
				break
			}
			depth--
		} else if u.opens() && u.k != lex.TemplateMiddle {
			depth++
		}
		if depth == 0 && (u.is(",") || u.is(";") || u.is("?") || u.is(":") || isAssignOp(u) ||
			binaryPrec(u) > 0 && binaryPrec(u) <= prec && u.k == lex.Punct) {
			to = k
			break
		}
	}
	if depth != 0 || to == i+1 {
		return 0, 0, false
	}
	if to == len(toks) {
		last := toks[to-1]
		if isInfix(last) || last.opens() {
			return 0, 0, false
		}
		next := nextCode(l)
		if !next.known || continuesOperand(next, prec) {
			return 0, 0, false
		}
	}
	return i + 1, to, true
}

// continuesOperand reports whether the next line's first token goes on with an operand of
// an operator of precedence prec: a member access, a call, an index, a tagged template, or a
// binary operator binding tighter.
func continuesOperand(next around, prec int) bool {
	if next.eof {
		return false
	}
	t := next.t
	switch {
	case t.partial, t.is("."), t.is("?."), t.is("("), t.is("["), t.k == lex.Template, t.k == lex.TemplateHead:
		return true
	case t.k == lex.Punct && binaryPrec(t) > prec:
		return true
	}
	return false
}
