package oracle

// This file keeps the embedded runner from standing in for a jest that could not start: jest
// reads a TypeScript config file (jest.config.ts, .mts, .cts) only through ts-node, or through
// the loader a `@jest-config-loader` docblock names, and fails before any test runs when neither
// is installed. The embedded runner reads the config as data and would run the tests anyway
// (found with --parity on the survey: vercel/ms@5e40ced, a pnpm project installed with npm, has
// jest.config.ts and no ts-node, so `npx jest` stops at "'ts-node' is required for the
// TypeScript configuration files").

import (
	"fmt"
	"path/filepath"
	"regexp"

	"github.com/bond-tool/bond/internal/nodepkg"
	"github.com/bond-tool/bond/internal/safefile"
)

// jestConfigLoaderRE is jest 30's docblock naming the module that loads a TypeScript config.
var jestConfigLoaderRE = regexp.MustCompile(`@jest-config-loader\s+(\S+)`)

// jestConfigUnloadable says why jest at root could not read its TypeScript config file, "" when
// there is none or its loader (ts-node, or the docblock's) is installed where node would find it
// from root.
func jestConfigUnloadable(root string) string {
	for _, name := range []string{"jest.config.ts", "jest.config.mts", "jest.config.cts"} {
		p := filepath.Join(root, name)
		b, err := safefile.Read(p, safefile.ConfigMax)
		if err != nil {
			continue
		}
		loader := "ts-node"
		if m := jestConfigLoaderRE.FindSubmatch(b); m != nil {
			loader = string(m[1])
		}
		if nodepkg.Resolvable(root, loader) {
			return ""
		}
		return fmt.Sprintf("%s is TypeScript, which jest reads only through %s, and %s is not installed, so jest would stop before any test where the embedded runner, reading the config as data, would run them", name, loader, loader)
	}
	return ""
}
