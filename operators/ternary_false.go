package operators

import "github.com/bond-tool/bond/operators/lex"

// ternaryFalse replaces the condition of the first conditional expression on the line with
// false: `a ? b : c` → `false ? b : c`, so the expression is always its else branch.
//
// Decisions:
//   - The '?' must have a space or tab on both sides and follow an operand: `x?: T`, `a?.b`
//     and `f?()` are not conditionals. The ':' may be on a later line.
//   - The condition runs back from the '?' to the first token at its depth that cannot be
//     inside it: an opening bracket, , ; = (and every assignment) => ? : and the keywords
//     return, case, throw, yield, else. When it reaches the start of the line, the line must
//     not begin with an operator and the previous line must end where an expression starts
//     (= ( [ { , ; => ? : return, or '}'), so the condition is wholly on the line.
//   - TypeScript conditional types (`T extends U ? X : Y`, and every line of a type
//     declaration) do not fire: a condition holding `extends` is a type.
//   - A condition that already reads false is skipped.
func ternaryFalse() Operator {
	return Operator{
		Name:        "ternary-false",
		Version:     "1",
		Description: "replace the condition of the first conditional expression (c ? a : b) with false",
		Residual:    "a conditional whose branches give the same value where the line runs",
		Fire:        fireTernaryFalse,
	}
}

func fireTernaryFalse(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if typeOnly(toks) {
		return Edit{}, false
	}
	for q, t := range toks {
		if !t.is("?") || q == 0 || !spaced(l.Text, t) || !operandEnd(toks[q-1]) {
			continue
		}
		from, ok := conditionStart(l, toks, q)
		if !ok || from == q || from == q-1 && toks[from].kw("false") {
			continue
		}
		bad := false
		for _, u := range toks[from:q] {
			bad = bad || u.kw("extends") || u.partial
		}
		if bad {
			continue
		}
		return Edit{Start: toks[from].s, End: toks[q-1].e, Text: "false"}, true
	}
	return Edit{}, false
}

// conditionStart returns the index of the first token of the condition ending before the
// '?' at toks[q].
func conditionStart(l Line, toks []tok, q int) (int, bool) {
	depth := 0
	for k := q - 1; k >= 0; k-- {
		u := toks[k]
		if u.closes() && u.k != lex.TemplateMiddle {
			depth++
			continue
		}
		if u.opens() && u.k != lex.TemplateMiddle {
			if depth == 0 {
				return k + 1, true
			}
			depth--
			continue
		}
		if depth > 0 {
			continue
		}
		if u.is(",") || u.is(";") || isAssignOp(u) || u.is("=>") || u.is("?") || u.is(":") ||
			u.kw("return") || u.kw("case") || u.kw("throw") || u.kw("yield") || u.kw("else") {
			return k + 1, true
		}
	}
	if depth != 0 || isInfix(toks[0]) && !toks[0].kw("await") && !toks[0].kw("typeof") && !toks[0].kw("new") {
		return 0, false
	}
	prev := prevCode(l)
	if !prev.known {
		return 0, false
	}
	if prev.eof {
		return 0, true
	}
	p := prev.t
	if isAssignOp(p) || p.is("(") || p.is("[") || p.is("{") || p.is(",") || p.is(";") || p.is("=>") ||
		p.is("?") || p.is(":") || p.kw("return") || p.is("}") {
		return 0, true
	}
	return 0, false
}

// ternaryFalse3 is set 3's ternary-false (version 2): version 1, plus conditional expressions
// that span lines (issue 27: two real gaps in ternaries spread over lines went unmutated).
//
// Decisions (beyond version 1's):
//   - The mutant is anchored on the line that holds the condition, the one edit that makes the
//     expression always its else branch: `const x = cond` above `  ? a` / `  : b` becomes
//     `const x = false`; `cond ?` at the end of a line (its branches below) becomes `false ?`.
//     A line holding only a branch (`  ? a`, `  : b`) gets no ternary-false mutant: its
//     condition is on another line, which may not be the patch's.
//   - A line's tail is a condition when the next code line begins with `?` (not `?.`): no
//     statement begins with `?`, so that line always continues the expression. The condition
//     is read back from the line's end as version 1 reads it from a `?`; it must be wholly on
//     the line (conditionStart) and end in an operand, and the line must not hold a `?` still
//     waiting for its `:`.
//   - A `?` that ends the line needs a space before it and an operand before that.
func ternaryFalse3() Operator {
	op := ternaryFalse()
	op.Version = "2"
	op.Description = "replace the condition of the first conditional expression (c ? a : b) with false, also when its ? or : is on a later line"
	op.Fire = fireTernaryFalse3
	return op
}

func fireTernaryFalse3(l Line) (Edit, bool) {
	if e, ok := fireTernaryFalse(l); ok {
		return e, true
	}
	toks := codeTokens(l)
	n := len(toks)
	if n == 0 || typeOnly(toks) {
		return Edit{}, false
	}
	last := toks[n-1]
	switch {
	case last.is("?") && n >= 2 && last.s > 0 && isSpace(l.Text[last.s-1]) && operandEnd(toks[n-2]):
		return conditionFalse(l, toks, n-1)
	case operandEnd(last) && !openTernary(toks):
		next := nextCode(l)
		if next.known && !next.eof && next.t.is("?") && !next.t.partial {
			return conditionFalse(l, toks, n)
		}
	}
	return Edit{}, false
}

// conditionFalse returns the edit making the condition that ends before toks[q] false.
func conditionFalse(l Line, toks []tok, q int) (Edit, bool) {
	from, ok := conditionStart(l, toks, q)
	if !ok || from >= q || from == q-1 && toks[from].kw("false") {
		return Edit{}, false
	}
	for _, u := range toks[from:q] {
		if u.kw("extends") || u.partial {
			return Edit{}, false
		}
	}
	return Edit{Start: toks[from].s, End: toks[q-1].e, Text: "false"}, true
}
