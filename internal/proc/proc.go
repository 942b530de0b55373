// Package proc starts the processes bond runs on a user's behalf (the oracle, the gates, a
// corpus task's install and held-back oracle): each in its own process group, killed as a group
// on its limit, on the context's end and after it exits, with its output kept to a bounded tail,
// with the environment policy of env.go, and, given an isolate.Isolator, confined by it
// (read-only linked directories, no survivors, --hermetic's network namespace). It is the one
// place a process is started.
package proc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/redact"
)

// KeepBytes is how much output a run keeps in memory: enough to find the failing test's name in
// a long TAP stream, bounded so a chatty suite cannot exhaust memory.
const KeepBytes int64 = 256 << 10

// Spec is one process to run: a shell command at a directory, with an environment.
type Spec struct {
	Cmd     string
	Dir     string
	Env     []string
	Timeout time.Duration // 0: none (the context still bounds it)
	// Home, when set, is the command's HOME, replacing any HOME in Env: a directory of the
	// sandbox's own, so that what a test writes into ~/.gitconfig, ~/.npmrc or ~/.ssh stays
	// there and the user's home is not where it looks (SPEC §7). It must exist.
	Home string
	// Isolation confines the command (SPEC §3.2, §7): its read-only directories, its reaping of
	// every process the command leaves, its network namespace under --hermetic. nil runs the
	// command with only its process group (bond's own tools: git, never a test).
	Isolation *isolate.Isolator
}

// Result is what one process did.
type Result struct {
	ExitCode int
	TimedOut bool
	Duration time.Duration
	// Output is the combined stdout and stderr, at most KeepBytes of its end.
	Output string
	// Start is set when the command could not be started at all, or the shell said it could not
	// run it (exit 126: not executable, 127: not found). Such a run is an error, never a kill.
	Start error
	Began time.Time
	// Changed names the files under the Isolation's read-only directories that differ from
	// their snapshot after this run (detect mode only: in read-only mode no write succeeds).
	// The caller stops: a test changed what it must not.
	Changed []string
	// CheckErr is a failure to make that comparison (the directories could not be re-read);
	// the caller stops as for Changed, since nothing shows they are intact.
	CheckErr error
	// Reaped counts processes the run left behind that the marker sweep killed (a PID
	// namespace kills them without counting).
	Reaped int
}

// Run runs p with sh -c in its own process group, under p.Isolation when given. On timeout or
// when ctx ends, the whole group is killed with SIGKILL; after a normal exit, whatever the
// command left running in its group is killed too, and the Isolation kills what left the group
// (setsid, double forks), so no test server outlives its run. Output goes to a file, not a pipe,
// so a background child that inherits it cannot hold the run open. Run returns an error only
// when ctx ended (the caller stops); every other failure is in the result.
func Run(ctx context.Context, p Spec) (Result, error) {
	argv := []string{"sh", "-c", p.Cmd}
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir = p.Dir
	c.Env = p.Env
	if p.Home != "" {
		c.Env = withHome(p.Env, p.Home)
	}
	c.Stdin = nil
	// The run's stdout and stderr are this file, which a test sees through /proc/self/fd/1: its
	// name, like every path a test can see, does not name bond (SPEC §7).
	outf, err := os.CreateTemp("", "tmp.")
	if err != nil {
		return Result{}, fmt.Errorf("making a file for the run's output: %w", err)
	}
	defer os.Remove(outf.Name())
	defer outf.Close()
	c.Stdout = outf
	c.Stderr = outf
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// Nothing is piped, so Wait does not wait on a child's copy of a pipe; should that ever
	// change, WaitDelay still bounds it.
	c.WaitDelay = time.Second
	res := Result{Began: time.Now()}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	var run *isolate.Run
	if p.Isolation != nil {
		if run, err = p.Isolation.Wrap(c); err != nil {
			res.Start, res.ExitCode = fmt.Errorf("could not isolate %q: %w", p.Cmd, err), -1
			return res, nil
		}
	}
	if err := c.Start(); err != nil {
		if run != nil {
			_ = run.Started() // closes the init's error pipe
		}
		res.Start = fmt.Errorf("could not start %q: %w", argv[0], err)
		res.ExitCode = -1
		return res, nil
	}
	var setupErr error
	if run != nil {
		setupErr = run.Started()
	}
	pgid := c.Process.Pid
	killGroup := func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) }
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	var timer <-chan time.Time
	if p.Timeout > 0 {
		t := time.NewTimer(p.Timeout)
		defer t.Stop()
		timer = t.C
	}
	var waitErr error
	var ctxErr error
	select {
	case waitErr = <-done:
		killGroup()
	case <-timer:
		res.TimedOut = true
		killGroup()
		waitErr = <-done
	case <-ctx.Done():
		killGroup()
		<-done
		ctxErr = context.Cause(ctx)
	}
	res.Duration = time.Since(res.Began)
	if run != nil {
		after := run.Finish()
		res.Changed, res.CheckErr, res.Reaped = after.Changed, after.Err, after.Killed
	}
	// A secret bond knows of that the run printed (a --pass-env token, a detect-mode read of
	// .git/config) goes no further than this: every tail, report and log takes its output from
	// here. The window read is longer than what is kept by the longest secret, so one the cut
	// would halve is masked whole first.
	secrets := redact.Std()
	res.Output = Tail(secrets.String(readTail(outf, KeepBytes+int64(secrets.MaxLen()))), int(KeepBytes))
	if ctxErr != nil {
		return res, ctxErr
	}
	res.ExitCode = c.ProcessState.ExitCode()
	if setupErr != nil {
		// The init could not confine the command, so the command never ran: a harness failure.
		res.Start = setupErr
		return res, nil
	}
	if res.TimedOut {
		return res, nil
	}
	var ee *exec.ExitError
	if waitErr != nil && !errors.As(waitErr, &ee) {
		res.Start = fmt.Errorf("running %q: %w", p.Cmd, waitErr)
		return res, nil
	}
	switch res.ExitCode {
	case 126:
		res.Start = fmt.Errorf("%q could not be executed (exit 126: permission denied or not executable)", p.Cmd)
	case 127:
		res.Start = fmt.Errorf("%q could not be run (exit 127: command not found)", p.Cmd)
	}
	return res, nil
}

// withHome returns env with HOME set to home and every other HOME removed.
func withHome(env []string, home string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, "HOME=") {
			out = append(out, kv)
		}
	}
	return append(out, "HOME="+home)
}

// Tail returns at most the last n bytes of s, never starting inside a UTF-8 sequence.
func Tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	for i := 0; i < len(s) && i < 4; i++ {
		if s[i]&0xC0 != 0x80 {
			return s[i:]
		}
	}
	return s
}

// readTail returns at most max bytes from the end of f.
func readTail(f *os.File, max int64) string {
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	off := fi.Size() - max
	if off < 0 {
		off = 0
	}
	b := make([]byte, fi.Size()-off)
	n, _ := f.ReadAt(b, off)
	return Tail(string(b[:n]), int(max))
}
