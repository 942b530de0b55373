package oraclecmd

import "strings"

// Conditions returns the export conditions a node --test invocation adds with --conditions or
// -C (node's user conditions, in the order written), which decide how node resolves a package's
// "exports" and "imports" maps, a self-reference included: `node --conditions development`
// loads a package's "development" target where plain node loads its "default" one. The
// embedded runner bundles with the same conditions so that it loads the files node loads.
// Only meaningful for RunnerNodeTest; nil when the command adds none.
func Conditions(inv Invocation) []string {
	if inv.Runner != RunnerNodeTest {
		return nil
	}
	var out []string
	for _, a := range inv.Args {
		name, value, _ := strings.Cut(a, "=")
		if name == "--conditions" || name == "-C" {
			out = append(out, value)
		}
	}
	return out
}
