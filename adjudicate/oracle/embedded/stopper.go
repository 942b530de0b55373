package embedded

// This file stops a run: at its time limit, when its context is done, or when the heap grows past
// the memory limit, by interrupting the goja runtime in use.

import (
	"context"
	"errors"
	"runtime/metrics"
	"sync"
	"time"

	"github.com/dop251/goja"
)

type stopReason int32

const (
	stopNone stopReason = iota
	stopTimeout
	stopContext
	stopMemory
)

// stopper interrupts the runtime in use when the time limit passes, ctx is done or the heap grows
// past the limit. One stopper serves all the files of a Run, one runtime at a time.
type stopper struct {
	mu     sync.Mutex
	reason stopReason
	rt     *goja.Runtime
	done   chan struct{}
	wg     sync.WaitGroup
}

func newStopper(ctx context.Context, timeout time.Duration, memLimit int64) *stopper {
	s := &stopper{done: make(chan struct{})}
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		deadline = t.C
		defer func() { go func() { <-s.done; t.Stop() }() }()
	}
	var tick <-chan time.Time
	var ticker *time.Ticker
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var base uint64
	if memLimit > 0 {
		metrics.Read(sample)
		base = sample[0].Value.Uint64()
		ticker = time.NewTicker(10 * time.Millisecond)
		tick = ticker.C
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		if ticker != nil {
			defer ticker.Stop()
		}
		for {
			select {
			case <-s.done:
				return
			case <-ctx.Done():
				s.stop(stopContext)
				return
			case <-deadline:
				s.stop(stopTimeout)
				return
			case <-tick:
				metrics.Read(sample)
				if v := sample[0].Value.Uint64(); v > base && int64(v-base) > memLimit {
					s.stop(stopMemory)
					return
				}
			}
		}
	}()
	return s
}

func (s *stopper) stop(r stopReason) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reason == stopNone {
		s.reason = r
	}
	if s.rt != nil {
		s.rt.Interrupt(errStopped)
	}
}

var errStopped = errors.New("bond: run stopped")

// use makes rt the runtime to interrupt; it is interrupted at once if the run is already stopped.
func (s *stopper) use(rt *goja.Runtime) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rt = rt
	if rt != nil && s.reason != stopNone {
		rt.Interrupt(errStopped)
	}
}

func (s *stopper) stopped() stopReason {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reason
}

func (s *stopper) close() {
	close(s.done)
	s.wg.Wait()
}
