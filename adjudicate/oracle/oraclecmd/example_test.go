package oraclecmd_test

import (
	"fmt"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
)

func ExampleParse() {
	scripts := map[string]string{"test": "vitest run --coverage"}
	inv, err := oraclecmd.Parse("npm test -- src/a.spec.ts", oraclecmd.Options{Scripts: scripts})
	fmt.Println(inv.Runner, inv.Files, inv.Via, err)
	_, err = oraclecmd.Parse("npx jest -t 'parses dates'", oraclecmd.Options{})
	fmt.Println(err)
	// Output:
	// vitest [src/a.spec.ts] [npm run test] <nil>
	// oracle command "npx jest -t 'parses dates'" is not recognised as a test runner invocation: jest -t filters tests by name
}
