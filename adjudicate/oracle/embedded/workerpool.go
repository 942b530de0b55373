package embedded

// This file's one job: the parent's side of the workers (worker.go). A Runner keeps a pool of
// warm workers: a run takes an idle one (or starts one), sends its job and reads the result; a
// worker that ended, was killed or stopped a run is never reused.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// workerGrace is how long past its time limit a worker may take to stop itself (its own timer
// interrupts the runtime) before the parent kills it: a native call that ignores interrupts
// still ends.
const workerGrace = 10 * time.Second

// maxIdleWorkers bounds the warm workers a Runner keeps; more concurrent runs than this start
// workers that end after their run.
const maxIdleWorkers = 8

// maxWorkerJobs is how many runs a worker serves before it is retired, so nothing a long corpus
// run accumulates in one process (compiled bundles, a fragmented heap) grows without bound.
const maxWorkerJobs = 200

// workerPool is a Runner's idle workers. The zero value is ready to use.
type workerPool struct {
	mu     sync.Mutex
	idle   []*worker
	closed bool
}

// worker is one running worker process.
type worker struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	dec    *json.Decoder
	stderr *headWriter
	jobs   int
}

// run runs j in a worker from the pool and returns its result. The worker stops itself at the
// time limit; the parent kills its process group when ctx is done or the worker overstays the
// limit by workerGrace. A worker that ended for memory gives a result stopped for memory; any
// other failure of the worker is an error naming its exit and the start of its stderr.
func (p *workerPool) run(ctx context.Context, j *job) (jobResult, error) {
	w, err := p.get()
	if err != nil {
		return jobResult{}, err
	}
	pid := w.cmd.Process.Pid
	var killed atomic.Int32
	done, watched := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(watched)
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
	var res jobResult
	err = json.NewEncoder(w.stdin).Encode(j)
	if err == nil {
		err = w.dec.Decode(&res)
	}
	close(done)
	<-watched // from here on nothing kills w but this function
	if err == nil {
		w.jobs++
		if res.Stopped != stopNone || res.Err != "" || killed.Load() != 0 || w.jobs >= maxWorkerJobs {
			w.close() // a stopped run may leave a large heap or a runtime mid-call: start afresh
		} else {
			p.put(w)
		}
		return res, nil
	}
	werr := w.close()
	if r := stopReason(killed.Load()); r != stopNone {
		return jobResult{Stopped: r}, nil
	}
	var ee *exec.ExitError
	switch {
	case errors.As(werr, &ee) && ee.ExitCode() == exitMemory:
		return jobResult{Stopped: stopMemory, Output: "✖ the worker process ended itself: its heap passed the hard cap above the memory limit\n"}, nil
	case errors.As(werr, &ee) && bytes.Contains(w.stderr.buf, []byte("fatal error: out of memory")):
		return jobResult{Stopped: stopMemory, Output: "✖ the worker process ran out of memory under its address-space limit\n"}, nil
	}
	return jobResult{}, fmt.Errorf("embedded runner: its worker process failed (%v, then %v; a bond or goja bug, use --runner node): %s", err, werr, w.stderr.String())
}

// get returns an idle worker, or starts one.
func (p *workerPool) get() (*worker, error) {
	p.mu.Lock()
	if n := len(p.idle); n > 0 {
		w := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return w, nil
	}
	p.mu.Unlock()
	return startWorker()
}

// put keeps w for the next run, or ends it when the pool is full or closed.
func (p *workerPool) put(w *worker) {
	p.mu.Lock()
	if !p.closed && len(p.idle) < maxIdleWorkers {
		p.idle = append(p.idle, w)
		w = nil
	}
	p.mu.Unlock()
	if w != nil {
		w.close()
	}
}

// close ends the idle workers; workers in use end when their run does.
func (p *workerPool) close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, w := range idle {
		w.close()
	}
}

// startWorker starts the running binary as a worker, in a process group of its own (so a
// terminal's signals reach bond, which ends it) with no environment, killed should bond die.
func startWorker() (*worker, error) {
	self := "/proc/self/exe" // the running binary even if its file was replaced since
	if _, err := os.Stat(self); err != nil {
		if self, err = os.Executable(); err != nil {
			return nil, fmt.Errorf("embedded runner: finding bond's own binary to start a worker: %w", err)
		}
	}
	w := &worker{stderr: &headWriter{max: 2 << 10}}
	w.cmd = exec.Command(self, workerArg)
	w.cmd.Stderr = w.stderr
	w.cmd.Env = []string{} // the tests see no environment; the worker needs none
	w.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	var err error
	if w.stdin, err = w.cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("embedded runner: a pipe to its worker: %w", err)
	}
	out, err := w.cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("embedded runner: a pipe from its worker: %w", err)
	}
	w.dec = json.NewDecoder(bufio.NewReaderSize(out, 64<<10))
	if err := w.cmd.Start(); err != nil {
		return nil, fmt.Errorf("embedded runner: starting its worker process (%s %s): %w", self, workerArg, err)
	}
	return w, nil
}

// close ends the worker: its input closes (a worker between jobs exits at once), its process
// group is killed, and its exit status returned.
func (w *worker) close() error {
	_ = w.stdin.Close()
	_ = syscall.Kill(-w.cmd.Process.Pid, syscall.SIGKILL)
	return w.cmd.Wait()
}

// headWriter keeps the first max bytes written to it: a Go runtime failure says what it was
// ("fatal error: out of memory") before its goroutine dumps.
type headWriter struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (h *headWriter) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := h.max - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headWriter) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return string(bytes.TrimSpace(h.buf))
}
