package adjudicate

// This file is the mutant phase (SPEC §3.5): the oracle on every mutant whose outcome is not
// known without a run, in parallel across the sandboxes, each run recorded as facts of its mutant.

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// runMutants runs the oracle on every mutant y does not skip and records each run in results
// (one per mutant); it returns the runs' outcomes, nil for a mutant that did not run.
func runMutants(ctx context.Context, x *oracle.Runs, p *oracle.Pool, lim oracle.Limits, y pay, ev *evidence, muts []plan.Mutant, results []report.MutantResult, prog *progress) ([]*oracle.RunOutcome, error) {
	outcomes := make([]*oracle.RunOutcome, len(muts))
	var done int
	var mu sync.Mutex
	step := func() {
		mu.Lock()
		done++
		prog.phase("mutants", done, len(muts))
		mu.Unlock()
	}
	prog.phase("mutants", 0, len(muts))
	var tasks []func(context.Context, *oracle.Box) error
	for i, m := range muts {
		if reason := y.known(ev, m); reason != "" {
			skip(&results[i], reason)
			step()
			continue
		}
		tasks = append(tasks, func(ctx context.Context, sb *oracle.Box) error {
			if err := x.Control(ctx, sb, lim.Oracle); err != nil {
				return err
			}
			var out oracle.RunOutcome
			var runs []report.MutantRun
			err := p.WithMutant(sb, m, func(ov *oracle.Override) (err error) {
				s := y.mutantRun(m, ov, lim)
				out, err = x.Oracle(ctx, sb, s)
				runs = append(runs, runRecord(s, out))
				if err == nil && lim.Retry(out.Status) {
					s.Timeout *= 2
					out, err = x.Oracle(ctx, sb, s)
					runs = append(runs, runRecord(s, out))
				}
				return err
			})
			if err != nil {
				return err
			}
			record(&results[i], out, sb.Index, runs)
			if out.Status != report.StatusAccepted {
				// Only an accepted mutant's calls are compared (value.go); a killed one's trace
				// would only hold memory until the report is written.
				out.Trace = nil
			}
			outcomes[i] = &out
			step()
			return nil
		})
	}
	if y.shuffleSeed != 0 {
		r := rand.New(rand.NewPCG(uint64(y.shuffleSeed), 0))
		r.Shuffle(len(tasks), func(i, j int) { tasks[i], tasks[j] = tasks[j], tasks[i] })
	}
	return outcomes, p.Run(ctx, tasks)
}

// runRecord is the report's record of one mutant run s that ended as out.
func runRecord(s oracle.RunSpec, out oracle.RunOutcome) report.MutantRun {
	files := s.Files
	if files == nil {
		files = []string{}
	}
	return report.MutantRun{TestFiles: files, Coverage: s.Cov, Bail: s.Bail, Status: out.Status, ExitCode: out.ExitCode, DurationMS: out.Duration.Milliseconds(), Inputs: out.Inputs}
}

// record writes a mutant's facts into its result: the status and output of its deciding run (the
// last of runs), and every run.
func record(mr *report.MutantResult, out oracle.RunOutcome, sandbox int, runs []report.MutantRun) {
	mr.Status = out.Status
	mr.ExitCode = out.ExitCode
	mr.DurationMS = out.Duration.Milliseconds()
	mr.OutputTail = oracle.Tail(out.Output)
	mr.KilledBy = out.KilledBy
	mr.FailedTests, mr.ResultsNote = oracle.FailedNames(out.Failed), out.ResultsNote
	mr.Sandbox = sandbox
	mr.Retried = len(runs) > 1
	mr.Runs = runs
	if out.Status == report.StatusError && out.Err != nil {
		mr.OutputTail = oracle.Tail(out.Err.Error() + "\n" + out.Output)
		mr.Reason = out.Reason
	}
}
