package oracle

// This file weighs the embedded runner's speed against the command runner's (issue 25, [speed]):
// the embedded runner starts in milliseconds, but goja interprets what V8 compiles, so a suite
// that spends seconds in its own loops (50,000 generated ids, a flat-distribution check) can run
// several times slower embedded than under Node. auto picks the embedded runner before any test
// has run; once its baseline shows a slow oracle, one run of the command runner says which is
// cheaper for the mutants still to run.

import (
	"context"
	"fmt"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// DefaultSlowEmbedded is the embedded runner's whole-oracle run time (the baseline pair's mean)
// from which auto times the command runner once: below it, a mutant run costs too little for a
// switch to pay for the extra run.
const DefaultSlowEmbedded = 10 * time.Second

// slowerEmbedded times the command runner once on the unmutated tree when auto chose the
// embedded runner and its baseline pair took at least slowAt a run (0: DefaultSlowEmbedded). It
// returns why auto should switch — the command runner takes at most half the embedded runner's
// time, and the mutants still to run save more than the command runner's own baseline pair
// costs — or a note of what it measured and kept ("" when it did not time anything).
func slowerEmbedded(ctx context.Context, x *Runs, p *Pool, b BaselineRuns, limit time.Duration, bp BaselinePlan) (why, note string, err error) {
	c := x.Choice
	if _, embedded := c.Runner.(*EmbeddedRunner); !embedded || c.mode == RunnerEmbedded || bp.Mutants == 0 {
		return "", "", nil
	}
	slowAt := bp.SlowEmbedded
	if slowAt <= 0 {
		slowAt = DefaultSlowEmbedded
	}
	emb := (b.Pair[0].Duration + b.Pair[1].Duration) / 2
	if emb < slowAt {
		return "", "", nil
	}
	sb, _ := p.Pair()
	out, err := x.OracleWith(ctx, c.Fallback, sb, RunSpec{Timeout: limit})
	if err != nil {
		return "", "", err
	}
	cmd := out.Duration
	measured := fmt.Sprintf("the unmutated oracle took %s a run under the embedded runner and %s under %s (timed once)", roundMS(emb), roundMS(cmd), c.fallbackName())
	switch {
	case out.Status != report.StatusAccepted:
		return "", measured + ", which did not pass it (" + string(out.Status) + "): the embedded runner kept", nil
	case 2*cmd > emb:
		return "", measured + ": the embedded runner kept", nil
	case time.Duration(bp.Mutants)*(emb-cmd) <= 2*cmd:
		return "", fmt.Sprintf("%s: the embedded runner kept, since %d mutant runs would save less than the command runner's own baseline costs", measured, bp.Mutants), nil
	}
	return fmt.Sprintf("auto chose %s: %s; these tests' own computation runs faster compiled by Node than interpreted by the embedded runtime", c.fallbackName(), measured), "", nil
}

// roundMS is d to the millisecond, as notes print durations.
func roundMS(d time.Duration) time.Duration { return d.Round(time.Millisecond) }
