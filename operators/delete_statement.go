package operators

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
	if first.k == Keyword && (blockKeywords[first.text] || first.text == "implements") ||
		first.word("implements") {
		return Edit{}, false
	}
	return Edit{Start: 0, End: len(l.Text), Text: ""}, true
}
