package operators

// guardNeverFires makes a one-line guard never fire: `if (!value) break;` becomes
// `if (false) break;`, `if (x) return y;` becomes `if (false) return y;`.
//
// Decisions:
//   - A one-line guard (see oneLineGuard) is `if (COND) BODY` with the head first on the line
//     (after an optional `} else`), the condition closing on the line, and a body that is not
//     a block opener left open: a statement or a `{ … }` block that closes on the line.
//   - negate-condition on such a line is killed by any test that runs the happy path (the
//     negated guard now fires there); a guard that never fires survives exactly when no test
//     reaches the case the guard exists for, which is the gap. So this comes before
//     negate-condition, and invert-comparison (set 2) leaves guard lines to it.
//   - A condition that already reads `false` is left alone: the mutant would equal the line.
func guardNeverFires() Operator {
	return Operator{
		Name:        "guard-never-fires",
		Version:     "1",
		Description: "replace the condition of a one-line guard (if (c) return/break/…;) with false",
		Residual:    "a guard whose body does what the code after it does anyway (a trailing `if (!x) return;`)",
		Fire:        fireGuardNeverFires,
	}
}

func fireGuardNeverFires(l Line) (Edit, bool) {
	toks := codeTokens(l)
	c, ok := oneLineGuard(toks)
	if !ok {
		return Edit{}, false
	}
	open, close := toks[c[0]], toks[c[1]]
	if c[1] == c[0]+2 && toks[c[0]+1].kw("false") {
		return Edit{}, false
	}
	return Edit{Start: open.e, End: close.s, Text: "false"}, true
}

// oneLineGuard reports whether toks are `if (COND) BODY` with the whole body on the line, and
// returns the indices of the condition's parentheses. The `if` is the line's first token, or
// follows `else` or `} else`.
func oneLineGuard(toks []tok) ([2]int, bool) {
	i := 0
	if i < len(toks) && toks[i].is("}") {
		i++
	}
	if i < len(toks) && toks[i].kw("else") {
		i++
	}
	if i+2 >= len(toks) || !toks[i].kw("if") || !toks[i+1].is("(") {
		return [2]int{}, false
	}
	for _, t := range toks {
		if t.partial {
			return [2]int{}, false
		}
	}
	c := match(toks, i+1)
	if c < 0 || c == i+2 || c+1 >= len(toks) {
		return [2]int{}, false // open, empty, or a head with its body below
	}
	body := toks[c+1:]
	depth := 0
	for _, t := range body {
		if t.closes() {
			depth--
			if depth < 0 {
				return [2]int{}, false
			}
		}
		if t.opens() {
			depth++
		}
	}
	last := body[len(body)-1]
	if depth != 0 || isInfix(last) || last.opens() || body[0].kw("else") {
		return [2]int{}, false
	}
	return [2]int{i + 1, c}, true
}
