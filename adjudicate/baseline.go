package adjudicate

// This file is the baseline phase (SPEC §3.4): the oracle twice on the unmutated tree with
// coverage, the runner fallback it can trigger, and what a failing baseline means.

import (
	"context"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/bond-tool/bond/internal/input"
)

// runBaseline runs the oracle twice on the unmutated tree with coverage, in two sandboxes at once
// when there are two. When a run shows the runner lacks what the tests need, the runner choice
// falls back (or refuses) and the baseline runs again under the new runner.
func runBaseline(ctx context.Context, x *runs, p *pool, limit time.Duration, prog *progress) ([2]runOutcome, error) {
	outs, err := baselineRuns(ctx, x, p, limit, prog)
	if err != nil {
		return outs, err
	}
	if why := firstNonEmpty(outs[0].Unsupported, outs[1].Unsupported); why != "" {
		if err := x.choice.fallBack(why); err != nil {
			return outs, err
		}
		if outs, err = baselineRuns(ctx, x, p, limit, prog); err != nil {
			return outs, err
		}
	}
	prog.phase("baseline", 2, 2)
	return outs, nil
}

// baselineRuns runs the two baseline runs once.
func baselineRuns(ctx context.Context, x *runs, p *pool, limit time.Duration, prog *progress) ([2]runOutcome, error) {
	prog.phase("baseline", 0, 2)
	var outs [2]runOutcome
	sbA, sbB := p.pair()
	if sbA == sbB {
		for i := range outs {
			var err error
			if outs[i], err = x.oracle(ctx, sbA, nil, true, limit); err != nil {
				return outs, err
			}
		}
		return outs, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { outs[0], err = x.oracle(gctx, sbA, nil, true, limit); return })
	g.Go(func() (err error) { outs[1], err = x.oracle(gctx, sbB, nil, true, limit); return })
	return outs, g.Wait()
}

// baselineRecords are the report's records of the two runs.
func baselineRecords(outs [2]runOutcome) []RunRecord {
	var recs []RunRecord
	for _, out := range outs {
		recs = append(recs, RunRecord{Passed: out.Status == StatusAccepted, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), OutputTail: tail(out.Output), FailedTests: failedNames(out.Failed)})
	}
	return recs
}

// baselineFailure is the input error of a baseline run that did not pass, or nil: bond needs an
// oracle that passes on the patch before it can ask what the oracle pins down.
func baselineFailure(outs [2]runOutcome, limit time.Duration) error {
	for i, out := range outs {
		switch out.Status {
		case StatusError:
			return input.Errorf("the oracle could not run on the patched tree (baseline run %d): %v; check the command and that its program is installed\n%s", i+1, out.Err, indentTail(out.Output))
		case StatusTimeout:
			return input.Errorf("oracle fails on the patched tree: baseline run %d timed out after %v; raise --timeout or fix the hang\n%s", i+1, limit, indentTail(out.Output))
		case StatusKilled:
			return input.Errorf("oracle fails on the patched tree: baseline run %d exited %d; bond needs an oracle that passes on the patch before it can ask what it pins down. Output tail:\n%s", i+1, out.ExitCode, indentTail(out.Output))
		}
	}
	return nil
}

// firstNonEmpty returns the first of ss that is not empty.
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
