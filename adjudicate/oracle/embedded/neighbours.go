package embedded

// This file is the embedded runner's side of the value detector's neighbour calls (issue 28
// item 2; nodetrace's hook.cjs does the same in the command runners' Node processes): the tests'
// own entry calls, made again after every test of the file has finished, with one argument
// changed a little. Only calls whose arguments are plain data (primitives, and plain objects and
// arrays of them, two levels deep) and whose receiver is no instance are kept, copied before the
// call ran. The calls run with the file's output muted and its coverage probes put back after
// them, so neither the test results nor the lines the tests ran change; bond compares them only
// where both unmutated runs made them alike (adjudicate/value.go).

import (
	"strconv"
	"strings"
	"time"

	"github.com/dop251/goja"
)

// Caps per file run: calls kept for replay, neighbour calls made, and time spent making them.
const (
	maxReplays          = 800
	maxReplaysPerCallee = 8
	// maxThrownPerCallee: beyond a callee's first maxReplaysPerCallee kept calls, at most this
	// many more that threw (keepThrown).
	maxThrownPerCallee = 4
	// maxTriedPerCallee: the later calls of a callee looked at for ones that throw, each copied
	// before it runs.
	maxTriedPerCallee = 256
	maxNeighbours     = 4000
	neighbourTime     = 1500 * time.Millisecond
)

// plainKind tells the shapes copyPlain keeps apart.
type plainKind int

const (
	plainPrimitive plainKind = iota
	plainArray
	plainObject
)

// plain is an argument copied out of the runtime: a primitive (kept as its goja value, which
// is immutable), or an array or plain object of plains, keys in their order.
type plain struct {
	kind  plainKind
	prim  goja.Value
	items []plain
	keys  []string
}

// replay is one entry call kept for neighbours.
type replay struct {
	callee, test string
	// rank is how many calls of the callee were kept before this one.
	rank int
	// key is the call's callee and arguments, what keeps a repeat out.
	key  string
	fn   goja.Callable
	this goja.Value
	args []plain
}

// replayTarget is what a recorded call can be made again with: the function and its receiver.
type replayTarget struct {
	fn   goja.Callable
	this goja.Value
}

// copied is what copyPlain found: plain data, something else (an instance, a function, too deep
// or too big), or a getter or a Proxy, which reading would run.
type copied int

const (
	copiedPlain copied = iota
	copiedNotPlain
	copiedHostile
)

// keepReplay keeps the outermost call c (of rp's function on its receiver with args) for
// neighbours, copied before it runs, when the receiver is none, a plain object or one of bond's
// own export proxies (a method of an exported function) and the arguments are plain data (and
// it is not a repeat of one kept). A call with a getter or a Proxy in an argument is counted in
// t.skipped: copying it would run the tests' code, so it gets no neighbour. Past the callee's
// first maxReplaysPerCallee kept calls it returns the copy instead, for keepThrown to keep if
// the call throws (nil otherwise), as hook.cjs's keepReplay.
func (t *tracer) keepReplay(c Call, rp *replayTarget, args []goja.Value) *replay {
	if rp == nil || !t.neighbours || len(t.replays) >= maxReplays || len(args) > 6 {
		return nil
	}
	fn, this := rp.fn, rp.this
	if o, ok := this.(*goja.Object); ok && !t.ours[o] && (o.ExportType() == proxyType || !t.plainObject(o)) {
		return nil
	}
	if t.replayKeys == nil {
		t.replayKeys, t.replaysPer, t.thrownPer, t.triedPer = map[string]bool{}, map[string]int{}, map[string]int{}, map[string]int{}
	}
	per := t.replaysPer[c.Callee]
	over := per >= maxReplaysPerCallee
	if over {
		if t.thrownPer[c.Callee] >= maxThrownPerCallee || t.triedPer[c.Callee] >= maxTriedPerCallee {
			return nil
		}
		t.triedPer[c.Callee]++
	}
	key := c.Callee + "\x00" + strings.Join(c.Args, "\x01")
	if t.replayKeys[key] {
		return nil
	}
	cp := make([]plain, len(args))
	for i, a := range args {
		p, how := t.copyPlain(a, 0)
		if how == copiedHostile {
			t.replayKeys[key] = true
			t.skipped++
			return nil
		}
		if how != copiedPlain {
			return nil
		}
		cp[i] = p
	}
	r := &replay{callee: c.Callee, test: c.Test, rank: per, key: key, fn: fn, this: this, args: cp}
	if over {
		return r
	}
	t.replayKeys[key] = true
	t.replays = append(t.replays, *r)
	t.replaysPer[c.Callee]++
	return nil
}

// keepThrown keeps r, a call past its callee's first kept ones that threw: a call the code
// refused sits at a boundary of what it accepts, which its neighbours cross (a depth of -1
// refused, 0 allowed). At most maxThrownPerCallee per callee, as hook.cjs's keepThrown.
func (t *tracer) keepThrown(r *replay) {
	if len(t.replays) >= maxReplays || t.replayKeys[r.key] || t.thrownPer[r.callee] >= maxThrownPerCallee {
		return
	}
	t.thrownPer[r.callee]++
	t.replayKeys[r.key] = true
	r.rank = t.replaysPer[r.callee]
	t.replaysPer[r.callee]++
	t.replays = append(t.replays, *r)
}

// plainObject reports whether o is an object literal's kind: prototype Object.prototype or null.
// o must be no Proxy (reading its prototype would run a trap).
func (t *tracer) plainObject(o *goja.Object) bool {
	if o.ClassName() != "Object" || t.collectionKind(o) != "Object" {
		return false
	}
	if _, fn := goja.AssertFunction(o); fn {
		return false
	}
	p := o.Prototype()
	return p == nil || p == t.objectProto
}

// dataValue is o's own data property k: its value, or how it is not one (no such property, or
// an accessor, whose getter reading would run).
func (t *tracer) dataValue(o *goja.Object, k string) (goja.Value, copied) {
	d, err := t.ownDesc(goja.Undefined(), o, t.rt.ToValue(k))
	do, isObj := d.(*goja.Object)
	if err != nil || !isObj {
		return nil, copiedNotPlain
	}
	if g := do.Get("get"); g != nil && !goja.IsUndefined(g) {
		return nil, copiedHostile
	}
	if s := do.Get("set"); s != nil && !goja.IsUndefined(s) {
		return nil, copiedHostile
	}
	return do.Get("value"), copiedPlain
}

// copyPlain copies v when it is plain data: a primitive, or an array or a plain object of
// plains (an argument holds two levels of objects at most: args[0].headers.accept is a leaf),
// read through property descriptors only, so no getter runs and no Proxy is touched; as
// hook.cjs's copyPlain.
func (t *tracer) copyPlain(v goja.Value, depth int) (plain, copied) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return plain{kind: plainPrimitive, prim: v}, copiedPlain
	}
	o, ok := v.(*goja.Object)
	if !ok {
		if _, sym := v.(*goja.Symbol); sym {
			return plain{}, copiedNotPlain
		}
		return plain{kind: plainPrimitive, prim: v}, copiedPlain
	}
	if o.ExportType() == proxyType {
		return plain{}, copiedHostile
	}
	if depth >= 2 {
		return plain{}, copiedNotPlain
	}
	if o.ClassName() == "Array" {
		n := int(o.Get("length").ToInteger())
		if n > 20 {
			return plain{}, copiedNotPlain
		}
		p := plain{kind: plainArray}
		for i := range n {
			ev, how := t.dataValue(o, strconv.Itoa(i))
			if how != copiedPlain {
				return plain{}, how
			}
			e, how := t.copyPlain(ev, depth+1)
			if how != copiedPlain {
				return plain{}, how
			}
			p.items = append(p.items, e)
		}
		return p, copiedPlain
	}
	if !t.plainObject(o) {
		return plain{}, copiedNotPlain
	}
	keys := o.Keys()
	if len(keys) > 20 {
		return plain{}, copiedNotPlain
	}
	p := plain{kind: plainObject}
	for _, k := range keys {
		ev, how := t.dataValue(o, k)
		if how != copiedPlain {
			return plain{}, how
		}
		e, how := t.copyPlain(ev, depth+1)
		if how != copiedPlain {
			return plain{}, how
		}
		p.keys, p.items = append(p.keys, k), append(p.items, e)
	}
	return p, copiedPlain
}

// value makes a fresh runtime value of p (a new array or object each time).
func (t *tracer) value(p plain) goja.Value {
	switch p.kind {
	case plainArray:
		vs := make([]any, len(p.items))
		for i, e := range p.items {
			vs[i] = t.value(e)
		}
		return t.rt.NewArray(vs...)
	case plainObject:
		o := t.rt.NewObject()
		for i, k := range p.keys {
			_ = o.Set(k, t.value(p.items[i]))
		}
		return o
	}
	if p.prim == nil {
		return goja.Undefined()
	}
	return p.prim
}

// afterTests makes the neighbour calls once a file's results are collected: probes (the file's
// coverage probes) are put back after them, so no line counts as run by the tests because a
// neighbour ran it; mute silences the file's output meanwhile. When the run's limit stopped a
// neighbour call (stopped), the tests' results stand and the runtime is cleared for what follows.
func (t *tracer) afterTests(probes []byte, mute func(bool), stopped func() bool) {
	if !t.neighbours {
		return
	}
	saved := append([]byte(nil), probes...)
	t.runNeighbours(mute)
	copy(probes, saved)
	if stopped() {
		t.rt.ClearInterrupt()
	}
}

// runNeighbours makes the kept calls' neighbour calls and records them with Origin "neighbour".
// mute silences the file's output around them; the caller restores its coverage probes.
func (t *tracer) runNeighbours(mute func(bool)) {
	if !t.neighbours || len(t.replays) == 0 {
		return
	}
	start := time.Now()
	mute(true)
	defer mute(false)
	t.depth++
	defer func() { t.depth-- }()
	made := 0
	// Round by round (each callee's first kept call, then each one's second, …), so the time
	// cap cuts every callee's share, never a later callee's whole.
	order := make([]replay, 0, len(t.replays))
	for rank := range maxReplaysPerCallee + maxThrownPerCallee {
		for _, r := range t.replays {
			if r.rank == rank {
				order = append(order, r)
			}
		}
	}
	for _, r := range order {
		for _, a := range variants(t.rt, r.args, t.charCodes, t.numbers) {
			if made >= maxNeighbours || time.Since(start) > neighbourTime {
				return
			}
			made++
			args := make([]goja.Value, len(a))
			for i, p := range a {
				args[i] = t.value(p)
			}
			c := Call{Callee: r.callee, Test: r.test, Origin: "neighbour", Args: t.flattenArgs("args", args)}
			v, err := r.fn(r.this, args...)
			if err != nil {
				ex, ok := err.(*goja.Exception)
				if !ok {
					return // an interrupt: the run is stopping
				}
				c.Outcome, c.After = t.flatten("throw", ex.Value()), t.flattenArgs("after", args)
				t.add(c)
				continue
			}
			if o, ok := v.(*goja.Object); ok && o.ExportType() == promiseType {
				continue // its settling is not waited for: not compared
			}
			c.Outcome, c.After = t.flatten("return", v), t.flattenArgs("after", args)
			t.add(c)
		}
	}
}
