package operators

// table4 returns operator set 4 in rank order. Each call returns a fresh slice.
//
// Set 4 is set 3 with swap-logical's guard rule (version 3, swapLogical4): the out-of-sample
// check of --shape-order (docs/operators-3.md) found swap-logical swapping the connective of a
// bounds guard, a mutant every test kills. Set 3 is kept as it was frozen, so the records
// pre-registered on it (testdata/eval/prereg-operators-3-*.json, prereg-shape-order-oos*.json)
// still name the planner bond builds from their corpus files; an operator whose behaviour
// changes gets a new version, and a frozen set's table does not change, so the new version
// lives in a new set. The order is set 3's.
func table4() []Operator {
	t := table3()
	for i, op := range t {
		if op.Name == "swap-logical" {
			t[i] = swapLogical4()
		}
	}
	return t
}
