package proc

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A command that leaves a background child ends when its shell does, and says what it printed.
func TestBackgroundChildDoesNotHoldTheRun(t *testing.T) {
	res, err := Run(context.Background(), Spec{Cmd: "sleep 600 & echo x", Dir: t.TempDir(), Timeout: 20 * time.Second})
	if err != nil || res.TimedOut || res.ExitCode != 0 || strings.TrimSpace(res.Output) != "x" {
		t.Fatalf("run: err %v, timed out %v, exit %d, output %q; want exit 0 and output x", err, res.TimedOut, res.ExitCode, res.Output)
	}
}

// A command the shell cannot run is a start error, never a kill.
func TestShellCouldNotRun(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		exit int
	}{{"exit 126", 126}, {"no-such-command-bond", 127}} {
		res, err := Run(context.Background(), Spec{Cmd: tc.cmd, Dir: t.TempDir()})
		if err != nil || res.ExitCode != tc.exit || res.Start == nil {
			t.Errorf("%s: err %v exit %d start %v; want exit %d and a start error", tc.cmd, err, res.ExitCode, res.Start, tc.exit)
		}
	}
}

// A cancelled context kills the run and comes back as its cause.
func TestCancelledRunReturnsCause(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(context.DeadlineExceeded)
	if _, err := Run(ctx, Spec{Cmd: "sleep 600", Dir: t.TempDir()}); err == nil {
		t.Fatal("a run under a cancelled context returned no error")
	}
}
