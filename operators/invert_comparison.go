package operators

import "github.com/bond-tool/bond/operators/lex"

// invertComparison flips the first comparison on the line.
//
// Decisions: only Punct tokens count, so comparisons inside strings, templates, regexes and
// comments are invisible. '<' and '>' count only with a space or tab on both sides: `a < b`
// is a comparison, `Array<number>`, `<div>` and `f<T>(x)` are not (a comparison written
// `a<b` is lost, the conservative direction), and an operand must end right before them on
// the line and something follow: a line beginning `> extends X` closes a multi-line generic. Shifts (>>, >>>) and arrows (=>) are distinct
// tokens and never comparisons.
func invertComparison() Operator {
	return Operator{
		Name:    "invert-comparison",
		Version: "1",
		Description: "invert the first comparison on the line: === ↔ !==, == ↔ !=, " +
			"< → >=, >= → <, > → <=, <= → >",
		Residual: "none worth naming: a flipped predicate changes the predicate",
		Fire:     fireInvertComparison,
	}
}

var inverse = map[string]string{
	"===": "!==", "!==": "===", "==": "!=", "!=": "==",
	"<": ">=", ">=": "<", ">": "<=", "<=": ">",
}

func fireInvertComparison(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i, t := range toks {
		if t.k != lex.Punct {
			continue
		}
		inv, ok := inverse[t.text]
		if !ok {
			continue
		}
		if (t.text == "<" || t.text == ">") && (!spaced(l.Text, t) || i == 0 || !operandEnd(toks[i-1]) || i+1 == len(toks)) {
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: inv}, true
	}
	return Edit{}, false
}

// operandEnd reports whether an operand can end with t: an atom, a private name, a closing
// bracket or the end of a template, or a postfix update.
func operandEnd(t tok) bool {
	return atom(t) || t.k == lex.PrivateName || t.k == lex.TemplateTail || t.is(")") || t.is("]") ||
		t.is("++") || t.is("--")
}
