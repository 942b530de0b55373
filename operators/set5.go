package operators

// table5 returns operator set 5 in rank order. Each call returns a fresh slice.
//
// Set 5 is set 4 with swap-logical version 4 (swapLogical5), which reads the guard rule through
// a const alias declared just above the chain (`const t = tokens[i + 1];` then
// `i + 1 < n && t.x`). Set 4 is kept as it is, as set 3 was kept for set 4: a frozen set's table
// does not change, so a new version lives in a new set. The order is set 4's.
func table5() []Operator {
	t := table4()
	for i, op := range t {
		if op.Name == "swap-logical" {
			t[i] = swapLogical5()
		}
	}
	return t
}
