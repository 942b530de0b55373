package oraclecmd

import "strings"

// LoadsTypeScript reports whether a node --test invocation makes node itself read TypeScript: run
// through tsx, with a TypeScript loader preloaded (--import tsx, --require ts-node/register, …),
// or with --experimental-strip-types. The embedded runner reads TypeScript whatever the command
// (esbuild bundles it), so where this is false and the node that runs the command cannot strip
// types on its own, a test that loads a .ts file passes embedded and fails for real: the caller
// must not let the embedded runner stand in. Only meaningful for RunnerNodeTest.
func LoadsTypeScript(inv Invocation) bool {
	for _, v := range inv.Via {
		if v == "tsx" {
			return true
		}
	}
	for _, a := range inv.Args {
		name, value, _ := strings.Cut(a, "=")
		switch name {
		case "--import", "--require", "-r", "--loader", "--experimental-loader":
			if tsLoaders[value] {
				return true
			}
		case "--experimental-strip-types", "--experimental-transform-types":
			return true
		}
	}
	return false
}
