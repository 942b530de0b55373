package operators

import "github.com/bond-tool/bond/operators/lex"

// innerLiteral changes the first string literal on the line that sits inside another
// expression's literal or call: inside a template substitution (the separator of
// “ `${parts.join(',')}` “) or as an argument of a call that is itself an argument of a call
// (`out.push(key.split(':')[0])`). A non-empty literal becomes "", an empty one
// "bond-sentinel".
//
// Decisions:
//   - Why a separate operator: empty-literal empties the first data literal on the line, and on
//     “ `${a.join(',')}` “ that is the whole template, a mutant any test reading the string
//     kills; the separator, which only a test with two or more elements pins, is never reached
//     (issue 27's nested-separator gap). It ranks before empty-literal.
//   - Only strings and templates without substitutions, and only data: keys, module specifiers,
//     messages, type positions and 'use strict' are skipped as empty-literal skips them.
//   - An empty literal (`join("")`) becomes the sentinel rather than being skipped: an empty
//     separator is as much a choice as a comma.
func innerLiteral() Operator {
	return Operator{
		Name:        "inner-literal",
		Version:     "1",
		Description: `empty the first string literal inside a template substitution or a nested call's arguments (an empty one becomes ` + SentinelLiteral + `)`,
		Residual:    "a separator or inner text no test reads with more than one element",
		Fire:        fireInnerLiteral,
	}
}

func fireInnerLiteral(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if len(toks) == 0 || typeOnly(toks) {
		return Edit{}, false
	}
	for _, t := range toks {
		if t.kw("import") || t.kw("export") && hasWord(toks, "from") {
			return Edit{}, false
		}
	}
	var stack []int // open brackets by index
	angle := 0
	for i, t := range toks {
		angle += t.angle
		switch {
		case t.k == lex.TemplateMiddle:
			if n := len(stack); n > 0 {
				stack[n-1] = i
			}
			continue
		case t.closes():
			if n := len(stack); n > 0 {
				stack = stack[:n-1]
			}
			continue
		case t.opens():
			stack = append(stack, i)
			continue
		}
		lit := t.k == lex.String || t.k == lex.Template
		if !lit || t.partial || angle > 0 || typeNeighbour(toks, i) || !dataLiteral(toks, i, i) ||
			t.text == `'use strict'` || t.text == `"use strict"` {
			continue
		}
		if !nested(toks, stack) {
			continue
		}
		if len(t.text) == 2 {
			return Edit{Start: t.s, End: t.e, Text: SentinelLiteral}, true
		}
		q := `""`
		if t.k == lex.Template {
			q = "``"
		}
		return Edit{Start: t.s, End: t.e, Text: q}, true
	}
	return Edit{}, false
}

// nested reports whether the open brackets of stack put a literal inside a template
// substitution, or inside the arguments of two calls (a call's '(' follows an operand).
func nested(toks []tok, stack []int) bool {
	calls, template := 0, false
	for _, k := range stack {
		o := toks[k]
		if o.k == lex.TemplateHead || o.k == lex.TemplateMiddle {
			template = true
		}
		if o.is("(") && k > 0 && (operandEnd(toks[k-1]) || toks[k-1].kw("import")) {
			if !dataLiteral(toks, k+1, k+1) && k+1 < len(toks) {
				return false // inside a message or a module specifier's call, at any depth
			}
			calls++
		}
	}
	return template || calls >= 2
}
