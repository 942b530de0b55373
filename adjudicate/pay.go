package adjudicate

// This file is what each run pays for (SPEC §3.5, §8): which mutants need no run, what a mutant
// run asks of the runner. --exhaustive-runs turns every economy off, for the test that holds the
// verdicts of both engines identical.

import (
	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// pay decides, from the evidence of the baseline and canaries, what each mutant run costs.
type pay struct {
	// exhaustive is --exhaustive-runs: every mutant runs, the whole oracle, with coverage.
	exhaustive bool
	// oracle are the oracle's test files (--oracle); nil for --oracle-cmd.
	oracle []string
	// bail: the runner can stop at the first failing test (never for the baseline, canaries or
	// gates, whose runs must run every test).
	bail bool
	// freeCoverage: the runner's coverage costs nothing, so the first run keeps it.
	freeCoverage bool
	// reach is per-test-file reach; nil when the baseline ran the whole oracle.
	reach *testReach
	// shuffleSeed is Options.shuffleSeed: the mutant runs start in a shuffled order.
	shuffleSeed int64
}

// known says why m need not run (knownOutcome), never under exhaustive.
func (y pay) known(ev *evidence, m plan.Mutant) report.Reason {
	if y.exhaustive {
		return ""
	}
	return knownOutcome(ev, m)
}

// mutantRun is mutant m's first oracle run: without coverage (only an accepted mutant's hit map
// is evidence; cover.go runs it again for that), except under exhaustive or where coverage is
// free.
func (y pay) mutantRun(m plan.Mutant, ov *oracle.Override, lim oracle.Limits) oracle.RunSpec {
	files := y.oracle
	if tf := y.reach.filesFor(m.Path, m.Line); tf != nil && !y.exhaustive {
		files = tf
	}
	return oracle.RunSpec{Ov: ov, Cov: y.exhaustive || y.freeCoverage, Bail: y.bail && !y.exhaustive, Files: files, Timeout: lim.Oracle}
}

// firstRunHasCoverage reports whether a mutant's first run already collected coverage.
func (y pay) firstRunHasCoverage() bool { return y.exhaustive || y.freeCoverage }

// coverageRun is the run with coverage of accepted mutant m, for the coverage detector.
func (y pay) coverageRun(m plan.Mutant, ov *oracle.Override, lim oracle.Limits) oracle.RunSpec {
	s := y.mutantRun(m, ov, lim)
	s.Cov = true
	return s
}
