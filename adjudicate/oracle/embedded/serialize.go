package embedded

// This file's one job: the value trace's serializer. It turns a goja value into "path=leaf"
// lines, deterministically and exactly (value.go says what is recorded and when; the spelling is
// shared with the node runner's hook, adjudicate/oracle/nodetrace/hook.cjs, so traces from both compare).

import (
	"hash/fnv"
	"math"
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

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
