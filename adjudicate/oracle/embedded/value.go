package embedded

// This file's one job: the value trace (issue 28, witness value). Every call the tests make into
// an export of a boundary module (boundary.go says which modules) goes through a goja Proxy whose
// traps are Go functions; the trap records the call's arguments, its outcome (return value, the
// settled value of a returned promise, or the thrown value) and its arguments after the call,
// each flattened into "path=leaf" lines by a deterministic serializer.
//
// The recording state lives in this Go value, never in JavaScript: the bundle reaches only the
// wrap function (the wrapper's second parameter), which adds proxies and can add calls but cannot
// read, change or remove recorded ones. The serializer reads objects through goja's Go API and
// through functions captured before any test code ran (Map/Set iteration, Date's time value,
// property descriptors), so a test that replaces Array.prototype.push, JSON.stringify,
// Object.keys or Map.prototype.forEach changes nothing it records.

import (
	"sort"
	"strings"

	"github.com/dop251/goja"
)

// Call is one recorded call into a boundary module's export.
type Call struct {
	// File is the test file whose run made the call (set by Runner.RunWith).
	File string `json:"file,omitempty"`
	// Test is the test running when the call was made ("suite > test"), "" outside any test (a
	// module's top level, a describe callback).
	Test string `json:"test,omitempty"`
	// Callee names the export: the boundary module's repo-relative path, "#", and the export's
	// name with any property path under it ("src/list.js#remove", "src/index.js#default.parse").
	Callee string `json:"callee"`
	// Args are the arguments before the call, flattened ("args[0].id=num:1").
	Args []string `json:"args"`
	// Outcome is what the caller saw, flattened under "return", "resolved", "rejected" or "throw".
	Outcome []string `json:"outcome"`
	// After are the arguments after the call (and after a returned promise settled), flattened
	// under "after".
	After []string `json:"after,omitempty"`
	// Origin is "neighbour" for a call bond made itself, after the tests, with one argument of a
	// test's own call changed (issue 28 item 2); "" for a call the tests made.
	Origin string `json:"origin,omitempty"`
}

// Serializer caps: past them a marker leaf says what was left out, so a difference past a cap
// is not seen (and the marker says so), but nothing is ever read as equal by truncation alone:
// a long string keeps its length and hash.
const (
	maxDepth      = 8
	maxItems      = 100
	maxLeaves     = 400
	maxString     = 120
	maxCallsTrace = 20000
)

// tracer records one test file's calls in one runtime.
type tracer struct {
	rt *goja.Runtime
	// current returns the running test's name (the runtime's export currentTest).
	current goja.Callable
	calls   []Call
	capped  bool
	// depth is how many recorded calls are running (record).
	depth   int
	proxies map[*goja.Object]*goja.Object // real → proxy, so an export keeps one identity
	// ours are those proxies (proxy → true): a receiver that is one is the package's own export.
	ours map[*goja.Object]bool
	// Captured before the bundle runs, so tests cannot redirect them.
	mapForEach, setForEach, getTime, ownDesc, construct, then goja.Callable
	mapProto, setProto                                        *goja.Object
	// objectProto is Object.prototype, for telling a plain object from an instance.
	objectProto *goja.Object
	// neighbours turns on the neighbour calls (neighbours.go); replays are the calls kept for
	// them, replayKeys their callees and arguments.
	neighbours bool
	// charCodes are the neighbours' code points from the patch (Options.CharCodes).
	charCodes []int
	// numbers are the neighbours' numbers from the patch (Options.Numbers), and skipped counts
	// the entry calls given no neighbour because a getter or a Proxy is in them.
	numbers    []int64
	skipped    int
	replays    []replay
	replayKeys map[string]bool
	replaysPer map[string]int
	thrownPer  map[string]int
	triedPer   map[string]int
}

// newTracer captures the built-ins the serializer needs from rt, which no test code has run in.
func newTracer(rt *goja.Runtime) *tracer {
	t := &tracer{rt: rt, proxies: map[*goja.Object]*goja.Object{}, ours: map[*goja.Object]bool{}}
	method := func(ctor, name string) goja.Callable {
		f, _ := goja.AssertFunction(rt.Get(ctor).ToObject(rt).Get("prototype").ToObject(rt).Get(name))
		return f
	}
	t.mapForEach, t.setForEach, t.getTime, t.then = method("Map", "forEach"), method("Set", "forEach"), method("Date", "getTime"), method("Promise", "then")
	t.mapProto = rt.Get("Map").ToObject(rt).Get("prototype").ToObject(rt)
	t.setProto = rt.Get("Set").ToObject(rt).Get("prototype").ToObject(rt)
	t.ownDesc, _ = goja.AssertFunction(rt.Get("Reflect").ToObject(rt).Get("getOwnPropertyDescriptor"))
	t.construct, _ = goja.AssertFunction(rt.Get("Reflect").ToObject(rt).Get("construct"))
	t.objectProto = rt.Get("Object").ToObject(rt).Get("prototype").ToObject(rt)
	return t
}

// wrapFn is the function the bundle's boundary modules call: wrap(path, exports) returns the
// exports with every function reachable as an export (or a property of an exported object)
// replaced by a recording proxy.
//
// Only a boundary proxy module may register: the caller's frame must map, through the bundle's
// source map, to that proxy's own source ("bond-value:<path>"), which no test code can occupy.
// Any other caller (a test that found the wrapper's parameter by name or through `arguments`) gets
// its object back unwrapped and nothing is recorded, so a test cannot add calls to the trace,
// let alone calls that would shift the alignment of real ones.
func (t *tracer) wrapFn(call goja.FunctionCall) goja.Value {
	path := call.Argument(0).String()
	if !t.fromProxy(path) {
		return call.Argument(1)
	}
	return t.wrap(path+"#", call.Argument(1), true)
}

// fromProxy reports whether the function calling wrapFn is the proxy module of path.
func (t *tracer) fromProxy(path string) bool {
	frames := t.rt.CaptureCallStack(2, nil)
	for _, f := range frames {
		if f.SrcName() == "" || strings.HasPrefix(f.SrcName(), "<native>") {
			continue
		}
		return f.Position().Filename == valueNamespace+":"+path
	}
	return false
}

// wrap returns v's recording proxy: a function's (calls and constructions recorded, its static
// properties wrapped in turn), or an object's (its function-valued properties wrapped) when top
// is set; anything else is returned as it is.
func (t *tracer) wrap(name string, v goja.Value, top bool) goja.Value {
	o, ok := v.(*goja.Object)
	if !ok {
		return v
	}
	if p, ok := t.proxies[o]; ok {
		return p
	}
	_, callable := goja.AssertFunction(o)
	if !callable && (!top || o.ClassName() != "Object") {
		return v
	}
	if callable && strings.HasSuffix(name, "#") {
		name += "default"
	}
	cfg := &goja.ProxyTrapConfig{
		Get: func(target *goja.Object, prop string, receiver goja.Value) goja.Value {
			val := target.Get(prop)
			_, fn := goja.AssertFunction(val)
			// A module's default export object (or a CommonJS module's exports) has its
			// methods wrapped too: `lib.parse(…)` is a call into the package.
			obj, isObj := val.(*goja.Object)
			plain := !fn && isObj && strings.HasSuffix(name, "#") && obj.ClassName() == "Object" && t.collectionKind(obj) == "Object"
			if (!fn && !plain) || prop == "constructor" || t.frozen(target, prop) {
				return val
			}
			sub := name + "." + prop
			if strings.HasSuffix(name, "#") {
				sub = name + prop
			}
			return t.wrap(sub, val, plain)
		},
	}
	if callable {
		// goja's proxies have no [[HasInstance]] of their own: `x instanceof Proxy` would
		// throw, so the proxy answers Symbol.hasInstance as its target does.
		hasInstance := t.rt.ToValue(func(call goja.FunctionCall) goja.Value {
			return t.rt.ToValue(t.rt.InstanceOf(call.Argument(0), o))
		})
		cfg.GetSym = func(target *goja.Object, prop *goja.Symbol, receiver goja.Value) goja.Value {
			if prop == goja.SymHasInstance {
				return hasInstance
			}
			return target.GetSymbol(prop)
		}
		fn, _ := goja.AssertFunction(o)
		cfg.Apply = func(target *goja.Object, this goja.Value, args []goja.Value) goja.Value {
			return t.record(name, args, func() (goja.Value, error) { return fn(this, args...) }, &replayTarget{fn: fn, this: this})
		}
		cfg.Construct = func(target *goja.Object, args []goja.Value, newTarget *goja.Object) *goja.Object {
			v := t.record("new "+name, args, func() (goja.Value, error) {
				return t.construct(goja.Undefined(), target, t.rt.NewArray(valuesAny(args)...), newTarget)
			}, nil)
			obj, _ := v.(*goja.Object)
			return obj
		}
	}
	p := t.rt.NewProxy(o, cfg)
	pv := t.rt.ToValue(p).(*goja.Object)
	t.proxies[o] = pv
	t.ours[pv] = true
	return pv
}

// frozen reports whether target's own property prop is a non-configurable, non-writable data
// property: a proxy must return exactly its value (an invariant of Proxy), so it is not wrapped.
func (t *tracer) frozen(target *goja.Object, prop string) bool {
	d, err := t.ownDesc(goja.Undefined(), target, t.rt.ToValue(prop))
	if err != nil {
		return true
	}
	do, ok := d.(*goja.Object)
	if !ok {
		return false
	}
	return !do.Get("configurable").ToBoolean() && do.Get("writable") != nil && !goja.IsUndefined(do.Get("writable")) && !do.Get("writable").ToBoolean()
}

func valuesAny(vs []goja.Value) []any {
	out := make([]any, len(vs))
	for i, v := range vs {
		out[i] = v
	}
	return out
}

// record makes the call do with the recording around it, and returns what the caller sees: its
// value, a promise settling as the returned one does (recorded when it settles), or its throw,
// re-thrown as it was. An interrupt (the time or memory limit) passes through unrecorded.
//
// A call made while a recorded call is running (the package calling its own export through
// `this`, or a test callback it invokes) is inside the package's call, not a call from outside:
// it runs unrecorded, so only the outermost calls the tests make are compared.
func (t *tracer) record(callee string, args []goja.Value, do func() (goja.Value, error), rp *replayTarget) goja.Value {
	if t.depth > 0 {
		v, err := do()
		if err != nil {
			panic(err)
		}
		return v
	}
	t.depth++
	v, err := t.recordOuter(callee, args, do, rp)
	t.depth--
	if err != nil {
		panic(err)
	}
	return v
}

// recordOuter records one outermost call; a throw comes back as err, to be re-thrown as it was.
func (t *tracer) recordOuter(callee string, args []goja.Value, do func() (goja.Value, error), rp *replayTarget) (goja.Value, error) {
	c := Call{Callee: callee, Test: t.test()}
	c.Args = t.flattenArgs("args", args)
	pending := t.keepReplay(c, rp, args)
	v, err := do()
	if err != nil {
		ex, ok := err.(*goja.Exception)
		if !ok {
			return nil, err // an interrupt: the run is stopping
		}
		c.Outcome = t.flatten("throw", ex.Value())
		c.After = t.flattenArgs("after", args)
		t.add(c)
		if pending != nil {
			t.keepThrown(pending)
		}
		return nil, ex
	}
	if o, ok := v.(*goja.Object); ok && o.ExportType() == promiseType && t.then != nil {
		return t.settle(c, args, o), nil
	}
	c.Outcome = t.flatten("return", v)
	c.After = t.flattenArgs("after", args)
	t.add(c)
	return v, nil
}

// settle hands the caller a promise of its own that settles as p does, after recording how p
// settled. p gets bond's handlers, the caller's promise gets the caller's: an unhandled rejection
// stays unhandled, as it would be without bond.
func (t *tracer) settle(c Call, args []goja.Value, p *goja.Object) goja.Value {
	mine, resolve, reject := t.rt.NewPromise()
	idx := t.add(c)
	onOK := func(call goja.FunctionCall) goja.Value {
		t.finish(idx, t.flatten("resolved", call.Argument(0)), args)
		_ = resolve(call.Argument(0))
		return goja.Undefined()
	}
	onErr := func(call goja.FunctionCall) goja.Value {
		t.finish(idx, t.flatten("rejected", call.Argument(0)), args)
		_ = reject(call.Argument(0))
		return goja.Undefined()
	}
	if _, err := t.then(p, t.rt.ToValue(onOK), t.rt.ToValue(onErr)); err != nil {
		panic(err)
	}
	return t.rt.ToValue(mine)
}

// finish records the outcome of call idx once its promise settled.
func (t *tracer) finish(idx int, outcome []string, args []goja.Value) {
	if idx < 0 {
		return
	}
	t.calls[idx].Outcome = outcome
	t.calls[idx].After = t.flattenArgs("after", args)
}

// add appends c, returning its index, or -1 past the cap (the trace then ends with a marker).
func (t *tracer) add(c Call) int {
	if len(t.calls) >= maxCallsTrace {
		t.capped = true
		return -1
	}
	t.calls = append(t.calls, c)
	return len(t.calls) - 1
}

// test is the running test's name, "" when none runs or the runtime cannot say.
func (t *tracer) test() string {
	if t.current == nil {
		return ""
	}
	v, err := t.current(goja.Undefined())
	if err != nil || v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return ""
	}
	return v.String()
}

// sortedCallees lists the distinct callees of calls, sorted (tests and reports).
func sortedCallees(calls []Call) []string {
	set := map[string]bool{}
	for _, c := range calls {
		set[c.Callee] = true
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
