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
	"hash/fnv"
	"math"
	"sort"
	"strconv"
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
	// Captured before the bundle runs, so tests cannot redirect them.
	mapForEach, setForEach, getTime, ownDesc, construct, then goja.Callable
	mapProto, setProto                                        *goja.Object
}

// newTracer captures the built-ins the serializer needs from rt, which no test code has run in.
func newTracer(rt *goja.Runtime) *tracer {
	t := &tracer{rt: rt, proxies: map[*goja.Object]*goja.Object{}}
	method := func(ctor, name string) goja.Callable {
		f, _ := goja.AssertFunction(rt.Get(ctor).ToObject(rt).Get("prototype").ToObject(rt).Get(name))
		return f
	}
	t.mapForEach, t.setForEach, t.getTime, t.then = method("Map", "forEach"), method("Set", "forEach"), method("Date", "getTime"), method("Promise", "then")
	t.mapProto = rt.Get("Map").ToObject(rt).Get("prototype").ToObject(rt)
	t.setProto = rt.Get("Set").ToObject(rt).Get("prototype").ToObject(rt)
	t.ownDesc, _ = goja.AssertFunction(rt.Get("Reflect").ToObject(rt).Get("getOwnPropertyDescriptor"))
	t.construct, _ = goja.AssertFunction(rt.Get("Reflect").ToObject(rt).Get("construct"))
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
			return t.record(name, args, func() (goja.Value, error) { return fn(this, args...) })
		}
		cfg.Construct = func(target *goja.Object, args []goja.Value, newTarget *goja.Object) *goja.Object {
			v := t.record("new "+name, args, func() (goja.Value, error) {
				return t.construct(goja.Undefined(), target, t.rt.NewArray(valuesAny(args)...), newTarget)
			})
			obj, _ := v.(*goja.Object)
			return obj
		}
	}
	p := t.rt.NewProxy(o, cfg)
	pv := t.rt.ToValue(p).(*goja.Object)
	t.proxies[o] = pv
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
func (t *tracer) record(callee string, args []goja.Value, do func() (goja.Value, error)) goja.Value {
	if t.depth > 0 {
		v, err := do()
		if err != nil {
			panic(err)
		}
		return v
	}
	t.depth++
	v, err := t.recordOuter(callee, args, do)
	t.depth--
	if err != nil {
		panic(err)
	}
	return v
}

// recordOuter records one outermost call; a throw comes back as err, to be re-thrown as it was.
func (t *tracer) recordOuter(callee string, args []goja.Value, do func() (goja.Value, error)) (goja.Value, error) {
	c := Call{Callee: callee, Test: t.test()}
	c.Args = t.flattenArgs("args", args)
	v, err := do()
	if err != nil {
		ex, ok := err.(*goja.Exception)
		if !ok {
			return nil, err // an interrupt: the run is stopping
		}
		c.Outcome = t.flatten("throw", ex.Value())
		c.After = t.flattenArgs("after", args)
		t.add(c)
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

// flattenArgs flattens an argument list under root ("args[0]…").
func (t *tracer) flattenArgs(root string, args []goja.Value) []string {
	var out []string
	f := &flattener{t: t, seen: map[*goja.Object]string{}}
	f.leaf(root, "Arguments("+strconv.Itoa(len(args))+")")
	for i, a := range args {
		f.value(root+"["+strconv.Itoa(i)+"]", a, 1)
	}
	out = f.out
	return out
}

// flatten flattens v under root.
func (t *tracer) flatten(root string, v goja.Value) []string {
	f := &flattener{t: t, seen: map[*goja.Object]string{}}
	f.value(root, v, 0)
	return f.out
}

// flattener serializes one value into "path=leaf" lines, depth first, in a deterministic order:
// own enumerable string keys in the engine's order (integer keys ascending, then insertion
// order), Map and Set entries in insertion order. A repeated object is a reference to the path
// where it was first seen, so cycles end and shared structure shows.
type flattener struct {
	t    *tracer
	out  []string
	seen map[*goja.Object]string
	full bool
}

func (f *flattener) leaf(path, leaf string) {
	if f.full {
		return
	}
	if len(f.out) >= maxLeaves {
		f.out = append(f.out, path+"=…(more leaves not recorded)")
		f.full = true
		return
	}
	f.out = append(f.out, path+"="+leaf)
}

func (f *flattener) value(path string, v goja.Value, depth int) {
	if f.full {
		return
	}
	switch {
	case v == nil || goja.IsUndefined(v):
		f.leaf(path, "undefined")
		return
	case goja.IsNull(v):
		f.leaf(path, "null")
		return
	}
	o, isObj := v.(*goja.Object)
	if !isObj {
		f.leaf(path, primitive(v))
		return
	}
	if at, ok := f.seen[o]; ok {
		f.leaf(path, "[Ref "+at+"]")
		return
	}
	f.seen[o] = path
	// A getter or proxy trap that throws while being read is recorded as such (the same way in
	// every run), never a failure of the run; Try restores the engine's state after the throw.
	if ex := f.t.rt.Try(func() { f.object(path, o, depth) }); ex != nil {
		f.leaf(path, "[threw while read]")
	}
}

// object flattens an object not seen before.
func (f *flattener) object(path string, o *goja.Object, depth int) {
	t := f.t
	if fn, ok := goja.AssertFunction(o); ok && fn != nil {
		name := safeString(o.Get("name"))
		if name == "" {
			name = "(anonymous)"
		}
		f.leaf(path, "function "+name)
		return
	}
	cls := o.ClassName()
	if cls == "Object" {
		cls = t.collectionKind(o)
	}
	if depth >= maxDepth {
		f.leaf(path, "["+cls+" past depth "+strconv.Itoa(maxDepth)+"]")
		return
	}
	switch cls {
	case "Array":
		n := int(o.Get("length").ToInteger())
		f.leaf(path, "Array("+strconv.Itoa(n)+")")
		for i := 0; i < n && i < maxItems; i++ {
			f.value(path+"["+strconv.Itoa(i)+"]", o.Get(strconv.Itoa(i)), depth+1)
		}
		if n > maxItems {
			f.leaf(path+"[…]", strconv.Itoa(n-maxItems)+" more items not recorded")
		}
		f.props(path, o, depth, true)
		return
	case "Date":
		tv, err := f.t.getTime(o)
		if err != nil {
			f.leaf(path, "Date(?)")
			return
		}
		f.leaf(path, "Date("+number(tv.ToFloat())+")")
		f.props(path, o, depth, false)
		return
	case "Map", "Set":
		f.collection(path, o, cls, depth)
		return
	case "Promise":
		f.leaf(path, "Promise")
		return
	case "Object":
		if o.ExportType() == promiseType {
			f.leaf(path, "Promise")
			return
		}
	case "RegExp", "Error", "Boolean", "Number", "String":
		f.leaf(path, cls+"("+safeString(o)+")")
		f.props(path, o, depth, false)
		return
	}
	if strings.HasSuffix(cls, "Array") || cls == "ArrayBuffer" || cls == "DataView" {
		f.typed(path, o, cls)
		return
	}
	f.leaf(path, ctorName(o))
	f.props(path, o, depth, false)
}

// collectionKind is "Map" or "Set" when Map.prototype or Set.prototype (as they were before any
// test ran) is on o's prototype chain, else "Object".
func (t *tracer) collectionKind(o *goja.Object) string {
	for p, n := o.Prototype(), 0; p != nil && n < 32; p, n = p.Prototype(), n+1 {
		switch p {
		case t.mapProto:
			return "Map"
		case t.setProto:
			return "Set"
		}
	}
	return "Object"
}

// props flattens o's own enumerable string-keyed properties (an array's non-index ones).
func (f *flattener) props(path string, o *goja.Object, depth int, array bool) {
	keys := o.Keys()
	n := 0
	for _, k := range keys {
		if array && isIndex(k) {
			continue
		}
		if n >= maxItems {
			f.leaf(path+".…", strconv.Itoa(len(keys)-n)+" more properties not recorded")
			return
		}
		n++
		f.value(path+"."+k, o.Get(k), depth+1)
	}
}

// collection flattens a Map (entries by key literal, or by position for object keys) or a Set.
func (f *flattener) collection(path string, o *goja.Object, cls string, depth int) {
	var keys, vals []goja.Value
	cb := func(call goja.FunctionCall) goja.Value {
		if cls == "Map" {
			vals = append(vals, call.Argument(0))
			keys = append(keys, call.Argument(1))
		} else {
			keys = append(keys, call.Argument(0))
		}
		return goja.Undefined()
	}
	each := f.t.mapForEach
	if cls == "Set" {
		each = f.t.setForEach
	}
	if _, err := each(o, f.t.rt.ToValue(cb)); err != nil {
		f.leaf(path, cls+"(?)")
		return
	}
	f.leaf(path, cls+"("+strconv.Itoa(len(keys))+")")
	for i, k := range keys {
		if i >= maxItems {
			f.leaf(path+"{…}", strconv.Itoa(len(keys)-i)+" more entries not recorded")
			break
		}
		at := path + "{" + strconv.Itoa(i) + "}"
		if _, obj := k.(*goja.Object); !obj {
			at = path + "{" + primitive(k) + "}"
		} else {
			f.value(at+".key", k, depth+1)
		}
		if cls == "Map" {
			f.value(at, vals[i], depth+1)
		} else if _, obj := k.(*goja.Object); !obj {
			f.leaf(at, "in set")
		}
	}
	f.props(path, o, depth, false)
}

// typed flattens a typed array, ArrayBuffer or DataView by its bytes' length and hash, plus up
// to maxItems elements of a typed array.
func (f *flattener) typed(path string, o *goja.Object, cls string) {
	switch ex := o.Export().(type) {
	case goja.ArrayBuffer:
		b := ex.Bytes()
		f.leaf(path, cls+"(bytes="+strconv.Itoa(len(b))+",fnv="+hashBytes(b)+")")
		return
	}
	n := int(o.Get("length").ToInteger())
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(primitive(o.Get(strconv.Itoa(i))))
		b.WriteByte(',')
	}
	s := b.String()
	f.leaf(path, cls+"(length="+strconv.Itoa(n)+",fnv="+hashBytes([]byte(s))+")")
}

// ctorName is an object's constructor's name, read from its prototype's own constructor
// property (not o.constructor, which an own property could shadow): "Object", a class name, or
// "null-prototype".
func ctorName(o *goja.Object) string {
	proto := o.Prototype()
	if proto == nil {
		return "Object(null prototype)"
	}
	c, ok := proto.Get("constructor").(*goja.Object)
	if !ok {
		return "Object"
	}
	name := safeString(c.Get("name"))
	if name == "" {
		return "Object(anonymous class)"
	}
	return name
}

// primitive is the leaf of a primitive value, exact: numbers keep -0 and NaN, strings are quoted
// (long ones capped with their length and hash), bigints and symbols are marked.
func primitive(v goja.Value) string {
	if sym, ok := v.(*goja.Symbol); ok {
		return "symbol:" + sym.String()
	}
	switch ex := v.Export().(type) {
	case bool:
		return strconv.FormatBool(ex)
	case int64:
		return "num:" + strconv.FormatInt(ex, 10)
	case float64:
		return "num:" + number(v.ToFloat())
	case string:
		if len(ex) > maxString {
			return "str(len=" + strconv.Itoa(len(ex)) + ",fnv=" + hashBytes([]byte(ex)) + "):" + strconv.Quote(ex[:maxString]) + "…"
		}
		return "str:" + strconv.Quote(ex)
	}
	if goja.IsBigInt(v) {
		return "bigint:" + v.String() + "n"
	}
	return "?" + v.String()
}

// number writes a float exactly: -0, NaN and ±Infinity spelled out.
func number(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case x == 0 && math.Signbit(x):
		return "-0"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// safeString is v's string, "" for undefined. It may throw (a toString of the tests'); callers
// run inside Runtime.Try.
func safeString(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return ""
	}
	return v.String()
}

func isIndex(k string) bool {
	if k == "" {
		return false
	}
	for _, c := range k {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func hashBytes(b []byte) string {
	h := fnv.New64a()
	h.Write(b)
	return strconv.FormatUint(h.Sum64(), 16)
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
