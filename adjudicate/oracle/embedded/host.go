package embedded

// This file is the Go↔JS seam of the embedded runtime, in the order one test file's run crosses
// it (runFile in runtime.go drives the order; the JS parts are js/*.js):
//
//  1. The goja runtime, before any JavaScript runs (configure): Date reads the run's virtual
//     clock (Options.Epoch, then +1 µs per read), Math.random a PCG stream of Options.Seed, eval
//     and new Function read no source map, the call stack is capped at 10 000 frames, promise
//     rejections are tracked for step 6, and the stopper may interrupt the runtime. The value
//     tracer has already captured the built-ins it serializes with (newTracer, value.go).
//
//  2. The runtime program (runtimeJS): the parts in runtimeParts' order inside one
//     `(function (host) { 'use strict'; … })`, so each part sees what the ones before it
//     declare and nothing reaches host except through the closure. It is compiled once per
//     Runner (runtimeProgram) and evaluated once per test file.
//
//  3. Go calls that function with the host object (hostObject), which holds, for this file:
//
//     name          Go value                          JS reads it in
//     entry         the test file's path (string)     globals, loader, nodetest, jest, mocha, mocharun
//     framework     its test API, a testconfig.Framework (node:test, jest, vitest, mocha, uvu, tape, ava, tap)
//                                                     loader, expect, chai, snapshot, jestmock, jest, vitestmsg, mocha, mocharun, uvu, tape, ava, tap
//     globals       jest's globals are installed (bool)  jest
//     bail          stop at the first failing test (bool)  nodetest, jest, mocharun, uvu, tape, ava, tap
//     mocha         {timeout: ms (0 none), checkLeaks, forbidOnly}  mocha, mocharun
//     cwd           process.cwd() (string)            globals
//     env           process.env's variables (Options.Env)   globals
//     write(stream, text)   1 stdout, 2 stderr: the run's output, capped at maxOutput and muted
//                           while the tracer makes neighbour calls   globals, nodetest, jest, mocharun
//     refuse(what)          the file touched an API the runtime refuses to emulate (the first
//                           one is fileResult.Refused)                 nodeerrors, path, tape, ava, tap
//     crossFile(what)       the file did what mocha, tape or ava applies across files
//                           (fileResult.CrossFile)                     mocharun, tape, ava
//     timerAdd(delay, repeat) → id, timerClear(id), timerRef(id, ref), timerHasRef(id) → bool,
//     timerRefresh(id)      the event loop's timers, kept in Go (vm)   globals, timers
//     clock() → ms          the virtual clock, advancing 1 µs a read   globals
//     realNow() → ms        wall time since the file started, for durations  nodetest
//     className(v) → string, hashNew(alg) → id, hashUpdate(id, bytes|string), hashCopy(id) → id,
//     hashDigest(id, enc) → string, randomBytes(n) → hex   (lendBuiltins, builtins.go)
//                                                                      util, crypto
//
//  4. JS hands back the runtime's exports (runtimeExports, from js/loader.js): runAll() → a
//     promise of the tests' end; fire(id, repeat) runs a due timer; uncaught(error, rejection)
//     is an error nothing caught; finish(reason) → the results as JSON (jsResult), failing the
//     tests that never finished with reason; currentTest() → the running test's name, for the
//     value trace.
//
//  5. The test file's bundle (instrument.go, boundary.go) is `(function(__bond_h, __bond_v) {
//     … })` (an async function for a test file with top-level await, whose promise the event
//     loop settles before step 6): Go calls it (load) with the probe array, a Uint8Array of one byte per probe that
//     the bundle sets to 1 as code runs (fileResult.Probes), and the tracer's wrap(path,
//     exports) → exports, which only the bundle's "bond-value:" proxy modules may call (an
//     identity when the trace is off). Running it declares the tests.
//
//  6. Go's event loop (runFile): runAll, then each due timer through fire, unhandled rejections
//     through uncaught, until nothing keeps the loop alive or the run is stopped; then finish.
//     With Options.Neighbours the tracer then makes its neighbour calls (neighbours.go) with
//     write muted.

import (
	"container/heap"
	"embed"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// runtimeParts are the files of the JavaScript runtime, one concern each, in load order: each may
// use what the ones before it declare. They share one closure, so what one declares the next sees.
var runtimeParts = []string{"inspect.js", "globals.js", "json.js", "assert.js", "nodeerrors.js", "webglobals.js", "path.js", "timers.js", "events.js", "util.js", "os.js", "crypto.js", "buffer.js", "querystring.js", "url.js", "stringdecoder.js", "tty.js", "fs.js", "requireresolve.js", "nodetest.js", "vitestmsg.js", "expect.js", "chai.js", "snapshot.js", "jestmock.js", "jest.js", "vitestfixtures.js", "mocha.js", "mocharun.js", "uvu.js", "tape.js", "ava.js", "tap.js", "loader.js"}

//go:embed js/*.js
var runtimeFS embed.FS

// runtimeJS is the runtime's source: the parts, in order, inside `(function (host) { … })`, which
// the Go side calls with the privileged functions it lends the runtime, reachable only through
// this closure. It is evaluated once per test file in a fresh goja runtime.
var runtimeJS = func() string {
	var b strings.Builder
	b.WriteString("(function (host) {\n  'use strict';\n\n")
	for _, name := range runtimeParts {
		src, err := runtimeFS.ReadFile("js/" + name)
		if err != nil {
			panic("embedded runtime: missing part " + name) // the embed pattern names them all
		}
		b.Write(src)
		b.WriteString("\n")
	}
	b.WriteString("})")
	return b.String()
}()

// runtimeProgram compiles the JavaScript runtime; a goja.Program is immutable and shared by
// every runtime a Runner creates.
func runtimeProgram() (*goja.Program, error) {
	prg, err := goja.Compile("bond:runtime.js", runtimeJS, false)
	if err != nil {
		return nil, fmt.Errorf("embedded runner: compiling its runtime (a bond bug): %w", err)
	}
	return prg, nil
}

// maxOutput bounds what one run's tests may print; the rest is dropped with a note, so a test that
// logs in a loop cannot fill memory before its time limit.
const maxOutput = 8 << 20

// configure sets what the runtime answers before any JavaScript runs in it (step 1): the clock,
// Math.random, source maps for eval, the stack's depth and the tracking of rejections.
func (v *vm) configure(j *job) {
	rt := v.rt
	v.clock = float64(j.Epoch) / 1e6
	rt.SetTimeSource(func() time.Time {
		ms := v.now()
		return time.UnixMilli(0).Add(time.Duration(ms * float64(time.Millisecond)))
	})
	rng := rand.New(rand.NewPCG(j.Seed, 0x626f6e64)) // "bond"
	rt.SetRandSource(rng.Float64)
	rt.SetParserOptions(parser.WithDisableSourceMaps) // eval and new Function never read a map from disk
	rt.SetMaxCallStackSize(10000)
	rt.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		switch op {
		case goja.PromiseRejectionReject:
			v.rejected = append(v.rejected, p)
		case goja.PromiseRejectionHandle:
			for i, q := range v.rejected {
				if q == p {
					v.rejected = append(v.rejected[:i], v.rejected[i+1:]...)
					break
				}
			}
		}
	})
}

// hostObject builds the host object of step 3 for file f of job j; what the runtime reports
// through it lands in fr.
func (v *vm) hostObject(j *job, f *jobFile, fr *fileResult) (*goja.Object, error) {
	host := v.rt.NewObject()
	out := v.out
	members := []struct {
		name string
		val  any
	}{
		{"entry", f.Path},
		{"framework", string(f.Framework)},
		{"globals", j.Globals},
		{"bail", j.Bail},
		{"mocha", map[string]any{"timeout": j.Mocha.TimeoutMS, "checkLeaks": j.Mocha.CheckLeaks, "forbidOnly": j.Mocha.ForbidOnly}},
		{"crossFile", func(what string) { fr.CrossFile = what }},
		{"cwd", j.Cwd},
		{"equalityTestersRefusal", func() string { return equalityTestersRefusal(j.Cwd, f.Framework) }},
		{"env", j.Env},
		{"refuse", func(what string) {
			if fr.Refused == "" {
				fr.Refused = what
			}
		}},
	}
	for _, m := range members {
		if err := host.Set(m.name, m.val); err != nil {
			return nil, err
		}
	}
	if err := lendBuiltins(host, j.Seed); err != nil {
		return nil, err
	}
	fr.Reads = map[string]string{}
	if err := lendFS(v.rt, host, &repoFS{root: j.Cwd, overrides: j.Overrides, reads: fr.Reads}); err != nil {
		return nil, err
	}
	members = []struct {
		name string
		val  any
	}{
		{"write", func(stream int, s string) {
			switch {
			case v.muted:
			case out.Len()+len(s) <= maxOutput:
				out.WriteString(s)
			case out.Len() < maxOutput:
				out.WriteString(s[:maxOutput-out.Len()])
				out.WriteString("\n[bond: output past " + strconv.Itoa(maxOutput>>20) + " MiB dropped]\n")
			}
		}},
		{"timerAdd", func(delay float64, repeat bool) int64 { return v.add(delay, repeat) }},
		{"timerClear", func(id int64) { v.clear(id) }},
		{"timerRef", func(id int64, ref bool) {
			if t, ok := v.byID[id]; ok {
				t.ref = ref
			}
		}},
		{"timerHasRef", func(id int64) bool { t, ok := v.byID[id]; return ok && t.ref }},
		{"timerRefresh", func(id int64) {
			if t, ok := v.byID[id]; ok && t.index >= 0 {
				v.seq++
				t.when, t.seq = v.clock+t.delay, v.seq
				heap.Fix(&v.timers, t.index)
			}
		}},
		{"clock", func() float64 { return v.now() }},
		{"realNow", func() float64 { return float64(time.Since(v.started).Microseconds()) / 1000 }},
	}
	for _, m := range members {
		if err := host.Set(m.name, m.val); err != nil {
			return nil, err
		}
	}
	return host, nil
}

// runtimeExports are what the runtime hands back (step 4): the calls Go makes into it.
type runtimeExports struct {
	runAll, fire, uncaught, finish, currentTest goja.Callable
}

// start evaluates the runtime program and calls it with host (steps 2 to 4), keeping its
// exports in v.
func (v *vm) start(rtPrg *goja.Program, host *goja.Object) error {
	rt := v.rt
	initVal, err := rt.RunProgram(rtPrg)
	if err != nil {
		return fmt.Errorf("embedded runner: loading its runtime (a bond bug): %w", err)
	}
	initFn, _ := goja.AssertFunction(initVal)
	expV, err := initFn(goja.Undefined(), host)
	if err != nil {
		return fmt.Errorf("embedded runner: starting its runtime (a bond bug): %w", err)
	}
	exp := expV.ToObject(rt)
	get := func(name string) goja.Callable {
		f, ok := goja.AssertFunction(exp.Get(name))
		if !ok {
			panic("embedded runtime: missing export " + name)
		}
		return f
	}
	v.exports = runtimeExports{runAll: get("runAll"), fire: get("fire"), uncaught: get("uncaught"), finish: get("finish"), currentTest: get("currentTest")}
	return nil
}

// newProbes makes the probe array of step 5: n bytes the bundle sets to 1 as its code runs,
// and the Uint8Array over them the bundle receives.
func (v *vm) newProbes(n int) (goja.ArrayBuffer, goja.Value, error) {
	probes := v.rt.NewArrayBuffer(make([]byte, n))
	arr, err := v.rt.New(v.rt.Get("Uint8Array"), v.rt.ToValue(probes))
	if err != nil {
		return probes, nil, fmt.Errorf("embedded runner: making the probe array: %w", err)
	}
	return probes, arr, nil
}

// load runs the test file's bundle (step 5) with the probe array and the trace's wrap function,
// which declares its tests; noTrace hands an identity for wrap instead. An async bundle (one
// with top-level await) returns its promise, which the caller settles; any other returns nil.
func (v *vm) load(prg *goja.Program, probes goja.Value, tr *tracer, noTrace bool) (*goja.Promise, error) {
	wrapper, err := v.rt.RunProgram(prg)
	if err != nil {
		return nil, err
	}
	fn, _ := goja.AssertFunction(wrapper)
	wrap := v.rt.ToValue(tr.wrapFn)
	if noTrace {
		wrap = v.rt.ToValue(func(c goja.FunctionCall) goja.Value { return c.Argument(1) })
	}
	ret, err := fn(goja.Undefined(), probes, wrap)
	if err != nil {
		return nil, err
	}
	p, _ := ret.Export().(*goja.Promise)
	return p, nil
}
