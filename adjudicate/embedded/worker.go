package embedded

// This file's one job: the worker process a run executes in. The parent re-executes its own
// binary (/proc/self/exe) with a hidden first argument, writes the job to the worker's stdin and
// reads the result from its stdout; the worker bounds its own memory and exits with a status of
// its own when the bound is passed, so an allocation bomb ends that run, never bond or a
// neighbouring run.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"syscall"
	"time"
)

// workerArg is the hidden first argument that makes a bond binary an embedded worker.
const workerArg = "__bond-embedded-worker"

// exitMemory is the worker's exit status when its heap passed the hard cap, or the Go runtime
// could not get memory under the worker's address-space limit: the run is MemoryExceeded.
const exitMemory = 86

// workerGrace is how long past its time limit a worker may take to stop itself (its own timer
// interrupts the runtime) before the parent kills it: a native call that ignores interrupts
// still ends.
const workerGrace = 10 * time.Second

// init makes any binary that links this package an embedded worker when started with workerArg,
// before main or TestMain runs: a test binary that forgot to would run its whole suite as the
// worker.
func init() {
	if len(os.Args) >= 2 && os.Args[1] == workerArg {
		os.Exit(serveWorker(os.Stdin, os.Stdout, os.Stderr))
	}
}

// serveWorker reads one job, runs it and writes its result. Its status is 0 when a result was
// written, exitMemory when the memory guard ended it, and 125 when the job was unreadable.
func serveWorker(in io.Reader, out, errw io.Writer) int {
	var j job
	if err := json.NewDecoder(in).Decode(&j); err != nil {
		fmt.Fprintf(errw, "bond embedded worker: reading the job from stdin: %v\n", err)
		return 125
	}
	if j.MemoryLimit > 0 {
		guardMemory(j.MemoryLimit, errw)
	}
	res := jobResult{}
	if rtPrg, err := runtimeProgram(); err != nil {
		res.Err = err.Error()
	} else if err := j.compile(); err != nil {
		res.Err = err.Error()
	} else {
		res = j.execute(context.Background(), rtPrg)
	}
	if err := json.NewEncoder(out).Encode(res); err != nil {
		fmt.Fprintf(errw, "bond embedded worker: writing the result: %v\n", err)
		return 125
	}
	return 0
}

// guardMemory bounds the worker's memory three ways. The stopper interrupts the runtime when the
// heap has grown by limit (a clean stop, the results so far kept); the Go collector is told to
// keep the total near that (debug.SetMemoryLimit), which also slows a bomb down; and a watchdog
// exits with exitMemory when the heap grows past half as much again, for a bomb inside one native
// call that no interrupt reaches. RLIMIT_AS caps the address space for a single allocation too
// big for the watchdog to see coming: the Go runtime then fails with "out of memory", which the
// parent reads as the same stop.
func guardMemory(limit int64, errw io.Writer) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/total:bytes"}}
	metrics.Read(sample)
	base, total := int64(sample[0].Value.Uint64()), int64(sample[1].Value.Uint64())
	debug.SetMemoryLimit(total + limit + limit/4)
	setAddressLimit(limit)
	hard := base + limit + limit/2
	go func() {
		t := time.NewTicker(5 * time.Millisecond)
		for range t.C {
			metrics.Read(sample[:1])
			if int64(sample[0].Value.Uint64()) > hard {
				fmt.Fprintf(errw, "bond embedded worker: the heap grew past its hard cap of %d MiB\n", (hard-base)>>20)
				os.Exit(exitMemory)
			}
		}
	}()
}

// setAddressLimit caps the worker's address space at what it maps now plus four times limit
// (the Go runtime reserves address space well beyond the heap it uses). Failing to set it only
// loses the last line of defence, so it is not an error.
func setAddressLimit(limit int64) {
	now := vmSize()
	if now <= 0 {
		return
	}
	max := uint64(now + 4*limit + 1<<30)
	var cur syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &cur); err == nil && cur.Max < max {
		max = cur.Max
	}
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: max, Max: max})
}

// vmSize is the process's mapped address space in bytes, from /proc/self/statm (in pages).
func vmSize() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	var pages int64
	if _, err := fmt.Sscan(string(b), &pages); err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// runInWorker runs j in a fresh worker process and returns its result. The worker stops itself at
// the time limit; the parent kills its process group when ctx is done or the worker overstays the
// limit by workerGrace. A worker that ended for memory gives a result stopped for memory; any
// other failure of the worker is an error naming its exit and the start of its stderr.
func runInWorker(ctx context.Context, j *job) (jobResult, error) {
	in, err := json.Marshal(j)
	if err != nil {
		return jobResult{}, fmt.Errorf("embedded runner: encoding the job for its worker: %w", err)
	}
	self := "/proc/self/exe" // the running binary even if its file was replaced since
	if _, err := os.Stat(self); err != nil {
		if self, err = os.Executable(); err != nil {
			return jobResult{}, fmt.Errorf("embedded runner: finding bond's own binary to start a worker: %w", err)
		}
	}
	var stdout bytes.Buffer
	stderr := &headWriter{max: 2 << 10}
	cmd := exec.Command(self, workerArg)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(in), &stdout, stderr
	cmd.Env = []string{} // the tests see no environment; the worker needs none
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return jobResult{}, fmt.Errorf("embedded runner: starting its worker process (%s %s): %w", self, workerArg, err)
	}
	pid := cmd.Process.Pid
	var killed atomic.Int32
	done := make(chan struct{})
	go func() {
		var backstop <-chan time.Time
		if j.Timeout > 0 {
			t := time.NewTimer(j.Timeout + workerGrace)
			defer t.Stop()
			backstop = t.C
		}
		select {
		case <-done:
			return
		case <-ctx.Done():
			killed.Store(int32(stopContext))
		case <-backstop:
			killed.Store(int32(stopTimeout))
		}
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}()
	werr := cmd.Wait()
	close(done)
	_ = syscall.Kill(-pid, syscall.SIGKILL) // the group, should the worker have left anything
	if r := stopReason(killed.Load()); r != stopNone {
		return jobResult{Stopped: r}, nil
	}
	var ee *exec.ExitError
	switch {
	case werr == nil:
		var res jobResult
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			return jobResult{}, fmt.Errorf("embedded runner: reading its worker's result (a bond bug): %w; stderr: %s", err, stderr.String())
		}
		return res, nil
	case errors.As(werr, &ee) && ee.ExitCode() == exitMemory:
		return jobResult{Stopped: stopMemory, Output: "✖ the worker process ended itself: its heap passed the hard cap above the memory limit\n"}, nil
	case errors.As(werr, &ee) && bytes.Contains(stderr.buf, []byte("fatal error: out of memory")):
		return jobResult{Stopped: stopMemory, Output: "✖ the worker process ran out of memory under its address-space limit\n"}, nil
	}
	return jobResult{}, fmt.Errorf("embedded runner: its worker process failed (%v; a bond or goja bug, use --runner node): %s", werr, stderr.String())
}

// headWriter keeps the first max bytes written to it: a Go runtime failure says what it was
// ("fatal error: out of memory") before its goroutine dumps.
type headWriter struct {
	buf []byte
	max int
}

func (h *headWriter) Write(p []byte) (int, error) {
	if room := h.max - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headWriter) String() string { return string(bytes.TrimSpace(h.buf)) }
