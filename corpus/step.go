package corpus

// This file runs a task's shell steps, the install command and the held-back oracle (SPEC §6.2):
// confined and reaped through internal/proc and internal/isolate, under bond's environment
// policy, with the tail of their output kept for the row.

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/seal"
)

type stepResult struct {
	StepRun
	// err is set when the command could not be started or the shell could not run it (126,
	// 127) or it ran past its limit: a harness failure, not a verdict.
	err error
}

// runStep runs a shell command at dir through internal/proc: in its own process group, killed
// as a group on cancellation, after limit and after it exits, its output kept to the last 2 KiB.
// It runs under an isolate.Isolator that reaps every process the step leaves (a daemon an install
// script starts) but protects no directory: the install writes node_modules, and the held-back
// oracle runs in the task's own throw-away work tree.
func runStep(ctx context.Context, command, dir string, env []string, limit time.Duration) stepResult {
	res := stepResult{StepRun: StepRun{Cmd: command}}
	// Protecting no directory, but hiding bond's cache dir (its signing key, the incremental
	// file, the last report): an install script is the task's code too.
	var io isolate.Options
	if d, err := seal.Dir(); err == nil {
		if d = seal.ToHide(d, dir); d != "" {
			io.Hidden = []string{d}
		}
	}
	iso, err := isolate.New(io)
	if err != nil {
		res.err, res.ExitCode = fmt.Errorf("confining the step: %w", err), -1
		return res
	}
	pr, err := proc.Run(ctx, proc.Spec{Cmd: command, Dir: dir, Env: env, Timeout: limit, Isolation: iso})
	res.DurationMS = pr.Duration.Milliseconds()
	res.OutputTail = proc.Tail(pr.Output, stepTail)
	res.ExitCode = pr.ExitCode
	switch {
	case err != nil:
		res.err, res.ExitCode = err, -1
	case pr.TimedOut:
		res.err = fmt.Errorf("ran past its limit of %v", limit)
	case pr.ExitCode == 126 || pr.ExitCode == 127:
		res.err = fmt.Errorf("the shell could not run it (exit %d): %s", res.ExitCode, lastLine(res.OutputTail))
	case pr.Start != nil:
		res.err, res.ExitCode = pr.Start, 0
	}
	return res
}

// stepTail is how much of a step's output a row keeps.
const stepTail = 2048

// stepEnv is the environment of install and the held-back oracle: the environment policy of
// every process bond starts (internal/proc, SPEC §7), sorted.
func stepEnv(env []string) []string {
	out, _ := proc.Env(env, isolate.EnvOptions{})
	sort.Strings(out)
	return out
}

// lastLine is the last non-empty line of s, for one-line error messages.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
