package operators_test

import (
	"fmt"

	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
)

// Lex a file once, then ask the operators, in rank order, for each line's mutant.
func Example() {
	src := []byte("const a = f(x, y);\nif (a === b) {\n  // a - b\n  total -= step;\n}\n")
	f := lex.NewFile("src/a.js", src)
	table := operators.Table()
	for _, l := range operators.Lines(f, nil) {
		for _, op := range table {
			if e, ok := op.Fire(l); ok {
				fmt.Printf("%d %s: %s\n", l.Number, op.Name, e.Apply(l.Text))
				break
			}
		}
	}
	// Output:
	// 1 replace-assigned-value: const a = undefined;
	// 2 invert-comparison: if (a !== b) {
	// 4 swap-arithmetic-operands:   total = step - total;
}

// Choose an operator set by number (0 is the default, set 1), lex the file once, and take
// each line's first mutant. Set 2's operators may read the lines around their own (the next
// line decides whether `return x` without ';' is complete), so the lines must come from
// Lines, not be built by hand.
func ExampleSet() {
	table, err := operators.Set(2)
	if err != nil {
		panic(err)
	}
	src := []byte("function f (xs, sep) {\n  if (!xs) return ''\n  return xs.filter(x => x.ok).join(sep || ', ')\n}\n")
	for _, l := range operators.Lines(lex.NewFile("src/f.js", src), nil) {
		if i, e := operators.Fire(table, l); i >= 0 {
			fmt.Printf("%d %s: %s\n", l.Number, table[i].Name, e.Apply(l.Text))
		}
	}
	_, err = operators.Set(6)
	fmt.Println(err)
	// Output:
	// 2 guard-never-fires:   if (false) return ''
	// 3 logical-operand:   return xs.filter(x => x.ok).join(sep || false)
	// operator set 6 does not exist; use one of 1, 2, 3, 4, 5
}
