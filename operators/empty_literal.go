package operators

import (
	"strings"

	"github.com/bond-tool/bond/operators/lex"
)

// emptyLiteral empties the first non-empty string, template or array literal on the line
// that carries data: `join(', ')` → `join("")`, “ `${a}://${b}` “ → ` “ `, `[a, b]` → `[]`.
//
// Decisions:
//   - Literals that name code rather than carry data are skipped: module specifiers (a line
//     with import or export … from, a string after `from`, and the argument of require(…) or
//     import(…)), object keys (`'content-type': x`), the 'use strict' directive, and tagged
//     templates (a tag gives the template its own meaning). A case label is data here:
//     `case 'grant':` → `case "":` makes the case never taken, which only a test of that case
//     sees.
//   - Literals where TypeScript writes types are skipped, since the type is erased and the
//     mutant would only be discarded as equivalent-by-compilation: inside generic brackets
//     (`Omit<T, 'a'>`, `Array<[K, V]>`, as codeTokens reads them) and beside a union or
//     intersection bar (`'get' | 'post'`).
//   - Messages are skipped: the argument of a call whose callee ends in Error (new
//     TypeError(…), createError(…)) or is a console or logger method (log, warn, error, info,
//     debug, trace). A test that pins a message is rarely the gap a patch leaves, and an
//     emptied message would crowd out the line's better mutant (delete-statement on a throw).
//   - A template is emptied whole, substitutions and all, and only when it closes on the line.
//   - An array literal is a '[' that does not follow an operand (so not an index `a[i]`) and
//     is not a destructuring pattern (after const/let/var, with '=' after its ']', or in a
//     parameter list: `(p, [k, v]) =>`, `function f([a, b]) {`) nor a
//     computed key (`[k]: v`, `async [name] () {`, `{[sym]?: T}`: a ']' followed by '(' or
//     '?'); it must close on the line and hold something.
//   - This operator edits its own token (a literal), the one place an operator reaches inside
//     a string or template; it never edits a literal in a comment.
func emptyLiteral() Operator {
	return Operator{
		Name:        "empty-literal",
		Version:     "1",
		Description: `empty the first data-carrying string ("" ), template (` + "``" + `) or array literal ([]) on the line`,
		Residual:    "a literal no test reads (a label, a separator only ever used on one element)",
		Fire:        fireEmptyLiteral,
	}
}

var messageCallees = map[string]bool{
	"log": true, "warn": true, "error": true, "info": true, "debug": true, "trace": true,
}

func fireEmptyLiteral(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if len(toks) == 0 || typeOnly(toks) {
		return Edit{}, false
	}
	for _, t := range toks {
		if t.kw("import") || t.kw("export") && hasWord(toks, "from") {
			return Edit{}, false
		}
	}
	angle := 0
	for i, t := range toks {
		angle += t.angle
		if t.partial || angle > 0 || typeNeighbour(toks, i) {
			continue
		}
		switch {
		case t.k == lex.String && len(t.text) > 2:
			if !dataLiteral(toks, i, i) || (t.text == `'use strict'` || t.text == `"use strict"`) {
				continue
			}
			return Edit{Start: t.s, End: t.e, Text: `""`}, true
		case t.k == lex.Template && len(t.text) > 2, t.k == lex.TemplateHead:
			j := i
			if t.k == lex.TemplateHead {
				j = match(toks, i)
				if j < 0 {
					continue
				}
			}
			if i > 0 && (chainable(toks[i-1]) || toks[i-1].is(".") || toks[i-1].is("?.")) {
				continue // tagged
			}
			if !dataLiteral(toks, i, j) {
				continue
			}
			return Edit{Start: t.s, End: toks[j].e, Text: "``"}, true
		case t.is("["):
			j := match(toks, i)
			if j < 0 || j == i+1 || !arrayLiteral(toks, i, j) {
				continue
			}
			return Edit{Start: t.s, End: toks[j].e, Text: "[]"}, true
		}
	}
	return Edit{}, false
}

func hasWord(toks []tok, w string) bool {
	for _, t := range toks {
		if t.word(w) {
			return true
		}
	}
	return false
}

// typeNeighbour reports whether toks[i] stands where TypeScript writes a type: beside a union
// or intersection bar (`'get' | 'post'`; in JavaScript a string is never an operand of | or
// &), or after `from` (a module specifier on the last line of a multi-line import or export).
func typeNeighbour(toks []tok, i int) bool {
	if i > 0 && (toks[i-1].is("|") || toks[i-1].is("&") || toks[i-1].word("from")) {
		return true
	}
	return i+1 < len(toks) && (toks[i+1].is("|") || toks[i+1].is("&")) && toks[i].k == lex.String
}

// dataLiteral reports whether the literal toks[i..j] carries data: not an object key, a case
// label, a module specifier or a message.
func dataLiteral(toks []tok, i, j int) bool {
	if j+1 < len(toks) && toks[j+1].is(":") && (i == 0 || toks[i-1].is("{") || toks[i-1].is(",")) {
		return false // a key
	}
	// the innermost call the literal is an argument of
	depth := 0
	for k := i - 1; k >= 0; k-- {
		u := toks[k]
		if u.closes() && u.k != lex.TemplateMiddle {
			depth++
			continue
		}
		if !u.opens() || u.k == lex.TemplateMiddle {
			continue
		}
		if depth > 0 {
			depth--
			continue
		}
		if !u.is("(") || k == 0 {
			return true
		}
		callee := toks[k-1]
		switch {
		case callee.kw("import"), callee.word("require"):
			return false
		case callee.k == lex.Ident && (strings.HasSuffix(callee.text, "Error") || messageCallees[callee.text]):
			return false
		case callee.k == lex.Ident && k >= 3 && toks[k-2].is(".") && toks[k-3].word("console"):
			return false
		}
		return true
	}
	return true
}

// arrayLiteral reports whether the bracket pair toks[i], toks[j] is an array literal (not an
// index, a computed key or a destructuring pattern).
func arrayLiteral(toks []tok, i, j int) bool {
	if i > 0 {
		p := toks[i-1]
		if operandEnd(p) || p.k == lex.TemplateTail || p.kw("const") || p.kw("let") || p.kw("var") ||
			p.is("?.") || p.is(".") {
			return false
		}
	}
	if j+1 < len(toks) && (toks[j+1].is("=") || toks[j+1].is(":") && (i == 0 || toks[i-1].is("{") || toks[i-1].is(","))) {
		return false // a pattern, or a computed key [k]: v
	}
	if j+1 < len(toks) && (toks[j+1].is("(") || toks[j+1].is("?")) {
		return false // a computed method name `[Symbol.iterator] () {`, a TS optional key `[k]?: T`
	}
	if i == 0 && j+1 < len(toks) && toks[j+1].is(":") {
		return false // a computed key on its own line
	}
	return !inParameters(toks, i)
}

// inParameters reports whether toks[i] is directly inside a parenthesised list that is a
// parameter list: its ')' is followed by '=>' (`(p, [k, v]) =>`), or by '{' after a name that
// is not a statement keyword (`function f([a, b]) {`, a method `m([a]) {`, not `if ([a].x) {`).
func inParameters(toks []tok, i int) bool {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		u := toks[k]
		if u.closes() && u.k != lex.TemplateMiddle {
			depth++
			continue
		}
		if !u.opens() || u.k == lex.TemplateMiddle {
			continue
		}
		if depth > 0 {
			depth--
			continue
		}
		if !u.is("(") {
			return false
		}
		c := match(toks, k)
		if c < 0 || c+1 >= len(toks) {
			return false
		}
		switch {
		case toks[c+1].is("=>"):
			return true
		case toks[c+1].is("{"):
			return k > 0 && toks[k-1].k == lex.Ident
		}
		return false
	}
	return false
}
