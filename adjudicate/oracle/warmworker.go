package oracle

// This file is --warm's worker (warm.go): one long-lived vitest or jest process in one sandbox,
// the request and answer files it talks to bond through, and what bond reads in an answer.

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/proc"
)

// warmWorker is one long-lived vitest or jest process in one sandbox, run through proc like every test
// process (the confinement's isolator and environment, its own process group, the sandbox's
// HOME), talking to bond through files in dir.
type warmWorker struct {
	dir    string
	cancel context.CancelFunc
	done   chan struct{} // closed when the process ended; res and err are set then
	res    proc.Result
	err    error
	next   int
	// served counts the mutant runs it answered; dirty are the files it last ran with other
	// bytes than the tree's, invalidated on its next run.
	served int
	dirty  []string
}

// startWarmWorker starts a worker in sb and waits for it to say it is ready, or why it refuses
// (isolation off, a config that would leak state, no vitest/node or jest, an old Node) —
// returned as why, never an error. args gives the harness's arguments after the sandbox root and
// the worker's directory, made for that directory.
func startWarmWorker(ctx context.Context, sb *Box, harness string, args func(dir string) []string, env []string, iso *isolate.Isolator, tmp string, limit time.Duration) (*warmWorker, string, error) {
	dir, err := os.MkdirTemp(tmp, "warm-")
	if err != nil {
		return nil, "", fmt.Errorf("making the warm worker's directory: %w", err)
	}
	cmd := "exec node " + proc.Quote(harness) + " " + proc.Quote(sb.Root) + " " + proc.Quote(dir)
	for _, a := range args(dir) {
		cmd += " " + proc.Quote(a)
	}
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	wk := &warmWorker{dir: dir, cancel: cancel, done: make(chan struct{}), next: 1}
	go func() {
		defer close(wk.done)
		wk.res, wk.err = RunIn(wctx, sb, proc.Spec{Cmd: cmd, Dir: sb.Root, Home: sb.Home, Env: env, Isolation: iso})
	}()
	var ready struct {
		Ready   bool   `json:"ready"`
		Refused string `json:"refused"`
	}
	why, err := wk.await(ctx, 0, limit, &ready)
	switch {
	case err != nil:
		wk.stop()
		return nil, "", err
	case why != "":
		wk.stop()
		return nil, "the warm worker did not start: " + why, nil
	case !ready.Ready:
		wk.stop()
		return nil, "the warm worker refused: " + ready.Refused, nil
	}
	return wk, "", nil
}

// stop kills the worker's process group and waits for its run to end.
func (wk *warmWorker) stop() {
	wk.cancel()
	<-wk.done
	_ = os.RemoveAll(wk.dir)
}

// await waits at most limit for the answer numbered id and decodes it into v; why says why
// there is none (the worker ended, the limit passed). err is ctx's end only.
func (wk *warmWorker) await(ctx context.Context, id int, limit time.Duration, v any) (why string, err error) {
	res := filepath.Join(wk.dir, "res.json")
	deadline := time.Now().Add(limit)
	tick := time.NewTicker(3 * time.Millisecond)
	defer tick.Stop()
	for {
		if b, rerr := os.ReadFile(res); rerr == nil {
			_ = os.Remove(res)
			var head struct {
				ID int `json:"id"`
			}
			if json.Unmarshal(b, &head) != nil || head.ID != id {
				return fmt.Sprintf("the worker answered %.80q where answer %d was due", b, id), nil
			}
			if err := json.Unmarshal(b, v); err != nil {
				return fmt.Sprintf("the worker's answer did not decode: %v", err), nil
			}
			return "", nil
		}
		select {
		case <-ctx.Done():
			return "", context.Cause(ctx)
		case <-wk.done:
			return fmt.Sprintf("the worker ended (exit %d): %s", wk.res.ExitCode, strings.TrimSpace(proc.Tail(wk.res.Output, 300))), nil
		case <-tick.C:
			if time.Now().After(deadline) {
				return fmt.Sprintf("no answer within %s (the worker's process group was killed)", limit.Round(time.Millisecond)), nil
			}
		}
	}
}

// warmAnswer is what the worker said of one run, with the probe bond read after it.
type warmAnswer struct {
	ID    int `json:"id"`
	Tests []struct {
		File  string `json:"file"`
		Name  string `json:"name"`
		State string `json:"state"`
	} `json:"tests"`
	Files  []string `json:"files"`
	Errors []string `json:"errors"`
	// Refused says why the worker cannot run what bond asked (a test file vitest does not
	// list as its own): no run will do better, so the pool is refused.
	Refused string `json:"refused"`
	// took is the run's time; probe says why the probe does not prove fresh code ("" when it
	// does).
	took  time.Duration
	began time.Time
	probe string
}

// untrusted says why the answer cannot be taken ("" when it can): the probe did not prove this
// run's code ran, or something failed outside a test.
func (a *warmAnswer) untrusted() string {
	switch {
	case a.probe != "":
		return a.probe
	case len(a.Errors) > 0:
		return "an error outside a test: " + a.Errors[0]
	case len(a.Files) > 0:
		return "a test file failed outside its tests: " + a.Files[0]
	}
	return ""
}

// failed are the full names of the failed tests in the runner's order (file › suite › test, as
// the command runner's result files name them).
func (a *warmAnswer) failed() []string {
	var out []string
	for _, t := range a.Tests {
		if t.State == "failed" {
			out = append(out, a.name(t.File, t.Name))
		}
	}
	return out
}

func (a *warmAnswer) name(file, full string) string {
	return file + Sep + strings.ReplaceAll(full, " > ", Sep)
}

// outcome is the run outcome of a killing answer from runner's worker.
func (a *warmAnswer) outcome(runner string) RunOutcome {
	t := TestResults{Source: runner + " warm worker", Listed: true}
	for _, x := range a.Tests {
		n := a.name(x.File, x.Name)
		switch x.State {
		case "passed":
			t.Passed = append(t.Passed, n)
		case "failed":
			t.Failed = append(t.Failed, n)
		default:
			t.Skipped = append(t.Skipped, n)
		}
	}
	t.sort()
	failed := a.failed()
	var b strings.Builder
	fmt.Fprintf(&b, "warm %s worker: %d of %d tests failed (probe reported)\n", runner, len(failed), len(a.Tests))
	for _, f := range failed {
		fmt.Fprintf(&b, "  FAIL %s\n", f)
	}
	return RunOutcome{Status: report.StatusKilled, ExitCode: 1, Began: a.began, Duration: a.took, Output: b.String(),
		Failed: failed, KilledBy: failed[0], Tests: t}
}

// exchange runs the worker once with rel holding content (nil: the bytes the sandbox holds
// already, the placed mutant), its transform carrying a fresh probe, and afterwards holding
// after. placed are the bytes rel holds during the run: their sha256 goes with the probe, and
// the jest worker's transformer appends the probe only to a transform of exactly those bytes.
// why says why there is no usable answer (the caller replaces the worker through discard); err
// is ctx's end or a failed write in the sandbox.
func (wk *warmWorker) exchange(ctx context.Context, sb *Box, rel string, content, placed, after []byte, tests []string, limit time.Duration) (a warmAnswer, why string, err error) {
	f := sb.Tree.File(rel)
	if f == nil {
		return a, "", fmt.Errorf("warm run: %s is not in the tree", rel)
	}
	pr, err := NewProbe(filepath.Join(wk.dir, "probe"))
	if err != nil {
		return a, "", err
	}
	if content != nil {
		if err := sb.FS.WriteFile(rel, content, f.Mode.Perm()|0o200); err != nil {
			return a, "", sb.WriteError("placing the control's file in", rel, err)
		}
		defer func() {
			if werr := sb.FS.WriteFile(rel, after, f.Mode.Perm()|0o200); werr != nil && err == nil {
				err = sb.WriteError("placing the mutant again in", rel, werr)
			}
		}()
	}
	invalidate := append(append([]string{}, wk.dirty...), rel)
	wk.dirty = []string{rel}
	id := wk.next
	wk.next++
	if tests == nil {
		tests = []string{}
	}
	req, _ := json.Marshal(map[string]any{"id": id, "invalidate": invalidate, "tests": tests,
		"probe": map[string]string{"path": rel, "file": pr.File, "token": pr.Token, "sha256": fmt.Sprintf("%x", sha256.Sum256(placed))}})
	tmp := filepath.Join(wk.dir, "req.tmp")
	if err := os.WriteFile(tmp, req, 0o644); err != nil {
		return a, "", fmt.Errorf("writing a warm request in %s: %w", wk.dir, err)
	}
	a.began = time.Now()
	if err := os.Rename(tmp, filepath.Join(wk.dir, "req.json")); err != nil {
		return a, "", fmt.Errorf("sending a warm request in %s: %w", wk.dir, err)
	}
	why, err = wk.await(ctx, id, limit, &a)
	a.took = time.Since(a.began)
	if err != nil || why != "" {
		return a, why, err
	}
	a.probe = pr.Check()
	return a, "", nil
}
