package proc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/testneed"
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

// Under an Isolation a run cannot write its read-only directories and leaves no process behind,
// even one that left its process group; a command that needs neither runs as before.
func TestIsolatedRun(t *testing.T) {
	root := t.TempDir()
	nm := filepath.Join(root, "node_modules")
	if err := os.MkdirAll(nm, 0o755); err != nil {
		t.Fatal(err)
	}
	iso, err := isolate.New(isolate.Options{ReadOnly: []string{nm}})
	if err != nil {
		t.Fatal(err)
	}
	if iso.Protection() != confine.ReadOnly {
		testneed.Missing(t, "no namespaces here (%s); CI must provide them", iso.Why())
	}
	marker := fmt.Sprintf("bond-proc-survivor-%d", os.Getpid())
	tests := []struct {
		name, cmd string
		exit      int
	}{
		{"plain", "echo hi", 0},
		{"write a read-only dir", "echo x > node_modules/x.js", 2},
		{"daemon", "setsid sh -c 'sleep 1000; : " + marker + "' >/dev/null 2>&1 & echo started", 0},
		{"not found", "no-such-command-bond", 127},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(context.Background(), Spec{Cmd: tt.cmd, Dir: root, Isolation: iso, Timeout: 20 * time.Second})
			if err != nil || res.ExitCode != tt.exit {
				t.Fatalf("err %v exit %d, want %d: %s", err, res.ExitCode, tt.exit, res.Output)
			}
			if len(res.Changed) != 0 || res.CheckErr != nil {
				t.Errorf("read-only mode reported changes %v (%v)", res.Changed, res.CheckErr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(nm, "x.js")); err == nil {
		t.Error("node_modules/x.js was written")
	}
	if left := processesWith(marker); len(left) > 0 {
		t.Errorf("the daemon survived its run: %v", left)
	}
}

// processesWith lists the processes whose command line holds marker.
func processesWith(marker string) []string {
	var out []string
	names, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, n := range names {
		if b, err := os.ReadFile(n); err == nil && strings.Contains(string(b), marker) {
			out = append(out, n)
		}
	}
	return out
}

// Spec.Home replaces every HOME of the environment; without it the environment's HOME stays.
func TestHome(t *testing.T) {
	home := t.TempDir()
	tests := []struct {
		name string
		env  []string
		home string
		want string
	}{
		{"replaces the user's", []string{"PATH=" + os.Getenv("PATH"), "HOME=/home/user"}, home, home},
		{"replaces duplicates", []string{"PATH=" + os.Getenv("PATH"), "HOME=/a", "HOME=/b"}, home, home},
		{"unset keeps the environment's", []string{"PATH=" + os.Getenv("PATH"), "HOME=/home/user"}, "", "/home/user"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(context.Background(), Spec{Cmd: `printf %s "$HOME"`, Dir: t.TempDir(), Env: tt.env, Home: tt.home})
			if err != nil || res.Output != tt.want {
				t.Errorf("HOME = %q (err %v), want %q", res.Output, err, tt.want)
			}
		})
	}
}
