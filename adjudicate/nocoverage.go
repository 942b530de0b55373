package adjudicate

// This file keeps a runner's own coverage out of runs that do not ask for coverage (SPEC §3.5):
// a jest or vitest config with coverage on (collectCoverage: true, coverage.enabled) and a
// threshold fails a run whose tests all pass when a mutant leaves a line unreached. That is the
// threshold speaking, not a test: counting it a kill reported `held` for a mutant no test
// noticed (found on vercel/ms by issue 11's StrykerJS cross-check). Runs without coverage turn
// the runner's coverage off, as StrykerJS does; runs with coverage clear the thresholds
// (adjudicate/coverage/flags.go).

import "github.com/bond-tool/bond/adjudicate/coverage"

// withoutCoverage returns cmd with its test runner's coverage switched off (coverage.OffFlag), when
// cmd is one simple command that runs jest or vitest directly (as withBail reads it) and has no
// `--` separator; else cmd unchanged. jest takes the last value of a repeated switch, so its flag
// goes last; vitest refuses a repeated switch, so a command that already sets one is left as it is.
func withoutCoverage(cmd string) string {
	return withRunnerFlag(cmd, coverage.OffFlag, func(runner, w string) bool {
		return runner == "vitest" && coverage.SwitchesCoverage(runner, w)
	})
}
