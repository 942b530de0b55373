package operators

// table2 returns operator set 2 in rank order. Each call returns a fresh slice.
//
// Set 2 keeps the product's rule (at most one mutant per line: the first operator that fires
// and whose mutant passes the parse check and the equivalence filter) and set 1's first and
// last names, and is chosen for a different aim. Set 1 is ranked by how rarely an operator
// is equivalent, because a budget of six cut the tail; issue 12 measured what that costs: on
// 17 commits whose own tests leave a provable gap, the mutant set 1 picks for a line is
// usually the one any happy-path test kills (a negated guard, an inverted comparison, a
// deleted call), while the mutant that survives and shows the gap was another change to the
// same line (the guard never firing, the boundary moved, the fallback or filter removed, the
// anchor dropped). Set 2 is ranked by a judgement of gap-finding power — how narrow the set
// of tests that kill the mutant is, while a test a careful author would write still kills it —
// weighed against how often the operator is equivalent. The measured order (by acceptance and
// non-equivalence on a ground truth) replaces this judgement when the ground truth exists.
//
//  1. invert-comparison (v2: equality only, not on one-line guards) — never equivalent, and a
//     flipped === is still the sharpest change to an equality test; relational comparisons
//     go to boundary-comparison, guards to guard-never-fires.
//  2. guard-never-fires — killed only by a test that reaches the guarded case; equivalent only
//     where the guard's body does what falling through does.
//  3. boundary-comparison — killed only by a test at the boundary; equivalent where the
//     operands are never equal.
//  4. logical-operand — killed only by a test where the dropped operand decides; equivalent
//     where it never does.
//  5. swap-logical — && ↔ ||, ?? → ||: it gets the ?? lines (`x ?? d` → `x || d`, killed only
//     by a test where x is 0, "" or false) and the && / || lines logical-operand left.
//  6. force-condition — a head made false is killed only by a test that runs the branch; a
//     predicate made true only by an input holding an element it rejects.
//  7. ternary-false — killed only by a test of the then-branch.
//  8. regex-literal — killed only by input the anchor, quantifier or class rejects.
//  9. empty-literal — killed by a test that reads the literal's content; messages skipped.
//  10. plain-optional-chain — killed only by a test with a missing value.
//  11. drop-chained-call (v2: with arguments, same-kind calls) — killed by an input the dropped
//     filter/sort/trim changes.
//  12. negate-condition — set 1's; now mostly a fall-through for heads whose force-condition
//     mutant is discarded (a condition that compiles to false already).
//  13. swap-arithmetic-operands — set 1's.
//  14. return-sentinel (v2: ASI-safe returns without ';') — killed by any test reading the
//     result, so late: the specific operators above get a return line first.
//  15. replace-property-value — object properties, 98% unmutated under set 1 (issue 12).
//  16. replace-assigned-value — set 1's; class fields included.
//  17. swap-call-arguments — set 1's; often equivalent on symmetric callees, so late.
//  18. skip-multiline-statement — delete-statement for statements spanning lines.
//  19. delete-statement (v2: not on a line the lines around continue, nor a private field
//     declaration) — last: the most general, the most often equivalent.
func table2() []Operator {
	return []Operator{
		invertEquality(),
		guardNeverFires(),
		boundaryComparison(),
		logicalOperand(),
		swapLogical(),
		forceCondition(),
		ternaryFalse(),
		regexLiteral(),
		emptyLiteral(),
		plainOptionalChain(),
		dropChainedCallArgs(),
		negateCondition(),
		swapArithmeticOperands(),
		returnSentinelASI(),
		replacePropertyValue(),
		replaceAssignedValue(),
		swapCallArguments2(),
		skipMultilineStatement(),
		deleteStatementAround(),
	}
}
