package operators

// invertComparison flips the first comparison on the line.
//
// Decisions: only Punct tokens count, so comparisons inside strings, templates, regexes and
// comments are invisible. '<' and '>' count only with a space or tab on both sides: `a < b`
// is a comparison, `Array<number>`, `<div>` and `f<T>(x)` are not (a comparison written
// `a<b` is lost, the conservative direction). Shifts (>>, >>>) and arrows (=>) are distinct
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
	for _, t := range codeTokens(l) {
		if t.k != Punct {
			continue
		}
		inv, ok := inverse[t.text]
		if !ok {
			continue
		}
		if (t.text == "<" || t.text == ">") && !spaced(l.Text, t) {
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: inv}, true
	}
	return Edit{}, false
}
