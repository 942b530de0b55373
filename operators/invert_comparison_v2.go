package operators

import "github.com/bond-tool/bond/operators/lex"

// invertEquality is set 2's invert-comparison (version 2): it flips the first equality
// comparison on the line, === ↔ !== and == ↔ !=, and leaves < > <= >= to
// boundary-comparison and one-line guards to guard-never-fires.
//
// Decisions: the name is kept (set 2 begins with invert-comparison as set 1 does) and the
// version says the meaning narrowed. A relational comparison inverted (`>` → `<=`) is killed
// by any test that runs the line either way; moved by its boundary (`>` → `>=`) it is killed
// only by a test at the boundary, which is the gap the mutant exists to expose. On a one-line
// guard (`if (a === b) return x;`) the inverted guard fires on every happy path and is killed
// by any test; "the guard never fires" survives exactly when no test reaches the guard, so the
// line is left to guard-never-fires.
func invertEquality() Operator {
	return Operator{
		Name:        "invert-comparison",
		Version:     "2",
		Description: "invert the first equality comparison on the line: === ↔ !==, == ↔ != (not on a one-line guard)",
		Residual:    "none worth naming: a flipped predicate changes the predicate",
		Fire:        fireInvertEquality,
	}
}

func fireInvertEquality(l Line) (Edit, bool) {
	toks := codeTokens(l)
	if _, ok := oneLineGuard(toks); ok {
		return Edit{}, false
	}
	for _, t := range toks {
		if t.k != lex.Punct {
			continue
		}
		switch t.text {
		case "===", "!==", "==", "!=":
			return Edit{Start: t.s, End: t.e, Text: inverse[t.text]}, true
		}
	}
	return Edit{}, false
}
