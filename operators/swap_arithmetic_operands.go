package operators

import "github.com/bond-tool/bond/operators/lex"

// swapArithmeticOperands swaps the operands of the first non-commutative binary -, / or %
// on the line whose operands are both simple, and rewrites a compound x -= y, x /= y,
// x %= y as x = y - x (/, %).
//
// Decisions:
//   - The operator needs a space or tab on both sides (`a - b`; `a-b` is not read, and
//     neither is unary minus, whose left side is not an operand).
//   - A simple operand is an identifier, a literal, this, a member chain (a.b, a?.b, a.#p,
//     a[i]), a call with balanced arguments (f(x), a.b(c)) or a parenthesised group, all on
//     the line.
//   - Nothing may bind tighter on either side: on the left, the token before the left
//     operand must be an operator of lower precedence (or an opening bracket, ',', ';', '=',
//     '?', ':', return/case/throw/yield/in/of/else/do, or the start of the line); `a * b - c`,
//     `x + a - b` (left-associative: the real left operand is x + a), `-a - b`, `typeof a - b`
//     and `await a - b` do not fire. On the right, the next token must be of equal or lower
//     precedence, a closing bracket, ',', ';', '?' or ':', or the end of the line; `a - b * c`
//     and `a / b ** c` do not fire.
//   - Textually equal operands (`x - x`) do not fire: the swap is the identity.
//   - Compound: the target must be a name or member chain without calls or updates (it is
//     written twice in the mutant, so it must have no side effects), the right side simple
//     and the last thing before ';', ')', '}', ',' or the end of the line.
func swapArithmeticOperands() Operator {
	return Operator{
		Name:    "swap-arithmetic-operands",
		Version: "1",
		Description: "swap the simple operands of a binary -, / or %; " +
			"x -= y becomes x = y - x",
		Residual: "equal operands, or an operation that commutes for the values it sees",
		Fire:     fireSwapArithmetic,
	}
}

func fireSwapArithmetic(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i, t := range toks {
		if t.k != lex.Punct || !spaced(l.Text, t) {
			continue
		}
		switch t.text {
		case "-", "/", "%":
			if e, ok := swapBinary(l.Text, toks, i); ok {
				return e, true
			}
		case "-=", "/=", "%=":
			if e, ok := swapCompound(l.Text, toks, i); ok {
				return e, true
			}
		}
	}
	return Edit{}, false
}

func swapBinary(text string, toks []tok, i int) (Edit, bool) {
	if i == 0 || i+1 >= len(toks) {
		return Edit{}, false
	}
	ls := operandBack(toks, i-1)
	re := operandForward(toks, i+1)
	if ls < 0 || re < 0 {
		return Edit{}, false
	}
	prec := binaryPrec(toks[i])
	if ls > 0 && !looserLeft(toks[ls-1], prec) {
		return Edit{}, false
	}
	if re+1 < len(toks) && !looserRight(toks[re+1], prec) {
		return Edit{}, false
	}
	left, right := span(text, toks, ls, i-1), span(text, toks, i+1, re)
	if left == right {
		return Edit{}, false
	}
	mid := text[toks[i-1].e:toks[i+1].s]
	return Edit{Start: toks[ls].s, End: toks[re].e, Text: right + mid + left}, true
}

func swapCompound(text string, toks []tok, i int) (Edit, bool) {
	if i == 0 || i+1 >= len(toks) {
		return Edit{}, false
	}
	ls := operandBack(toks, i-1)
	re := operandForward(toks, i+1)
	if ls < 0 || re < 0 {
		return Edit{}, false
	}
	for _, u := range toks[ls:i] {
		if !(u.k == lex.Ident || u.k == lex.PrivateName || u.k == lex.Number || u.k == lex.String ||
			u.kw("this") || u.is(".") || u.is("[") || u.is("]")) {
			return Edit{}, false // a call or an update would run twice
		}
	}
	if ls > 0 {
		p := toks[ls-1]
		if !(p.is(";") || p.is("{") || p.is("}") || p.is(")") || p.is(":") || p.is("=>") ||
			p.kw("else") || p.kw("do")) {
			return Edit{}, false
		}
	}
	if re+1 < len(toks) {
		n := toks[re+1]
		if !(n.is(";") || n.is(")") || n.is("}") || n.is(",")) {
			return Edit{}, false
		}
	}
	left, right := span(text, toks, ls, i-1), span(text, toks, i+1, re)
	if left == right {
		return Edit{}, false
	}
	op := toks[i].text[:1]
	return Edit{Start: toks[ls].s, End: toks[re].e, Text: left + " = " + right + " " + op + " " + left}, true
}

// chainable reports whether a '(' or '[' or template after t continues t's expression
// (a call, an index or a tagged template) rather than starting a new one.
func chainable(t tok) bool {
	switch t.k {
	case lex.Ident, lex.PrivateName, lex.String, lex.Template, lex.TemplateTail:
		return true
	case lex.Punct:
		return t.text == ")" || t.text == "]"
	case lex.Keyword:
		return t.text == "this" || t.text == "super"
	}
	return false
}

// operandBack returns the index of the first token of the simple operand ending at toks[j],
// or -1 when the tokens ending there are not one.
func operandBack(toks []tok, j int) int {
	i := j
	for i >= 0 {
		t := toks[i]
		switch {
		case t.partial:
			return -1
		case t.is(")") || t.is("]") || t.k == lex.TemplateTail:
			o := matchBack(toks, i)
			if o < 0 {
				return -1
			}
			p := o - 1
			if p >= 0 && toks[p].is("?.") { // a?.(x), a?.[i]
				p--
			}
			if p >= 0 && chainable(toks[p]) {
				i = p
				continue
			}
			if t.is(")") || t.k == lex.TemplateTail {
				return o // a parenthesised group or an untagged template
			}
			return -1 // an array literal
		case atom(t) || t.k == lex.PrivateName:
			if i >= 2 && (toks[i-1].is(".") || toks[i-1].is("?.")) && (t.k == lex.Ident || t.k == lex.PrivateName) {
				i -= 2
				continue
			}
			return i
		default:
			return -1
		}
	}
	return -1
}

// operandForward returns the index of the last token of the simple operand starting at
// toks[i], or -1.
func operandForward(toks []tok, i int) int {
	t := toks[i]
	switch {
	case t.partial:
		return -1
	case t.is("(") || t.k == lex.TemplateHead:
		c := match(toks, i)
		if c < 0 {
			return -1
		}
		i = c
	case atom(t) || t.k == lex.PrivateName:
	default:
		return -1
	}
	for i+1 < len(toks) {
		n := toks[i+1]
		switch {
		case (n.is(".") || n.is("?.")) && i+2 < len(toks) && (toks[i+2].k == lex.Ident || toks[i+2].k == lex.PrivateName):
			i += 2
		case n.is("?.") && i+2 < len(toks) && (toks[i+2].is("(") || toks[i+2].is("[")):
			c := match(toks, i+2)
			if c < 0 {
				return -1
			}
			i = c
		case (n.is("(") || n.is("[")) && toks[i].k != lex.Number:
			c := match(toks, i+1)
			if c < 0 {
				return -1
			}
			i = c
		default:
			return i
		}
	}
	return i
}

// looserLeft reports whether p, the token before a left operand, lets the operand belong to
// an operator of precedence prec.
func looserLeft(p tok, prec int) bool {
	if bp := binaryPrec(p); bp > 0 {
		return bp < prec
	}
	if isAssignOp(p) {
		return true
	}
	switch p.k {
	case lex.Punct:
		switch p.text {
		case "(", "[", "{", "}", ",", ";", "?", ":", "=>", "...":
			return true
		}
	case lex.TemplateHead, lex.TemplateMiddle:
		return true
	case lex.Keyword:
		switch p.text {
		case "return", "case", "throw", "yield", "in", "of", "instanceof", "else", "do":
			return true
		}
	}
	return false
}

// looserRight reports whether n, the token after a right operand, lets the operand belong to
// an operator of precedence prec.
func looserRight(n tok, prec int) bool {
	if bp := binaryPrec(n); bp > 0 {
		return bp <= prec && n.text != "**"
	}
	switch n.k {
	case lex.Punct:
		switch n.text {
		case ")", "]", "}", ",", ";", "?", ":":
			return true
		}
	case lex.TemplateMiddle, lex.TemplateTail:
		return true
	}
	return false
}
