package oracle

// This file names the known causes of a baseline that fails only under bond: the oracle passes
// when the user runs it, but some tools write into node_modules, which bond makes copy-on-write
// to tests where the host allows an overlay mount and read-only where it does not (SPEC §3.2).
// The error then says what wrote and what to do, instead of leaving the user to read a stack
// trace.

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/internal/nodepkg"
)

// baselineHints are the known causes, each recognised by a string in the failing run's output;
// hint says what to do, given the repository root (to read what is installed there).
var baselineHints = []struct {
	marker string
	hint   func(root string) string
}{
	{marker: "node_modules/.vite-temp", hint: viteTempHint},
	{
		marker: "EROFS",
		hint: func(string) string {
			return "a test or tool wrote into a read-only place; where this host refuses copy-on-write node_modules (sandbox.why in the " +
				"report says why) bond keeps node_modules read-only to tests, so a cache written there (babel, jest, vite) must be " +
				"created before certify or pointed elsewhere"
		},
	},
}

// viteTempHint is the hint for vite's bundled config, written into node_modules/.vite-temp. Only
// vitest 3.1 and later can load the config without writing it (--configLoader runner), so the
// hint reads the installed version before offering that flag (issue 24, failure 10).
func viteTempHint(root string) string {
	const what = "vite writes the bundled vitest config into node_modules/.vite-temp, and this host refused the copy-on-write " +
		"node_modules that lets it (bond keeps node_modules read-only instead; sandbox.why in the report says why)"
	const host = "run bond where it can mount an overlay in the run's namespace (as root, or with unprivileged user namespaces " +
		"on Linux 5.11 or later)"
	major, minor := nodepkg.MajorMinor(root, "vitest")
	switch {
	case major > 3 || major == 3 && minor >= 1:
		return fmt.Sprintf("%s: add --configLoader runner to the vitest command (the installed vitest %d.%d loads the config "+
			"without writing it), or %s, and certify again", what, major, minor, host)
	case major == 0:
		return fmt.Sprintf("%s: %s and certify again", what, host)
	default:
		return fmt.Sprintf("%s: %s; or upgrade vitest to 3.1 or later (%d.%d is installed, which has no --configLoader runner) "+
			"and add --configLoader runner to the vitest command", what, host, major, minor)
	}
}

// baselineHint returns the hint for the first known cause found in a failing run's output, or "".
// root is the repository, where the installed packages are read.
func baselineHint(output, root string) string {
	for _, h := range baselineHints {
		if strings.Contains(output, h.marker) {
			return h.hint(root)
		}
	}
	return ""
}
