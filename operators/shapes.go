package operators

// This file is the per-shape order (issue 27, "an order per line shape"): on a line of a shape
// whose measured history says the set's rank puts the wrong operator first, a few operators are
// tried before the rest of the set's order. The planner applies it only under its shape-order
// rule (plan.RuleShapeOrder), which enters the operator digest; the table's content is that
// rule's, so changing it means a new rule name, as changing an operator means a new version.
//
// The history behind the table (docs/operators-3.md, "An order per line shape"): over the
// 71-commit evaluation corpus, every operator's offer on every added line was matched against
// the judged outcome where one is known (bond's runs of sets 1, 2 and 3, and the StrykerJS
// survivors judged real or equivalent; scripts/eval-shape-history). On compound condition heads,
// set 3's first operator, invert-comparison, was killed 19 times for one real survivor, while
// logical-operand's offers were real survivors 9 times (3 equivalent, 1 killed), swap-logical's
// 5 (none equivalent) and boundary-comparison's 3 (1 equivalent, 1 killed). On simple condition heads the history
// favours boundary-comparison too, but the rank already puts it first wherever it fires there,
// so that shape keeps the set's order, as does every shape with fewer judged survivors.

// Shape is the shape of a line, as the per-shape order reads it.
type Shape string

const (
	// ShapeOther is every line the per-shape order leaves to the set's rank.
	ShapeOther Shape = ""
	// ShapeCondition is the head of an if or while (`if (a < b) {`, `} else if (x) {`) whose
	// condition, as far as it lies on the line, has no && or ||. It keeps the set's order.
	ShapeCondition Shape = "condition"
	// ShapeCompoundCondition is such a head whose condition joins operands with && or ||.
	ShapeCompoundCondition Shape = "compound-condition"
)

// ShapeOf reads the shape of l: a condition head is a line whose code begins with `if (` or
// `while (`, after an optional `}` and `else`. The condition is the bracket after the keyword,
// to the line's end when it closes on a later line.
func ShapeOf(l Line) Shape {
	toks := codeTokens(l)
	i := 0
	if i < len(toks) && toks[i].is("}") {
		i++
	}
	if i < len(toks) && toks[i].kw("else") {
		i++
	}
	if i+1 >= len(toks) || !(toks[i].kw("if") || toks[i].kw("while")) || !toks[i+1].is("(") {
		return ShapeOther
	}
	end := match(toks, i+1)
	if end < 0 {
		end = len(toks)
	}
	for _, t := range toks[i+2 : end] {
		if t.is("&&") || t.is("||") {
			return ShapeCompoundCondition
		}
	}
	return ShapeCondition
}

// shapeFirst lists, per shape, the operators tried before the rest of the set's order, in the
// order they are tried. An operator the set lacks is passed over.
var shapeFirst = map[Shape][]string{
	ShapeCompoundCondition: {"logical-operand", "swap-logical", "boundary-comparison"},
}

// ShapeFirst returns the operators tried first on a line of shape s, in order; nil for a shape
// that keeps the set's order. The slice must not be modified.
func ShapeFirst(s Shape) []string { return shapeFirst[s] }
