package embedded

// This file's one job: the worker process runs execute in (the parent's side is workerpool.go).
// A worker is the running binary re-executed with a hidden first argument; it reads jobs from
// stdin and writes their results to stdout, one JSON value each, bounds its own memory and exits
// with a status of its own when the bound is passed, so an allocation bomb ends that run, never
// bond or a neighbouring run in another worker.

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dop251/goja"
)

// workerArg is the hidden first argument that makes a bond binary an embedded worker.
const workerArg = "__bond-embedded-worker"

// exitMemory is the worker's exit status when its heap passed the hard cap, or the Go runtime
// could not get memory under the worker's address-space limit: the run is MemoryExceeded.
const exitMemory = 86

// init makes any binary that links this package an embedded worker when started with workerArg,
// before main or TestMain runs: a test binary that forgot to would run its whole suite as the
// worker.
func init() {
	if len(os.Args) >= 2 && os.Args[1] == workerArg {
		os.Exit(serveWorker(os.Stdin, os.Stdout, os.Stderr))
	}
}

// serveWorker runs the jobs it reads, one at a time, writing each result, until its input ends.
// The runtime is compiled once, and bundles once per content (a mutant run resends the unmutated
// files). Its status is 0 at the end of input, exitMemory when the memory guard ended it, and 125
// when a job was unreadable.
func serveWorker(in io.Reader, out, errw io.Writer) int {
	dec, enc := json.NewDecoder(in), json.NewEncoder(out)
	g := &memGuard{errw: errw}
	cache := map[[32]byte]*goja.Program{}
	var rtPrg *goja.Program
	for {
		var j job
		if err := dec.Decode(&j); err == io.EOF {
			return 0
		} else if err != nil {
			fmt.Fprintf(errw, "bond embedded worker: reading a job from stdin: %v\n", err)
			return 125
		}
		g.arm(j.MemoryLimit)
		res := jobResult{}
		var err error
		if rtPrg == nil {
			rtPrg, err = runtimeProgram()
		}
		if err == nil {
			err = j.compileCached(cache)
		}
		if err != nil {
			res.Err = err.Error()
		} else {
			res = j.execute(context.Background(), rtPrg)
		}
		g.disarm()
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(errw, "bond embedded worker: writing a result: %v\n", err)
			return 125
		}
	}
}

// compileCached compiles the job's bundles, reusing what an earlier job of this worker compiled
// from the same code and map.
func (j *job) compileCached(cache map[[32]byte]*goja.Program) error {
	if len(cache) > 256 { // a long-lived worker of many mutants: start over rather than grow
		clear(cache)
	}
	for i := range j.Files {
		f := &j.Files[i]
		if f.BuildError != "" {
			continue
		}
		h := sha256.New()
		h.Write([]byte(f.Path + "\x00" + f.Code + "\x00"))
		h.Write(f.Map)
		var key [32]byte
		h.Sum(key[:0])
		if prg := cache[key]; prg != nil {
			f.prg = prg
			continue
		}
		prg, err := compileInstrumented(f.Path, &instrumented{code: f.Code, srcMap: f.Map})
		if err != nil {
			return err
		}
		f.prg, cache[key] = prg, prg
	}
	return nil
}

// memGuard bounds a worker's memory during a job, three ways beside the stopper, which
// interrupts the runtime when the heap has grown by the limit (a clean stop, the results so far
// kept). The Go collector is told to keep the total near that (debug.SetMemoryLimit), which also
// slows a bomb down; a watchdog exits with exitMemory when the heap grows past half as much
// again, for a bomb inside one native call that no interrupt reaches; and RLIMIT_AS caps the
// address space for a single allocation too big for the watchdog to see coming: the Go runtime
// then fails with "out of memory", which the parent reads as the same stop.
type memGuard struct {
	errw    io.Writer
	hard    atomic.Int64 // heap bytes past which the worker exits; 0 while no job runs
	started bool
}

var heapSample = "/memory/classes/heap/objects:bytes"

func (g *memGuard) arm(limit int64) {
	if limit <= 0 {
		return
	}
	sample := []metrics.Sample{{Name: heapSample}, {Name: "/memory/classes/total:bytes"}}
	metrics.Read(sample)
	base, total := int64(sample[0].Value.Uint64()), int64(sample[1].Value.Uint64())
	debug.SetMemoryLimit(total + limit + limit/4)
	g.hard.Store(base + limit + limit/2)
	if g.started {
		return
	}
	g.started = true
	setAddressLimit(limit)
	go func() {
		t := time.NewTicker(5 * time.Millisecond)
		s := []metrics.Sample{{Name: heapSample}}
		for range t.C {
			metrics.Read(s)
			if hard := g.hard.Load(); hard > 0 && int64(s[0].Value.Uint64()) > hard {
				fmt.Fprintf(g.errw, "bond embedded worker: the heap grew past its hard cap (%d MiB)\n", hard>>20)
				os.Exit(exitMemory)
			}
		}
	}()
}

func (g *memGuard) disarm() {
	g.hard.Store(0)
	debug.SetMemoryLimit(math.MaxInt64)
}

// setAddressLimit caps the worker's address space at what it maps now plus four times limit and
// a GiB (the Go runtime reserves address space well beyond the heap it uses). Failing to set it
// only loses the last line of defence, so it is not an error.
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
