package operators

import "github.com/bond-tool/bond/operators/lex"

// skipMultilineStatement makes a statement that spans lines never run, by editing only its
// first line: `app.use(cors({` becomes `if (false) app.use(cors({`, and the lines below are
// left as they are, so the line count is kept and the mutant is anchored on the statement's
// first line. It is delete-statement for the statements delete-statement cannot blank
// (a blanked first line would leave the rest of the statement dangling).
//
// Decisions:
//   - The line begins a statement: the previous code line ends with ';', '{' or '}', or ')'
//     (an `if (…)` head or a finished call), else or do, or an operand (semicolon-less code:
//     an identifier or keyword on the next line cannot continue it), or is a `case …:` /
//     `default:` label, or there is none. Its first token is an identifier (not followed by
//     ':' '=' '?' '!' or ',' — a label, a class field, a shorthand property — and not a
//     TypeScript declaration word before a name), this, super, await, new, delete, return,
//     throw or yield: an expression statement, or a return or throw, never a declaration
//     (`if (false) const x` does not parse; declarations are handled below).
//   - The statement spans lines: the line ends inside a bracket, or in a continuing position,
//     or the next code line begins with '.' or '?.' (a chain formatted one call per line).
//     A statement complete on its line is delete-statement's.
//   - A bracket closing back to depth 0 and followed by '{' on the line (`name(args) {`,
//     `constructor (opts = {}) {`) is a method or function head, not a statement.
//   - Its end is found by reading on (at most 400 lines) until the brackets close: a '{'
//     right after that (a method or function body, `foo(a,\n b) {`), or a '}' or ':' on the
//     same line (a JSX expression container's content, `{items.map(…)}`; a TypeScript
//     overload's return type), means it was no statement, and the line does not fire.
//   - A declaration (`const x = f(` … `)`) cannot follow `if (false)`; its initializer is
//     short-circuited instead, `const x = undefined && f(`, when the binding is a plain name
//     and nothing at the initializer's own depth binds looser than && (|| ?? ? , = =>), so
//     the short circuit covers all of it and x is undefined.
//   - `if (false) ` is a prefix that any expression, return or throw statement accepts
//     whatever comes after it, with ASI behaving as before (the next token after `if (false)`
//     starts the same statement the original line started).
func skipMultilineStatement() Operator {
	return Operator{
		Name:    "skip-multiline-statement",
		Version: "1",
		Description: "prefix the first line of a statement spanning lines with if (false), so the statement " +
			"never runs; a declaration's initializer spanning lines is short-circuited (= undefined && …)",
		Residual: "a statement with no observable effect",
		Fire:     fireSkipMultiline,
	}
}

var statementStarts = map[string]bool{
	"this": true, "super": true, "await": true, "new": true, "delete": true, "return": true,
	"throw": true, "yield": true,
}

var tsDeclarationWords = map[string]bool{
	"type": true, "interface": true, "declare": true, "namespace": true, "module": true,
	"abstract": true, "enum": true, "readonly": true, "private": true, "public": true,
	"protected": true, "get": true, "set": true, "static": true, "accessor": true, "override": true,
}

const skipPrefix = "if (false) "

func fireSkipMultiline(l Line) (Edit, bool) {
	if l.StartsInside {
		return Edit{}, false
	}
	toks := codeTokens(l)
	if len(toks) == 0 {
		return Edit{}, false
	}
	first := toks[0]
	decl := -1 // the index of a declaration's '=', when the line declares
	switch {
	case (first.kw("const") || first.kw("let") || first.kw("var")) && len(toks) > 3 && toks[1].k == lex.Ident:
		for i := 2; i < len(toks); i++ {
			if toks[i].is("=") {
				decl = i
				break
			}
			if toks[i].opens() || toks[i].closes() || toks[i].is(",") {
				break // a destructuring or a type with brackets: not read
			}
		}
		if decl < 0 || decl+1 >= len(toks) {
			return Edit{}, false
		}
	case first.k == lex.Ident:
		if tsDeclarationWords[first.text] && len(toks) > 1 && (toks[1].k == lex.Ident || toks[1].k == lex.Keyword ||
			toks[1].k == lex.String || toks[1].k == lex.PrivateName) ||
			len(toks) > 1 && (toks[1].is(":") || toks[1].is("=") || toks[1].is("?") || toks[1].is("!") || toks[1].is(",")) {
			return Edit{}, false
		}
	case first.k == lex.Keyword && statementStarts[first.text]:
	default:
		return Edit{}, false
	}
	if !startsStatement(l) {
		return Edit{}, false
	}
	// does the statement go on below?
	depth := 0
	for i, t := range toks {
		if t.closes() && t.k != lex.TemplateMiddle {
			depth--
			if depth < 0 {
				return Edit{}, false
			}
			if depth == 0 && i+1 < len(toks) && toks[i+1].is("{") {
				return Edit{}, false // `name(args) {`: a method or function head
			}
		} else if t.opens() && t.k != lex.TemplateMiddle {
			depth++
		}
	}
	last := toks[len(toks)-1]
	next := nextCode(l)
	chain := next.known && !next.eof && (next.t.is(".") || next.t.is("?."))
	if depth == 0 && !last.partial && !isInfix(last) && !chain {
		return Edit{}, false
	}
	if depth == 0 && last.opens() {
		return Edit{}, false
	}
	ok, loose := statementEndsCleanly(l, depth)
	if !ok {
		return Edit{}, false
	}
	if decl >= 0 {
		for _, t := range statementLevel(toks[decl+1:]) {
			loose = loose || looseToken(t)
		}
		if loose {
			return Edit{}, false
		}
		return Edit{Start: toks[decl+1].s, End: toks[decl+1].s, Text: shortCircuit}, true
	}
	return Edit{Start: first.s, End: first.s, Text: skipPrefix}, true
}

// shortCircuit is put before a declaration's initializer that spans lines: `const x =
// undefined && f(…)` never evaluates f(…), and x is undefined.
const shortCircuit = "undefined && "

// looseToken reports whether t, at the statement's own depth in an initializer, binds looser
// than && (or cannot follow `undefined &&`): then the short circuit would not cover the whole
// initializer. => is one (an arrow is no operand of &&).
func looseToken(t tok) bool {
	return t.is("||") || t.is("??") || t.is("?") || t.is(",") || t.is("=>") || isAssignOp(t)
}

// statementLevel returns the tokens of toks at their own depth 0.
func statementLevel(toks []tok) []tok {
	var out []tok
	depth := 0
	for _, t := range toks {
		if t.closes() && t.k != lex.TemplateMiddle {
			depth--
			continue
		}
		if depth == 0 {
			out = append(out, t)
		}
		if t.opens() && t.k != lex.TemplateMiddle {
			depth++
		}
	}
	return out
}

// startsStatement reports whether l's first token starts a statement, read from the code
// line before it.
func startsStatement(l Line) bool {
	prev := prevCode(l)
	if !prev.known {
		return false
	}
	if prev.eof {
		return true
	}
	p := prev.t
	switch {
	case p.partial:
		return false
	case p.is(";"), p.is("{"), p.is("}"), p.is(")"), p.kw("else"), p.kw("do"):
		return true
	case operandEnd(p):
		// semicolon-less code: a line ending in an operand, then a line beginning with an
		// identifier or keyword, which cannot continue it, is ASI's statement break
		return true
	case p.is(":"):
		pt := codeTokens(prev.line)
		return len(pt) > 0 && (pt[0].kw("case") || pt[0].kw("default"))
	}
	return false
}

// statementEndsCleanly reads the lines after l, starting at bracket depth depth, until the
// brackets close and a line ends complete (not continued by an operator, '.' or '?.' on the
// next line), and reports whether that is the end of a statement: not followed by '{' (a
// body), and no bracket closing to depth 0 followed by '{', '}' or ':' on its line (a method
// head, an expression container, a TypeScript return type). loose reports a token at the
// statement's depth 0 on the later lines that binds looser than && (see looseToken).
func statementEndsCleanly(l Line, depth int) (ok, loose bool) {
	for _, nl := range laterLines(l, maxWalk) {
		toks := codeTokens(nl)
		for i, t := range toks {
			if t.closes() && t.k != lex.TemplateMiddle {
				depth--
				if depth < 0 {
					return false, loose
				}
				if depth == 0 && i+1 < len(toks) && (toks[i+1].is("{") || toks[i+1].is("}") || toks[i+1].is(":")) {
					return false, loose
				}
				continue
			}
			if depth == 0 && looseToken(t) {
				loose = true
			}
			if t.opens() && t.k != lex.TemplateMiddle {
				depth++
			}
		}
		if depth != 0 || len(toks) == 0 {
			continue
		}
		last := toks[len(toks)-1]
		after := nextCode(nl)
		if !after.known || last.partial {
			return false, loose
		}
		if !after.eof && after.t.is("{") {
			return false, loose
		}
		if isInfix(last) || last.opens() || !after.eof && (after.t.is(".") || after.t.is("?.") || isInfix(after.t)) {
			continue
		}
		return true, loose
	}
	return false, loose
}
