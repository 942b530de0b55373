package operators

import "github.com/bond-tool/bond/operators/lex"

// deleteStatementAround is set 2's delete-statement (version 2): set 1's operator, plus two
// readings of the lines around, which set 1 cannot make because it is line-local.
//
// Decisions (beyond set 1's, see deleteStatement):
//   - The line must not continue the code above it: the previous code line may not end in an
//     opening ( or [, a ',' or an infix operator (`x =` then the line, `foo(a,` then the line);
//     a `case …:` or `default:` label is no operator.
//   - The line must not be continued by the code below it, unless it ends with ';': the next
//     code line may not begin with . ?. ( [ a template, a binary or assignment operator, ? :
//     => ',' ) ] or in/instanceof/of/as/satisfies (`const node = tree` then `.find(…)`; a line
//     followed by ')' is an argument, not a statement). A next line beginning with ++ -- ! ~
//     '{' '}' or a keyword that starts a statement continues nothing.
//   - A class's private field declaration (`#cache = new Map()`, `#done`) does not fire:
//     deleting it leaves every `this.#cache` a syntax error, not a mutant.
//
// Measured over npm's lib/ (108 files), set 1's delete-statement proposed 4,093 candidates and
// esbuild refused 100 (2.4%), nearly all of them these three shapes.
func deleteStatementAround() Operator {
	op := deleteStatement()
	op.Version = "2"
	op.Description = "blank a line that reads as a complete statement, keeping the line; " +
		"not a line the lines around it continue"
	op.Fire = fireDeleteStatementAround
	return op
}

func fireDeleteStatementAround(l Line) (Edit, bool) {
	e, ok := fireDeleteStatement(l)
	if !ok {
		return Edit{}, false
	}
	toks := codeTokens(l)
	if toks[0].k == lex.PrivateName && (len(toks) == 1 || toks[1].is("=") || toks[1].is(";")) {
		return Edit{}, false
	}
	prev := prevCode(l)
	if !prev.known {
		return Edit{}, false
	}
	if !prev.eof {
		p := prev.t
		label := false
		if p.is(":") {
			pt := codeTokens(prev.line)
			label = len(pt) > 0 && (pt[0].kw("case") || pt[0].kw("default"))
		}
		if p.partial || p.is("(") || p.is("[") || isInfix(p) && !p.kw("await") && !label {
			return Edit{}, false
		}
	}
	if toks[len(toks)-1].is(";") {
		return e, true
	}
	next := nextCode(l)
	if !next.known || !next.eof && continuesLine(next.t) {
		return Edit{}, false
	}
	return e, true
}

// continuesLine reports whether t, beginning a line, continues the expression of the line
// before it.
func continuesLine(t tok) bool {
	switch {
	case t.partial:
		return true
	case t.k == lex.Template, t.k == lex.TemplateHead:
		return true
	case t.k == lex.Punct:
		if t.is("++") || t.is("--") || t.is("}") || t.is(";") || t.is("{") || t.is("!") || t.is("~") {
			return false
		}
		return true // . ?. ( [ , => ? : and every binary or assignment operator
	case t.k == lex.Keyword:
		return t.kw("in") || t.kw("instanceof") || t.kw("of")
	case t.k == lex.Ident:
		return binaryPrec(t) > 0 // as, satisfies
	}
	return false
}
