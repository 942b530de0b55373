package adjudicate

// This file runs one oracle or gate in a sandbox and records its span: the single path every run
// of a certify takes, whichever phase asks for it.

import (
	"context"
	"time"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
)

// runs starts the oracle (through the chosen runner) and the gates (as commands).
type runs struct {
	choice   *runnerChoice
	env      []string // scrubbed, with Options.Env
	hermetic bool
	clock    *clock
}

// oracle runs the oracle once in sb, where ov (if any) is already placed.
func (x *runs) oracle(ctx context.Context, sb *sandbox, ov *override, cov bool, timeout time.Duration) (runOutcome, error) {
	out, err := x.choice.runner.run(ctx, sb, ov, cov, timeout)
	x.clock.record(out, false)
	return out, err
}

// gate runs a gate's command once in sb.
func (x *runs) gate(ctx context.Context, sb *sandbox, cmd string, timeout time.Duration) (runOutcome, error) {
	cmd, env, ask, err := askResults(cmd, x.env, sb.root)
	if err != nil {
		return runOutcome{}, err
	}
	res, err := runProc(ctx, proc.Spec{Cmd: cmd, Dir: sb.root, Env: env, Timeout: timeout, Hermetic: x.hermetic})
	out := outcomeOf(res)
	readResults(&out, ask, sb.root)
	x.clock.record(out, true)
	return out, err
}

// control runs the unmutated oracle once in sb if it has not run there yet (SPEC §3.2).
func (x *runs) control(ctx context.Context, sb *sandbox, timeout time.Duration) error {
	if sb.controlled {
		return nil
	}
	out, err := x.oracle(ctx, sb, nil, false, timeout)
	if err != nil {
		return err
	}
	if out.Status != StatusAccepted {
		return input.Errorf("the control run of the unmutated oracle failed in sandbox %d (%s, exit %d) although both baseline runs passed; the oracle is flaky or depends on where it runs. Output tail:\n%s", sb.index, out.Status, out.ExitCode, indentTail(out.Output))
	}
	sb.controlled = true
	return nil
}
