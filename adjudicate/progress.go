package adjudicate

// This file is the progress lines a long run writes to a terminal (SPEC §4).

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress writes one line per step of a long run: the phase, done of total, and the elapsed time
// (SPEC §4). The CLI passes stderr only when it is a terminal and neither -q nor --format json
// was given; a nil writer is silent.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	now   func() time.Time
	start time.Time
}

func newProgress(w io.Writer, now func() time.Time) *progress {
	return &progress{w: w, now: now, start: now()}
}

// ProgressStep is one step of a long run, as data: the phase ("sandboxes", "baseline",
// "canaries", "mutants", "gates", "suite", "suggest"), done of total (total 0 when the phase has no count)
// and the time since the run started.
type ProgressStep struct {
	Phase       string
	Done, Total int
	Elapsed     time.Duration
}

// ProgressSink is an Options.Progress that takes each step as data instead of a line, so the CLI
// can choose how to show it (a live line on a terminal, plain lines and group markers in a CI
// log).
type ProgressSink interface {
	io.Writer
	Step(ProgressStep)
}

func (p *progress) phase(name string, done, total int) {
	if p == nil || p.w == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if sink, ok := p.w.(ProgressSink); ok {
		sink.Step(ProgressStep{Phase: name, Done: done, Total: total, Elapsed: p.now().Sub(p.start)})
		return
	}
	el := p.now().Sub(p.start).Seconds()
	if total > 0 {
		fmt.Fprintf(p.w, "bond: %-9s %d/%d  %.1fs\n", name, done, total, el)
	} else {
		fmt.Fprintf(p.w, "bond: %-9s %.1fs\n", name, el)
	}
}
