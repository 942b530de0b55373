package oracle

// This file is the cost rule of per-test-file reach (SPEC §3.4, issue 11): the baseline's
// per-file runs are made only when the mutant runs they narrow can save more than they cost.

import (
	"fmt"
	"time"
)

// perFileFloor is what the per-file runs may cost in all without weighing: the reach they give
// (which test files run each line, the report's ran_by and coveredBy) is worth a few seconds.
const perFileFloor = 5 * time.Second

// perFileCost weighs the per-file runs still to make against what narrowing can save, from the
// first file's run on its own (probe) and the whole oracle's (whole, the pair's mean): the other
// files-1 runs cost about probe each, and a narrowed mutant run saves at most whole-probe (it
// runs at least one file, and a runner's start-up is paid whatever it runs). It returns why the
// runs are not worth making, or "" when they are. Where start-up dominates a run (jest, vitest
// or mocha started cold for every run), probe is close to whole and narrowing saves little; where
// the tests themselves dominate, it pays.
func perFileCost(probe, whole time.Duration, files, mutants int) string {
	rest := time.Duration(files-1) * probe
	if rest <= perFileFloor {
		return ""
	}
	save := time.Duration(mutants) * (whole - probe)
	if save > rest {
		return ""
	}
	return fmt.Sprintf("no per-test-file reach: one test file on its own took %s and the whole oracle %s, so running the other %d files one by one (about %s) would cost more than narrowing %d mutant runs to the files that reach their lines could save (at most about %s); every mutant runs the whole oracle",
		round(probe), round(whole), files-1, round(rest), mutants, round(max(save, 0)))
}

// round is d to a tenth of a second, for messages.
func round(d time.Duration) time.Duration { return d.Round(100 * time.Millisecond) }
