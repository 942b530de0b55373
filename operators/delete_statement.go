package operators

import "github.com/bond-tool/bond/operators/lex"

// deleteStatement blanks a line that reads as a complete statement. The line itself is kept
// (its text becomes ""), so every later line keeps its number and the coverage hit map,
// keyed by line, still names the lines the oracle ran.
//
// Decisions (the reading is lexical, and the esbuild parse check of SPEC §2.4 catches the
// lines it misreads, e.g. `return x` whose expression goes on with `.method()` below):
//   - The line has code (not blank, not comment-only) and no token that goes on to another
//     line, before or after: blanking a line that opens a block comment or a template would
//     turn the rest of it into code.
//   - Brackets (with template substitutions) balance across the line and never go negative.
//   - It does not end in a continuing position: ( [ { , => ... ? : . ?., a binary or
//     assignment operator, or a keyword that takes an operand (in, instanceof, of, new,
//     typeof, void, delete, await, throw, extends).
//   - It does not begin in one: . ?. ) ] } : , => a binary operator (a line beginning `+ b`
//     or `- b` continues the previous one), the keywords in, instanceof, of, extends,
//     implements, nor a keyword that needs the block it heads: else case default catch
//     finally do try switch.
//   - It does not hold a '?' whose ':' is on a later line (`cond ? a` then `: b`), nor a
//     ':' with a space before it and no '?' before it on the line (`a : b`, the rest of a
//     conditional begun above; TypeScript annotations are written `x: T`, without the space).
//   - It does not begin `name:` (an identifier, string or number, then ':'): that is an
//     object property (`zone: name` as the last property, without a comma), or, rarely, a
//     label, and blanking a property is not deleting a statement.
//   - It is not a TypeScript declaration that emits no code (`type X = …`, `interface`,
//     `declare`, `import type`; see typeOnly): deleting it changes only what a type checker
//     says, and a runner that type-checks (ts-jest) would report that as a failing test.
//   - The line must do something: hold a call, an assignment, an update (++ --) or a
//     keyword statement (return, throw, await, new, import, …); the one exception is the
//     directive 'use strict' (deleting it changes the mode of the code under it). A line that does nothing
//     (`remediation`, `node.extraneous && !global`, `ancestorCmd;`) is in real code nearly
//     always a piece of a multi-line expression (a shorthand property, an operand), and as
//     a statement it would have no effect: its deletion would be unparseable or equivalent.
//   - A line that does not end in ';' must not begin with '(', '[', a string or a template,
//     and no line may be a conditional `a ? b : c` with no assignment: those are nearly
//     always the rest of an expression begun above (`return (` … `)`, `const x =` then the
//     conditional, an arrow's body). A conditional used as a statement loses its mutant.
func deleteStatement() Operator {
	return Operator{
		Name:        "delete-statement",
		Version:     "1",
		Description: "blank a line that reads as a complete statement, keeping the line",
		Residual:    "a statement with no observable effect",
		Fire:        fireDeleteStatement,
	}
}

var blockKeywords = map[string]bool{
	"else": true, "case": true, "default": true, "catch": true, "finally": true, "do": true,
	"try": true, "switch": true,
}

func fireDeleteStatement(l Line) (Edit, bool) {
	if l.StartsInside || l.EndsInside {
		return Edit{}, false
	}
	toks := codeTokens(l)
	if len(toks) == 0 {
		return Edit{}, false
	}
	depth := 0
	for _, t := range toks {
		if t.closes() {
			depth--
			if depth < 0 {
				return Edit{}, false
			}
		}
		if t.opens() {
			depth++
		}
	}
	if depth != 0 {
		return Edit{}, false
	}
	first, last := toks[0], toks[len(toks)-1]
	if isInfix(last) || last.opens() {
		return Edit{}, false
	}
	if first.closes() || isInfix(first) && !first.kw("new") && !first.kw("typeof") &&
		!first.kw("void") && !first.kw("delete") && !first.kw("await") && !first.kw("throw") {
		return Edit{}, false
	}
	if first.k == lex.Keyword && blockKeywords[first.text] || first.word("implements") {
		return Edit{}, false
	}
	if len(toks) >= 2 && toks[1].is(":") && (first.k == lex.Ident || first.k == lex.Keyword ||
		first.k == lex.String || first.k == lex.Number) {
		return Edit{}, false
	}
	if openTernary(toks) || danglingElse(l.Text, toks) {
		return Edit{}, false
	}
	if typeOnly(toks) {
		return Edit{}, false
	}
	directive := (first.text == `'use strict'` || first.text == `"use strict"`) &&
		(len(toks) == 1 || len(toks) == 2 && last.is(";"))
	if !doesSomething(toks) && !directive {
		return Edit{}, false
	}
	if bareTernary(toks) || !last.is(";") && !directive && (first.is("(") || first.is("[") ||
		first.k == lex.String || first.k == lex.Template || first.k == lex.TemplateHead) {
		return Edit{}, false
	}
	return Edit{Start: 0, End: len(l.Text), Text: ""}, true
}

// effectKeywords are the keywords that make a line do something on their own.
var effectKeywords = map[string]bool{
	"return": true, "throw": true, "await": true, "yield": true, "new": true, "delete": true,
	"import": true, "export": true, "break": true, "continue": true, "debugger": true,
	"const": true, "let": true, "var": true, "class": true, "function": true, "if": true,
	"for": true, "while": true, "with": true, "super": true, "enum": true,
}

// doesSomething reports whether toks hold a call, an assignment, an update or a keyword
// that makes a statement of its own.
func doesSomething(toks []tok) bool {
	for i, t := range toks {
		switch {
		case isAssignOp(t), t.is("++"), t.is("--"), t.k == lex.Keyword && effectKeywords[t.text]:
			return true
		case (t.is("(") || t.k == lex.Template || t.k == lex.TemplateHead) && i > 0 && chainable(toks[i-1]):
			return true // a call or a tagged template
		}
	}
	return false
}

// bareTernary reports whether toks hold a '?' at depth 0 and no assignment.
func bareTernary(toks []tok) bool {
	depth, q := 0, false
	for _, t := range toks {
		if t.closes() {
			depth--
		}
		if t.opens() {
			depth++
		}
		if depth == 0 && isAssignOp(t) {
			return false
		}
		q = q || depth == 0 && t.is("?")
	}
	return q
}

// danglingElse reports whether toks hold, at depth 0, a ':' preceded by a space whose '?' is
// not on the line: the else branch of a conditional that began on an earlier line.
func danglingElse(text string, toks []tok) bool {
	depth, q := 0, 0
	for _, t := range toks {
		if t.closes() {
			depth--
		}
		if t.opens() {
			depth++
		}
		if depth != 0 {
			continue
		}
		switch {
		case t.is("?"):
			q++
		case t.is(":") && q > 0:
			q--
		case t.is(":") && t.s > 0 && isSpace(text[t.s-1]):
			return true
		}
	}
	return false
}
