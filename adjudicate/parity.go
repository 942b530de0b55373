package adjudicate

// This file is --parity (issue [parity]): the embedded runner's outcomes that decide the bond —
// each kill, which makes held, and each acceptance on a line the oracle ran, which makes vacuous —
// are run again by the real runner, the command runner --runner auto falls back to (node --test
// for --oracle files, the oracle command itself for --oracle-cmd). A mutant on which the two
// disagree is an error with reason parity-mismatch and both outputs, never held or vacuous: bond
// does not pick a side. The real runner first runs the unmutated oracle once; when that run does
// not pass (the runner is not installed, or the tests need what the embedded runner supplies),
// nothing is compared and the report says why (ParityInfo.Problem), leaving the embedded
// outcomes as they were.

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// decidesBond reports whether r's outcome is one --parity checks: a kill or timeout (held), or
// an acceptance that is vacuous under witness-recorded (the regime with the most vacuous
// verdicts, so every regime's vacuous mutants are among them). Reused outcomes are not run again.
func decidesBond(r report.MutantResult) bool {
	if r.Cached {
		return false
	}
	switch r.Status {
	case report.StatusKilled, report.StatusTimeout:
		return true
	case report.StatusAccepted:
		return report.FactsOf(r).Verdict(report.RegimeWitnessRecorded) == report.VerdictVacuous
	}
	return false
}

// sameOutcome reports whether the real runner's status agrees with the embedded one's.
func sameOutcome(embedded, real report.Status) bool {
	held := func(s report.Status) bool { return s == report.StatusKilled || s == report.StatusTimeout }
	return (held(embedded) && held(real)) || (embedded == report.StatusAccepted && real == report.StatusAccepted)
}

// runParity runs --parity over the fresh mutants muts and their results (see the file comment),
// with real the runner to compare with. timeout is --timeout (0: derived from the real runner's
// baseline as for any run).
func runParity(ctx context.Context, x *oracle.Runs, p *oracle.Pool, real oracle.OracleRunner, timeout time.Duration, muts []plan.Mutant, results []report.MutantResult, prog *progress) (*report.ParityInfo, error) {
	info := &report.ParityInfo{Runner: real.Name()}
	if x.Choice.Runner == real || x.Choice.Runner.Name() != RunnerEmbedded {
		info.Problem = fmt.Sprintf("the oracle ran under the %s runner, not the embedded one: there is nothing to compare", x.Choice.Runner.Name())
		return info, nil
	}
	var pick []int
	for i := range results {
		if decidesBond(results[i]) {
			pick = append(pick, i)
		}
	}
	if len(pick) == 0 {
		return info, nil
	}
	prog.phase("parity", 0, len(pick))
	sb := p.Boxes[0]
	base, err := x.OracleWith(ctx, real, sb, oracle.RunSpec{Timeout: timeout})
	if err != nil {
		return info, err
	}
	info.BaselineMS = base.Duration.Milliseconds()
	if base.Status != report.StatusAccepted {
		info.Problem = fmt.Sprintf("the %s runner's run of the unmutated oracle was %s (exit %d), so no outcome was compared; is the runner installed? Output tail:\n%s",
			real.Name(), base.Status, base.ExitCode, oracle.IndentTail(base.Output))
		return info, nil
	}
	lim := oracle.NewLimits(timeout, [2]oracle.RunOutcome{base, base})
	var mu sync.Mutex
	done := 0
	tasks := make([]func(context.Context, *oracle.Box) error, 0, len(pick))
	for _, i := range pick {
		tasks = append(tasks, func(ctx context.Context, sb *oracle.Box) error {
			var out oracle.RunOutcome
			err := p.WithMutant(sb, muts[i], func(ov *oracle.Override) (err error) {
				s := oracle.RunSpec{Ov: ov, Bail: real.CanBail(), Timeout: lim.Oracle, Cold: true}
				out, err = x.OracleWith(ctx, real, sb, s)
				if err == nil && lim.Retry(out.Status) {
					s.Timeout *= 2
					out, err = x.OracleWith(ctx, real, sb, s)
				}
				return err
			})
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			if compareParity(&results[i], real.Name(), out) {
				info.Agreed++
			} else {
				info.Disagreed++
			}
			info.Checked++
			done++
			prog.phase("parity", done, len(pick))
			return nil
		})
	}
	return info, p.Run(ctx, tasks)
}

// compareParity records the real runner's run out of mutant r and, when it disagrees with the
// embedded outcome, makes r an error with both outputs. It reports whether they agreed.
func compareParity(r *report.MutantResult, runner string, out oracle.RunOutcome) bool {
	pr := &report.ParityRun{
		Runner: runner, Status: out.Status, ExitCode: out.ExitCode, KilledBy: out.KilledBy,
		DurationMS: out.Duration.Milliseconds(), OutputTail: oracle.Tail(out.Output), Inputs: out.Inputs,
		Agrees: sameOutcome(r.Status, out.Status), EmbeddedStatus: r.Status, EmbeddedKilledBy: r.KilledBy,
	}
	if out.Status == report.StatusError && out.Err != nil {
		pr.OutputTail = oracle.Tail(out.Err.Error() + "\n" + out.Output)
	}
	r.Parity = pr
	if pr.Agrees {
		return true
	}
	pr.EmbeddedOutputTail = r.OutputTail
	embedded := string(r.Status)
	if r.KilledBy != "" {
		embedded += " by " + r.KilledBy
	}
	theirs := string(out.Status)
	if out.KilledBy != "" {
		theirs += " by " + out.KilledBy
	}
	r.OutputTail = oracle.Tail(fmt.Sprintf("bond --parity: the embedded runner's run was %s, the %s runner's %s; bond does not pick a side.\n--- embedded ---\n%s\n--- %s ---\n%s",
		embedded, runner, theirs, r.OutputTail, runner, pr.OutputTail))
	r.Status, r.Reason, r.KilledBy, r.FailedTests = report.StatusError, report.ReasonParity, "", nil
	return false
}
