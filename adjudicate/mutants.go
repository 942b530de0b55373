package adjudicate

// This file is the mutant phase (SPEC §3.2): the oracle on every mutant, in parallel across the
// sandboxes, with coverage on, each result recorded as facts of its mutant.

import (
	"context"
	"sync"

	"github.com/bond-tool/bond/plan"
)

// runMutants runs the oracle on every mutant and records each run in results (one per mutant);
// it returns the runs' outcomes, nil for a mutant that did not run.
func runMutants(ctx context.Context, x *runs, p *pool, lim limits, muts []plan.Mutant, results []MutantResult, prog *progress) ([]*runOutcome, error) {
	outcomes := make([]*runOutcome, len(muts))
	var done int
	var mu sync.Mutex
	prog.phase("mutants", 0, len(muts))
	tasks := make([]func(context.Context, *sandbox) error, len(muts))
	for i, m := range muts {
		tasks[i] = func(ctx context.Context, sb *sandbox) error {
			if err := x.control(ctx, sb, lim.oracle); err != nil {
				return err
			}
			var out runOutcome
			retried := false
			err := p.withMutant(sb, m, func(ov *override) (err error) {
				out, err = x.oracle(ctx, sb, ov, true, lim.oracle)
				if err == nil && lim.retry(out.Status) {
					retried = true
					out, err = x.oracle(ctx, sb, ov, true, 2*lim.oracle)
				}
				return err
			})
			if err != nil {
				return err
			}
			record(&results[i], out, sb.index, retried)
			outcomes[i] = &out
			mu.Lock()
			done++
			prog.phase("mutants", done, len(muts))
			mu.Unlock()
			return nil
		}
	}
	return outcomes, p.run(ctx, tasks)
}

// record writes a mutant run's facts into its result.
func record(mr *MutantResult, out runOutcome, sandbox int, retried bool) {
	mr.Status = out.Status
	mr.ExitCode = out.ExitCode
	mr.DurationMS = out.Duration.Milliseconds()
	mr.OutputTail = tail(out.Output)
	mr.KilledBy = out.KilledBy
	mr.FailedTests, mr.ResultsNote = failedNames(out.Failed), out.ResultsNote
	mr.Sandbox = sandbox
	mr.Retried = retried
	if out.Status == StatusError && out.Err != nil {
		mr.OutputTail = tail(out.Err.Error() + "\n" + out.Output)
		mr.Reason = out.Reason
	}
}
