package adjudicate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

// tailBytes is how much of a run's output a report keeps (SPEC §5: the last 2 KiB).
const tailBytes = 2048

// keepBytes is how much output a run keeps in memory: enough to find the failing test's name in a
// long TAP stream, bounded so a chatty suite cannot exhaust memory.
const keepBytes int64 = 256 << 10

// scrubbed are environment variables never passed to the oracle or a gate (SPEC §7): credentials
// an untrusted patch's tests could exfiltrate, and CI step files they could write to (and so
// change the workflow's outputs or environment). NODE_V8_COVERAGE is bond's own to set.
var scrubbed = map[string]bool{
	"GITHUB_TOKEN": true, "GH_TOKEN": true, "GH_ENTERPRISE_TOKEN": true, "GITHUB_ENTERPRISE_TOKEN": true,
	"GITLAB_TOKEN": true, "NPM_TOKEN": true, "NODE_AUTH_TOKEN": true, "YARN_NPM_AUTH_TOKEN": true,
	"ACTIONS_RUNTIME_TOKEN": true, "ACTIONS_RUNTIME_URL": true, "ACTIONS_CACHE_URL": true,
	"ACTIONS_RESULTS_URL": true, "ACTIONS_ID_TOKEN_REQUEST_TOKEN": true, "ACTIONS_ID_TOKEN_REQUEST_URL": true,
	"CI_JOB_TOKEN": true, "CI_JOB_JWT": true, "CI_JOB_JWT_V1": true, "CI_JOB_JWT_V2": true,
	"CI_REGISTRY_PASSWORD": true, "CI_DEPLOY_PASSWORD": true, "CI_BUILD_TOKEN": true,
	"BUILDKITE_AGENT_ACCESS_TOKEN": true, "CIRCLE_TOKEN": true,
	"GITHUB_ENV": true, "GITHUB_OUTPUT": true, "GITHUB_PATH": true, "GITHUB_STEP_SUMMARY": true, "GITHUB_STATE": true,
	"NODE_V8_COVERAGE": true,
}

// scrubEnv returns env without the variables of scrubbed and without any variable whose name ends
// in _TOKEN, then with extra appended (later entries win in exec).
func scrubEnv(env []string, extra ...[]string) []string {
	out := make([]string, 0, len(env)+8)
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if scrubbed[name] || strings.HasSuffix(name, "_TOKEN") {
			continue
		}
		out = append(out, kv)
	}
	for _, e := range extra {
		out = append(out, e...)
	}
	return out
}

// procSpec is one process to run: a shell command at a directory, with an environment.
type procSpec struct {
	Cmd     string
	Dir     string
	Env     []string
	Timeout time.Duration // 0: none (the context still bounds it)
	// Hermetic runs the command in a new user and network namespace (unshare -rn): no network.
	Hermetic bool
}

// procResult is what one process did.
type procResult struct {
	ExitCode int
	TimedOut bool
	Duration time.Duration
	// Output is the combined stdout and stderr, at most keepBytes of its end.
	Output string
	// Start is set when the command could not be started at all, or the shell said it could not
	// run it (exit 126: not executable, 127: not found). Such a run is an error, never a kill.
	Start error
	Began time.Time
}

// Tail returns the last tailBytes of the output.
func (r procResult) Tail() string { return tail(r.Output, tailBytes) }

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[len(s)-n:]
	// Do not start inside a UTF-8 sequence.
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
	return tail(string(b[:n]), int(max))
}

// runProc runs p in its own process group. On timeout or when ctx ends, the whole group is killed
// with SIGKILL; after a normal exit, whatever the command left running in its group is killed too,
// so no test server outlives its run. It returns an error only when ctx ended (the caller stops);
// every other failure is in the result.
func runProc(ctx context.Context, p procSpec) (procResult, error) {
	argv := []string{"sh", "-c", p.Cmd}
	if p.Hermetic {
		argv = append([]string{"unshare", "--map-root-user", "--net"}, argv...)
	}
	c := exec.Command(argv[0], argv[1:]...)
	c.Dir = p.Dir
	c.Env = p.Env
	c.Stdin = nil
	// Output goes to a file, not a pipe: a background child that inherits it (a test server
	// left running) cannot hold Wait open, so the run ends when its shell does.
	outf, err := os.CreateTemp("", "bond-output-")
	if err != nil {
		return procResult{}, fmt.Errorf("making a file for the run's output: %w", err)
	}
	defer os.Remove(outf.Name())
	defer outf.Close()
	c.Stdout = outf
	c.Stderr = outf
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	res := procResult{Began: time.Now()}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	if err := c.Start(); err != nil {
		res.Start = fmt.Errorf("could not start %q: %w", argv[0], err)
		res.ExitCode = -1
		return res, nil
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
	// Paths inside the sandbox are spelt repository-relative, as everywhere else in a report,
	// so a reader can follow an assertion's location in their own checkout.
	res.Output = readTail(outf, keepBytes)
	if root := strings.TrimSuffix(p.Dir, "/"); root != "" {
		res.Output = strings.ReplaceAll(res.Output, root+"/", "")
	}
	if ctxErr != nil {
		return res, ctxErr
	}
	res.ExitCode = c.ProcessState.ExitCode()
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

// probeHermetic checks that a user and network namespace can be made here, so --hermetic never
// degrades into an unsandboxed run.
func probeHermetic(ctx context.Context) error {
	c := exec.CommandContext(ctx, "unshare", "--map-root-user", "--net", "true")
	var buf bytes.Buffer
	c.Stderr = &buf
	if err := c.Run(); err != nil {
		msg := strings.TrimSpace(buf.String())
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("--hermetic needs a network namespace, but 'unshare --map-root-user --net' failed here: %s; allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1) or run without --hermetic", msg)
	}
	return nil
}

// environ is the process environment; a function so tests can see what the oracle receives.
func environ() []string { return os.Environ() }
