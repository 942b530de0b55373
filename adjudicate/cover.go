package adjudicate

// This file is coverage only where it is evidence (SPEC §3.5): mutant runs go without coverage,
// and an accepted mutant the coverage detector reads is run once more, with coverage. Killed
// mutants never pay for it.

import (
	"context"
	"fmt"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// coverRuns gives the coverage detector the hit map of an accepted mutant's run.
type coverRuns struct {
	x       *oracle.Runs
	p       *oracle.Pool
	lim     oracle.Limits
	y       pay
	muts    []plan.Mutant
	results []report.MutantResult
	// first are the mutant phase's outcomes (with coverage under --exhaustive-runs, or where
	// the runner's coverage is free).
	first []*oracle.RunOutcome
	// cov are the coverage runs made so far, by mutant; ran says which were made.
	cov []*oracle.RunOutcome
	ran []bool
}

func newCoverRuns(x *oracle.Runs, p *oracle.Pool, lim oracle.Limits, y pay, muts []plan.Mutant, results []report.MutantResult, first []*oracle.RunOutcome) *coverRuns {
	return &coverRuns{x: x, p: p, lim: lim, y: y, muts: muts, results: results, first: first, cov: make([]*oracle.RunOutcome, len(muts)), ran: make([]bool, len(muts))}
}

// get returns mutant i's run with coverage, running it the first time (in a free sandbox), or
// nil when there is no hit map to read: the coverage run did not accept the mutant (the oracle
// is flaky on it; a note says so).
func (c *coverRuns) get(ctx context.Context, i int) (*oracle.RunOutcome, error) {
	if c.y.firstRunHasCoverage() {
		return c.first[i], nil
	}
	if !c.ran[i] {
		if err := c.p.With(ctx, func(sb *oracle.Box) error { return c.run(ctx, sb, i) }); err != nil {
			return nil, err
		}
	}
	return c.cov[i], nil
}

// prefetch makes the coverage runs of the mutants idx at once, over the pool (--adjudicate all
// reads every one of them).
func (c *coverRuns) prefetch(ctx context.Context, idx []int) error {
	if c.y.firstRunHasCoverage() {
		return nil
	}
	tasks := make([]func(context.Context, *oracle.Box) error, len(idx))
	for k, i := range idx {
		tasks[k] = func(ctx context.Context, sb *oracle.Box) error { return c.run(ctx, sb, i) }
	}
	return c.p.Run(ctx, tasks)
}

// run runs mutant i with coverage in sb and records the run.
func (c *coverRuns) run(ctx context.Context, sb *oracle.Box, i int) error {
	if err := c.x.Control(ctx, sb, c.lim.Oracle); err != nil {
		return err
	}
	m, mr := c.muts[i], &c.results[i]
	var out oracle.RunOutcome
	err := c.p.WithMutant(sb, m, func(ov *oracle.Override) (err error) {
		s := c.y.coverageRun(m, ov, c.lim)
		out, err = c.x.Oracle(ctx, sb, s)
		mr.Runs = append(mr.Runs, runRecord(s, out))
		if err == nil && c.lim.Retry(out.Status) {
			s.Timeout *= 2
			out, err = c.x.Oracle(ctx, sb, s)
			mr.Runs = append(mr.Runs, runRecord(s, out))
		}
		return err
	})
	if err != nil {
		return err
	}
	c.ran[i] = true
	if out.Status != report.StatusAccepted {
		mr.Note = fmt.Sprintf("the run with coverage of this accepted mutant ended %s (exit %d): the oracle is not stable on it, so its coverage is not read", out.Status, out.ExitCode)
		return nil
	}
	c.cov[i] = &out
	return nil
}

// coverageCandidates are the mutants the coverage detector would read under --adjudicate all:
// accepted, not judged equivalent by the verdict document (judged), and with no abstention.
func coverageCandidates(ev *evidence, muts []plan.Mutant, results []report.MutantResult, judged map[string]bool) []int {
	var idx []int
	for i, mr := range results {
		if mr.Status != report.StatusAccepted || judged[mr.ID] {
			continue
		}
		if r, _ := ev.abstention(muts[i]); r != "" {
			continue
		}
		idx = append(idx, i)
	}
	return idx
}
