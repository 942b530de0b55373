package contracts

// This file runs one shell command in its own process group with a time limit and a scrubbed
// environment.
//
// TO BE REPLACED by internal/proc when it lands: adjudicate's runProc (exec.go) does the same
// and is not exported; this is the smallest copy contracts needs (STYLE §15 wants one process
// runner, so the two must become one).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// keepOutput is how much of a run's output is kept, from its end.
const keepOutput int64 = 256 << 10

// scrubbed are variables never passed to the oracle: credentials an untrusted test could read,
// CI step files it could write to, and NODE_V8_COVERAGE and NODE_OPTIONS, which bond sets.
var scrubbed = map[string]bool{
	"GITHUB_TOKEN": true, "GH_TOKEN": true, "NPM_TOKEN": true, "NODE_AUTH_TOKEN": true,
	"ACTIONS_RUNTIME_TOKEN": true, "ACTIONS_ID_TOKEN_REQUEST_TOKEN": true, "ACTIONS_ID_TOKEN_REQUEST_URL": true,
	"CI_JOB_TOKEN": true, "CI_JOB_JWT": true, "CI_REGISTRY_PASSWORD": true, "CI_DEPLOY_PASSWORD": true,
	"GITHUB_ENV": true, "GITHUB_OUTPUT": true, "GITHUB_PATH": true, "GITHUB_STEP_SUMMARY": true, "GITHUB_STATE": true,
	"NODE_V8_COVERAGE": true,
}

// environ returns the process environment without scrubbed variables and *_TOKEN, with extra
// appended (later entries win in exec). NODE_OPTIONS is kept unless extra sets it.
func environ(extra []string) []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if scrubbed[name] || strings.HasSuffix(name, "_TOKEN") {
			continue
		}
		out = append(out, kv)
	}
	return append(out, extra...)
}

// procResult is what one command did.
type procResult struct {
	ExitCode int
	TimedOut bool
	Duration time.Duration
	Output   string
	// Start says the command could not be started, or the shell could not run it (126, 127).
	Start error
}

// runShell runs cmd with sh -c at dir in a new process group. On timeout or when ctx ends the
// whole group is killed; after a normal exit whatever the command left in its group is killed
// too. It returns an error only when ctx ended.
func runShell(ctx context.Context, cmd, dir string, env []string, timeout time.Duration) (procResult, error) {
	c := exec.Command("sh", "-c", cmd)
	c.Dir, c.Env = dir, env
	outf, err := os.CreateTemp("", "bond-contracts-output-")
	if err != nil {
		return procResult{}, fmt.Errorf("making a file for the run's output: %w", err)
	}
	defer os.Remove(outf.Name())
	defer outf.Close()
	c.Stdout, c.Stderr = outf, outf
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	began := time.Now()
	if err := ctx.Err(); err != nil {
		return procResult{}, err
	}
	if err := c.Start(); err != nil {
		return procResult{ExitCode: -1, Start: fmt.Errorf("could not start sh: %w", err)}, nil
	}
	pgid := c.Process.Pid
	kill := func() { _ = syscall.Kill(-pgid, syscall.SIGKILL) }
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	var timer <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		timer = t.C
	}
	res := procResult{}
	var waitErr error
	select {
	case waitErr = <-done:
		kill()
	case <-timer:
		res.TimedOut = true
		kill()
		waitErr = <-done
	case <-ctx.Done():
		kill()
		<-done
		return res, context.Cause(ctx)
	}
	res.Duration = time.Since(began)
	res.Output = readTail(outf)
	res.ExitCode = c.ProcessState.ExitCode()
	var ee *exec.ExitError
	switch {
	case res.TimedOut:
	case waitErr != nil && !errors.As(waitErr, &ee):
		res.Start = fmt.Errorf("running %q: %w", cmd, waitErr)
	case res.ExitCode == 126:
		res.Start = fmt.Errorf("%q could not be executed (exit 126: permission denied or not executable)", cmd)
	case res.ExitCode == 127:
		res.Start = fmt.Errorf("%q could not be run (exit 127: command not found)", cmd)
	}
	return res, nil
}

// readTail returns at most keepOutput bytes from the end of f.
func readTail(f *os.File) string {
	fi, err := f.Stat()
	if err != nil {
		return ""
	}
	off := max(fi.Size()-keepOutput, 0)
	b := make([]byte, fi.Size()-off)
	n, _ := f.ReadAt(b, off)
	return string(b[:n])
}

// tail returns the last n bytes of s, not starting inside a UTF-8 sequence.
func tail(s string, n int) string {
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
