package operators

import "github.com/bond-tool/bond/operators/lex"

// boundaryComparison moves the boundary of the first relational comparison on the line:
// < ↔ <=, > ↔ >=.
//
// Decisions: the comparison tokens are read as invert-comparison reads them: '<' and '>'
// only with a space or tab on both sides, an operand ending right before them and something
// after (generics, JSX tags and `a<b` are not comparisons). The mutant differs from the
// original only when the operands are equal, so it is killed only by a test at the boundary:
// the off-by-one gap that a test suite of typical values leaves.
func boundaryComparison() Operator {
	return Operator{
		Name:        "boundary-comparison",
		Version:     "1",
		Description: "move the boundary of the first relational comparison: < ↔ <=, > ↔ >=",
		Residual:    "operands that can never be equal where the line runs (a float against an integer bound, distinct timestamps)",
		Fire:        fireBoundaryComparison,
	}
}

var boundary = map[string]string{"<": "<=", "<=": "<", ">": ">=", ">=": ">"}

func fireBoundaryComparison(l Line) (Edit, bool) {
	toks := codeTokens(l)
	for i, t := range toks {
		if t.k != lex.Punct {
			continue
		}
		b, ok := boundary[t.text]
		if !ok {
			continue
		}
		if (t.text == "<" || t.text == ">") && (!spaced(l.Text, t) || i == 0 || !operandEnd(toks[i-1]) || i+1 == len(toks)) {
			continue
		}
		return Edit{Start: t.s, End: t.e, Text: b}, true
	}
	return Edit{}, false
}
