package embedded

// This file runs one test file's bundle in a fresh goja runtime: the event loop, its timers in
// virtual time, and the collection of results. What crosses between Go and the runtime's
// JavaScript, and in what order, is host.go.

import (
	"container/heap"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// compileInstrumented compiles an instrumented bundle with its shifted source map, so stack
// traces name original files and lines. The map is handed to goja directly: nothing is read from
// the file system.
func compileInstrumented(name string, inst *instrumented) (*goja.Program, error) {
	// goja looks for the sourceMappingURL on the last line, or on the one before a closing "})".
	code := strings.TrimSuffix(inst.code, "\n})") + "\n//# sourceMappingURL=bundle.js.map\n})"
	// The script is named as if it sat at the root, where esbuild's Outfile does, so goja
	// resolves the map's root-relative sources to root-relative paths.
	ast, err := parser.ParseFile(nil, bundleName, code, 0, parser.WithSourceMapLoader(func(string) ([]byte, error) {
		return inst.srcMap, nil
	}))
	if err != nil {
		return nil, fmt.Errorf("embedded runner: the instrumented bundle of %s does not parse (a bond bug): %w", name, err)
	}
	prg, err := goja.CompileAST(ast, false)
	if err != nil {
		return nil, fmt.Errorf("embedded runner: compiling the instrumented bundle of %s: %w", name, err)
	}
	return prg, nil
}

// ---------------------------------------------------------------- the event loop

type timer struct {
	id       int64
	when     float64 // virtual ms
	seq      int64
	interval float64 // > 0 for setInterval
	delay    float64
	ref      bool
	index    int
}

type timerHeap []*timer

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if h[i].when != h[j].when {
		return h[i].when < h[j].when
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i]; h[i].index = i; h[j].index = j }
func (h *timerHeap) Push(x any)   { t := x.(*timer); t.index = len(*h); *h = append(*h, t) }
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	*h = old[:len(old)-1]
	t.index = -1
	return t
}
func (h timerHeap) anyRef() bool {
	for _, t := range h {
		if t.ref {
			return true
		}
	}
	return false
}

// vm is one test file's runtime and event loop.
type vm struct {
	rt       *goja.Runtime
	clock    float64 // virtual ms since the Unix epoch
	timers   timerHeap
	byID     map[int64]*timer
	nextID   int64
	seq      int64
	out      *strings.Builder
	started  time.Time
	rejected []*goja.Promise
	exports  runtimeExports
	// muted silences host.write while the tracer makes its neighbour calls.
	muted bool
}

func (v *vm) now() float64 {
	v.clock += 0.001
	return v.clock
}

func (v *vm) add(delay float64, repeat bool) int64 {
	v.nextID++
	v.seq++
	t := &timer{id: v.nextID, when: v.clock + delay, seq: v.seq, delay: delay, ref: true}
	if repeat {
		t.interval = delay
	}
	heap.Push(&v.timers, t)
	v.byID[t.id] = t
	return t.id
}

func (v *vm) clear(id int64) {
	if t, ok := v.byID[id]; ok {
		delete(v.byID, id)
		if t.index >= 0 {
			heap.Remove(&v.timers, t.index)
		}
	}
}

// fileResult is one test file's outcome in a run; it crosses the worker's pipe as JSON.
type fileResult struct {
	Tests     []TestResult `json:"tests"`
	Probes    []byte       `json:"probes"` // per probe: 1 when it ran
	LoadError string       `json:"loadError,omitempty"`
	// CrossFile names what the file did that mocha applies across all the files of a run
	// (.only, root-level hooks), which a runtime per file does not reproduce.
	CrossFile string `json:"crossFile,omitempty"`
	// Refused names the first API the runtime refuses to emulate that the file touched (e.g.
	// path.win32), even when the file caught the error it threw: the run is no evidence.
	Refused string `json:"refused,omitempty"`
	// Calls are the value trace of the file's run (value.go); TraceCapped says it stopped
	// recording at its cap.
	Calls       []Call `json:"calls,omitempty"`
	TraceCapped bool   `json:"traceCapped,omitempty"`
	// NeighboursSkipped counts the entry calls given no neighbour: a getter or a Proxy in them.
	NeighboursSkipped int `json:"neighboursSkipped,omitempty"`
	// Reads are the files the tests read through node:fs, repo-relative, each with the SHA-256
	// (hex) of the bytes read (fs.go): inputs of the run beside its bundle's.
	Reads map[string]string `json:"reads,omitempty"`
}

// failed reports whether the file failed to load or a test of it failed (todo tests aside).
func (fr fileResult) failed() bool {
	if fr.LoadError != "" {
		return true
	}
	for _, t := range fr.Tests {
		if !t.Passed && !t.Todo {
			return true
		}
	}
	return false
}

type jsResult struct {
	File       string  `json:"file"`
	Name       string  `json:"name"`
	Status     string  `json:"status"`
	Error      string  `json:"error"`
	DurationMs float64 `json:"durationMs"`
	Todo       bool    `json:"todo"`
}

// runFile runs one test file's compiled bundle in a fresh runtime until its tests settle and the
// event loop has nothing left that keeps it alive, or the stopper interrupts it.
func (j *job) runFile(rtPrg *goja.Program, f *jobFile, st *stopper, out *strings.Builder) (fr fileResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("embedded runner: the JavaScript engine failed on %s (a bond or goja bug; use --runner node): %v", f.Path, p)
		}
	}()
	v := &vm{rt: goja.New(), byID: map[int64]*timer{}, out: out, started: time.Now()}
	rt := v.rt
	// The tracer captures the built-ins it reads with before any other code runs in rt.
	tr := newTracer(rt)
	tr.neighbours = j.Neighbours && !j.NoTrace
	tr.charCodes = j.CharCodes
	tr.numbers = j.Numbers
	v.configure(j)
	st.use(rt)
	defer st.use(nil)

	host, err := v.hostObject(j, f, &fr)
	if err != nil {
		panic(err)
	}
	if err := v.start(rtPrg, host); err != nil {
		if st.stopped() != stopNone {
			return fr, nil
		}
		return fr, err
	}
	tr.current = v.exports.currentTest
	defer func() { fr.Calls, fr.TraceCapped, fr.NeighboursSkipped = tr.calls, tr.capped, tr.skipped }()

	probes, probeArr, err := v.newProbes(f.Probes)
	if err != nil {
		return fr, err
	}
	defer func() { fr.Probes = probes.Bytes() }()
	if err := lendModuleRan(host, f, probes); err != nil {
		return fr, err
	}

	interrupted := func(err error) bool {
		var ie *goja.InterruptedError
		return errors.As(err, &ie) || st.stopped() != stopNone
	}

	// Load: run the bundle's top level, which declares the tests; a top-level await is settled
	// on the event loop first, as vitest awaits the file's import before running its tests.
	loadFailed := func(text string) (fileResult, error) {
		fr.LoadError = text
		fr.Tests = append(fr.Tests, TestResult{File: f.Path, Name: f.Path, Error: fr.LoadError})
		fmt.Fprintf(out, "✖ %s\n  %s\n", f.Path, strings.ReplaceAll(fr.LoadError, "\n", "\n  "))
		return fr, nil
	}
	loading, err := v.load(f.prg, probeArr, tr, j.NoTrace)
	if err != nil {
		if interrupted(err) {
			fr.Tests = finish(v, "the run was stopped before the tests finished")
			return fr, nil
		}
		return loadFailed(jsErrorText(err))
	}
	if loading != nil && f.Async {
		v.loop(st, interrupted, func() bool { return loading.State() != goja.PromiseStatePending })
		v.handled(loading)
		switch {
		case st.stopped() != stopNone:
			fr.Tests = finish(v, "the run was stopped before the tests finished")
			return fr, nil
		case loading.State() == goja.PromiseStateRejected:
			return loadFailed(jsValueText(loading.Result()))
		case loading.State() == goja.PromiseStatePending:
			return loadFailed("the test file's top-level await never settled: the event loop ran dry while it was pending")
		}
	}
	if err := v.reportRejections(); err != nil {
		fr.Tests = finish(v, "the run was stopped before the tests finished")
		return fr, nil
	}

	runP, err := v.exports.runAll(goja.Undefined())
	if err != nil {
		if interrupted(err) {
			fr.Tests = finish(v, "the run was stopped before the tests finished")
			return fr, nil
		}
		return fr, fmt.Errorf("embedded runner: starting the tests: %w", err)
	}
	p, _ := runP.Export().(*goja.Promise)
	v.loop(st, interrupted, nil)
	reason := "Promise resolution is still pending but the event loop has already resolved"
	if st.stopped() != stopNone {
		reason = "the run was stopped before the test finished"
	} else if p != nil && p.State() == goja.PromiseStateRejected {
		reason = "the test runner failed: " + p.Result().String()
	}
	fr.Tests = finish(v, reason)
	if st.stopped() == stopNone {
		// After the results are collected, so no test sees them.
		tr.afterTests(probes.Bytes(), func(on bool) { v.muted = on }, func() bool { return st.stopped() != stopNone })
	}
	return fr, nil
}

// loop is the event loop: unhandled rejections, then each due timer in virtual time, until done
// (nil: never) says to stop, nothing ref'd is left or the run is stopped.
func (v *vm) loop(st *stopper, interrupted func(error) bool, done func() bool) {
	rt := v.rt
	for {
		if done != nil && done() {
			return
		}
		if err := v.reportRejections(); err != nil {
			return
		}
		if st.stopped() != stopNone {
			return
		}
		if !v.timers.anyRef() {
			return
		}
		t := heap.Pop(&v.timers).(*timer)
		if t.when > v.clock {
			v.clock = t.when
		}
		repeat := t.interval > 0
		if repeat {
			v.seq++
			t.when, t.seq = v.clock+t.interval, v.seq
			heap.Push(&v.timers, t)
		} else {
			delete(v.byID, t.id)
		}
		if _, err := v.exports.fire(goja.Undefined(), rt.ToValue(t.id), rt.ToValue(repeat)); err != nil {
			if interrupted(err) {
				return
			}
			if _, err := v.exports.uncaught(goja.Undefined(), jsErrorValue(rt, err)); err != nil && interrupted(err) {
				return
			}
		}
	}
}

// handled takes p off the unhandled rejections: its rejection is reported another way.
func (v *vm) handled(p *goja.Promise) {
	for i, q := range v.rejected {
		if q == p {
			v.rejected = append(v.rejected[:i], v.rejected[i+1:]...)
			return
		}
	}
}

// jsValueText renders a thrown or rejected value: its stack when it has one.
func jsValueText(val goja.Value) string {
	if obj, ok := val.(*goja.Object); ok {
		if s := obj.Get("stack"); s != nil && !goja.IsUndefined(s) {
			return s.String()
		}
	}
	return val.String()
}

// reportRejections hands unhandled promise rejections to the runtime as uncaught errors, as Node
// does after the microtask queue drains.
func (v *vm) reportRejections() error {
	for len(v.rejected) > 0 {
		p := v.rejected[0]
		v.rejected = v.rejected[1:]
		if _, err := v.exports.uncaught(goja.Undefined(), p.Result(), v.rt.ToValue(true)); err != nil {
			return err
		}
	}
	return nil
}

// finish collects the file's results; tests that never finished fail with reason. After an
// interrupt the runtime is cleared first so the collection itself can run.
func finish(v *vm, reason string) []TestResult {
	v.rt.ClearInterrupt()
	res, err := v.exports.finish(goja.Undefined(), v.rt.ToValue(reason))
	if err != nil {
		return []TestResult{{Name: "(embedded runner)", Error: "collecting results: " + err.Error()}}
	}
	var js []jsResult
	if err := json.Unmarshal([]byte(res.String()), &js); err != nil {
		return []TestResult{{Name: "(embedded runner)", Error: "collecting results: " + err.Error()}}
	}
	out := make([]TestResult, 0, len(js))
	for _, j := range js {
		out = append(out, TestResult{
			File: j.File, Name: j.Name, Passed: j.Status != "fail", Skipped: j.Status == "skip",
			Todo: j.Todo, Error: j.Error, DurationMS: j.DurationMs,
		})
	}
	return out
}

// jsErrorText renders a goja error: a thrown value's stack when it has one.
func jsErrorText(err error) string {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		if obj, ok := ex.Value().(*goja.Object); ok {
			if s := obj.Get("stack"); s != nil && !goja.IsUndefined(s) {
				return s.String()
			}
		}
		return ex.Value().String()
	}
	return err.Error()
}

func jsErrorValue(rt *goja.Runtime, err error) goja.Value {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		return ex.Value()
	}
	return rt.ToValue(err.Error())
}
