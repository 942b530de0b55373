package embedded

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestAllocationBombEndsItsOwnRun: an allocation bomb ends its run as MemoryExceeded (not a crash
// of the test binary, not a timeout), while a neighbour run started at the same time in another
// worker completes with its own correct result, and the next run of the bomb's Runner works.
func TestAllocationBombEndsItsOwnRun(t *testing.T) {
	cases := []struct {
		name, file, how string
	}{
		{"loop of allocations (interrupted at the limit)", "test/bomb.test.js", "✖ allocates without bound"},
		{"one native call (no interrupt reaches it)", "test/onecall.test.js", "passed the hard cap"},
		{"one huge block (the address-space limit)", "test/huge.test.js", "under its address-space limit"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bomb := newRunner(t, "hermetic", []string{tc.file}, Options{MemoryLimit: 64 << 20})
			neighbour := newRunner(t, "bench", benchFiles, Options{MemoryLimit: 64 << 20})
			var wg sync.WaitGroup
			var bres, nbase, nmut Result
			wg.Add(2)
			go func() { defer wg.Done(); bres = run(t, bomb, nil, time.Minute) }()
			go func() {
				defer wg.Done()
				nbase = run(t, neighbour, nil, time.Minute)
				nmut = run(t, neighbour, benchMutant(t), time.Minute)
			}()
			wg.Wait()
			if !bres.MemoryExceeded || bres.Passed || bres.TimedOut {
				t.Fatalf("bomb: want MemoryExceeded, got passed=%v timedOut=%v memory=%v\n%s", bres.Passed, bres.TimedOut, bres.MemoryExceeded, bres.Output)
			}
			for _, want := range []string{tc.how, "stopped: the heap grew by more than 64 MiB"} {
				if !strings.Contains(bres.Output, want) {
					t.Errorf("bomb output lacks %q:\n%s", want, bres.Output)
				}
			}
			if !nbase.Passed || nbase.MemoryExceeded || len(nbase.Tests) < 100 {
				t.Errorf("neighbour baseline: want passed with about 100 tests, got passed=%v memory=%v tests=%d\n%s", nbase.Passed, nbase.MemoryExceeded, len(nbase.Tests), nbase.Output)
			}
			if nmut.Passed || nmut.MemoryExceeded || nmut.FailedTest() != "primes" {
				t.Errorf("neighbour mutant: want killed by primes, got passed=%v memory=%v killed by %q", nmut.Passed, nmut.MemoryExceeded, nmut.FailedTest())
			}
			fixed := map[string][]byte{tc.file: []byte("const test = require('node:test');\ntest('small', () => {});\n")}
			if res := run(t, bomb, fixed, time.Minute); !res.Passed {
				t.Errorf("the bomb's runner should run again after the bomb:\n%s", res.Output)
			}
		})
	}
}

// TestWorkerAndInProcessAgree: the same runs give the same tests, hits and output in a worker as
// in-process.
func TestWorkerAndInProcessAgree(t *testing.T) {
	w := newRunner(t, "bench", benchFiles, Options{})
	p := newRunner(t, "bench", benchFiles, Options{InProcess: true})
	for _, ov := range []map[string][]byte{nil, benchMutant(t)} {
		a, b := run(t, w, ov, time.Minute), run(t, p, ov, time.Minute)
		if a.Passed != b.Passed || a.FailedTest() != b.FailedTest() || len(a.Tests) != len(b.Tests) {
			t.Errorf("worker passed=%v failed=%q tests=%d, in-process passed=%v failed=%q tests=%d", a.Passed, a.FailedTest(), len(a.Tests), b.Passed, b.FailedTest(), len(b.Tests))
		}
		for f, fh := range b.Hits {
			for line, hit := range fh {
				if a.Hits[f][line] != hit {
					t.Errorf("%s:%d: worker hit=%v, in-process hit=%v", f, line, a.Hits[f][line], hit)
				}
			}
		}
		if len(a.Hits) != len(b.Hits) {
			t.Errorf("worker hits %d files, in-process %d", len(a.Hits), len(b.Hits))
		}
	}
}

// TestWorkerKilledOnCancel: a worker spinning with no time limit is killed when ctx is done, and
// the run reads as stopped, not as a harness failure.
func TestWorkerKilledOnCancel(t *testing.T) {
	r := newRunner(t, "hermetic", []string{"test/spin.test.js"}, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(300 * time.Millisecond); cancel() }()
	res, err := r.Run(ctx, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Passed {
		t.Fatalf("want a stopped run, got passed=%v timedOut=%v\n%s", res.Passed, res.TimedOut, res.Output)
	}
}

// TestWorkerPool: a run's worker is kept warm and serves the next run; a run stopped at its time
// limit retires its worker; Close ends the idle ones.
func TestWorkerPool(t *testing.T) {
	r, err := New(filepath.Join(fixtures, "hermetic"), []string{"test/spin.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fixed := map[string][]byte{"test/spin.test.js": []byte("const test = require('node:test');\ntest('spins forever', () => {});\n")}
	idle := func() []*worker {
		r.workers.mu.Lock()
		defer r.workers.mu.Unlock()
		return append([]*worker(nil), r.workers.idle...)
	}
	if res := run(t, r, fixed, time.Minute); !res.Passed {
		t.Fatalf("first run:\n%s", res.Output)
	}
	first := idle()
	if len(first) != 1 {
		t.Fatalf("idle workers after a run: %d, want 1", len(first))
	}
	if res := run(t, r, fixed, time.Minute); !res.Passed {
		t.Fatalf("second run:\n%s", res.Output)
	}
	if again := idle(); len(again) != 1 || again[0] != first[0] || again[0].jobs != 2 {
		t.Fatalf("the second run should reuse the first worker")
	}
	if res := run(t, r, nil, 300*time.Millisecond); !res.TimedOut {
		t.Fatalf("want a timeout:\n%s", res.Output)
	}
	if n := len(idle()); n != 0 {
		t.Fatalf("a worker whose run timed out was kept (%d idle)", n)
	}
	run(t, r, fixed, time.Minute)
	w := idle()[0]
	r.Close()
	if err := syscall.Kill(w.cmd.Process.Pid, 0); err == nil {
		t.Errorf("worker %d still exists after Close", w.cmd.Process.Pid)
	}
}
