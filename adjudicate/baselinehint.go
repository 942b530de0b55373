package adjudicate

// This file names the known causes of a baseline that fails only under bond: the oracle passes
// when the user runs it, but bond keeps every node_modules read-only to tests (SPEC §3.2), and
// some tools write there. The error then says what wrote and what to do, instead of leaving the
// user to read a stack trace.

import "strings"

// baselineHints are the known causes, each recognised by a string in the failing run's output.
var baselineHints = []struct {
	marker, hint string
}{
	{
		marker: "node_modules/.vite-temp",
		hint: "vite writes the bundled vitest config into node_modules/.vite-temp, and bond keeps node_modules " +
			"read-only to tests: add --configLoader runner to the vitest command (vitest 3.1 or later; it loads the config " +
			"without writing it) and certify again",
	},
	{
		marker: "EROFS",
		hint: "a test or tool wrote into a read-only place; bond keeps every node_modules read-only to tests, so a cache " +
			"written there (babel, jest, vite) must be created before certify or pointed elsewhere",
	},
}

// baselineHint returns the hint for the first known cause found in a failing run's output, or "".
func baselineHint(output string) string {
	for _, h := range baselineHints {
		if strings.Contains(output, h.marker) {
			return h.hint
		}
	}
	return ""
}
