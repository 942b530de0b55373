package embedded

// This file makes a kept call's neighbours: its arguments, copied as plain data (neighbours.go),
// each changed a little, in the order and kinds hook.cjs's variants makes them in the command
// runners' Node processes, so both runners compare the same calls.

import (
	"math"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// Bounds of the nested kinds (nested): keys or items walked per object or array, and
// neighbours made inside one argument.
const (
	maxNestedKeys = 6
	maxNested     = 48
)

// variants are args' neighbours, as hook.cjs's variants makes them, in its order: first the
// first kinds, argument by argument (a primitive's primitiveVariants, an array emptied, its
// last item dropped or its first repeated, an object's property removed); then argument by
// argument the kinds added for nested fields: a number argument's moreNumbers, and inside an
// object or array argument its properties removed or set to undefined and its leaves changed
// (nested). codes are the patch's code points (Options.CharCodes), nums its numbers
// (Options.Numbers).
func variants(rt *goja.Runtime, args []plain, codes []int, nums []int64) [][]plain {
	var out [][]plain
	with := func(i int, v plain) {
		a := append([]plain{}, args...)
		a[i] = v
		out = append(out, a)
	}
	for i, a := range args {
		switch a.kind {
		case plainArray:
			if len(a.items) == 0 {
				continue
			}
			with(i, plain{kind: plainArray})
			with(i, plain{kind: plainArray, items: append([]plain{}, a.items[:len(a.items)-1]...)})
			with(i, plain{kind: plainArray, items: append(append([]plain{}, a.items...), a.items[0])})
		case plainObject:
			for k := 0; k < len(a.keys) && k < 6; k++ {
				o := plain{kind: plainObject}
				for j := range a.keys {
					if j != k {
						o.keys, o.items = append(o.keys, a.keys[j]), append(o.items, a.items[j])
					}
				}
				with(i, o)
			}
		default:
			for _, v := range primitiveVariants(rt, a.prim, codes) {
				with(i, plain{kind: plainPrimitive, prim: v})
			}
		}
	}
	for i, a := range args {
		if a.kind != plainPrimitive {
			out = nested(rt, out, args, i, codes, nums)
			continue
		}
		if x, ok := numberOf(a.prim); ok && !math.IsNaN(x) {
			for _, v := range moreNumbers(rt, x, primitiveVariants(rt, a.prim, codes), nums) {
				with(i, plain{kind: plainPrimitive, prim: v})
			}
		}
	}
	return out
}

// numberOf is v's number, when v is one.
func numberOf(v goja.Value) (float64, bool) {
	if v == nil {
		return 0, false
	}
	switch x := v.Export().(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// sameNumber is JavaScript's Object.is on numbers: −0 apart from 0, NaN equal to itself.
func sameNumber(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}

// moreNumbers are a number's neighbours beyond the first kinds' (had: 0, ±1 away, negated):
// −0, 1, −1 and the patch's numbers, each once and never x itself (hook.cjs's moreNumbers).
func moreNumbers(rt *goja.Runtime, x float64, had []goja.Value, nums []int64) []goja.Value {
	cands := []float64{math.Copysign(0, -1), 1, -1}
	for _, n := range nums {
		cands = append(cands, float64(n))
	}
	seen := []float64{x}
	for _, h := range had {
		if f, ok := numberOf(h); ok {
			seen = append(seen, f)
		}
	}
	var out []goja.Value
	for _, n := range cands {
		if slices.ContainsFunc(seen, func(s float64) bool { return sameNumber(s, n) }) {
			continue
		}
		seen = append(seen, n)
		out = append(out, rt.ToValue(n))
	}
	return out
}

// leafKinds are a nested leaf's neighbours: its primitiveVariants, then for a number its
// moreNumbers, each value once (hook.cjs's leafKinds).
func leafKinds(rt *goja.Runtime, v goja.Value, codes []int, nums []int64) []goja.Value {
	first := primitiveVariants(rt, v, codes)
	x, ok := numberOf(v)
	if !ok || math.IsNaN(x) {
		return first
	}
	var out []goja.Value
	var fs []float64
	for _, f := range first {
		n, _ := numberOf(f)
		if slices.ContainsFunc(fs, func(s float64) bool { return sameNumber(s, n) }) {
			continue
		}
		fs = append(fs, n)
		out = append(out, f)
	}
	return append(out, moreNumbers(rt, x, out, nums)...)
}

// setAt returns a copy of root with the item at path (positions in items) replaced by v, or,
// when remove is set, the object property at path taken out.
func setAt(root plain, path []int, v plain, remove bool) plain {
	cp := root
	cp.items = append([]plain{}, root.items...)
	cp.keys = append([]string(nil), root.keys...)
	j := path[0]
	if len(path) > 1 {
		cp.items[j] = setAt(root.items[j], path[1:], v, remove)
		return cp
	}
	if remove {
		cp.items = append(cp.items[:j], cp.items[j+1:]...)
		cp.keys = append(cp.keys[:j], cp.keys[j+1:]...)
		return cp
	}
	cp.items[j] = v
	return cp
}

// nested appends to out the neighbours inside argument i (an object or array), as hook.cjs's
// nested makes them: its objects and arrays walked depth first in key order (at most
// maxNestedKeys keys or items of each), each nested property removed (the argument's own
// properties are the first kinds') and set to undefined, each leaf changed by leafKinds; at
// most maxNested for the argument.
func nested(rt *goja.Runtime, out [][]plain, args []plain, i int, codes []int, nums []int64) [][]plain {
	root := args[i]
	made := 0
	emit := func(v plain) {
		if made >= maxNested {
			return
		}
		made++
		a := append([]plain{}, args...)
		a[i] = v
		out = append(out, a)
	}
	var walk func(v plain, path []int)
	walk = func(v plain, path []int) {
		obj := v.kind == plainObject
		for j := 0; j < len(v.items) && j < maxNestedKeys && made < maxNested; j++ {
			child := v.items[j]
			at := append(append([]int{}, path...), j)
			if obj && len(path) > 0 {
				emit(setAt(root, at, plain{}, true))
			}
			if obj && !(child.kind == plainPrimitive && (child.prim == nil || goja.IsUndefined(child.prim))) {
				emit(setAt(root, at, plain{kind: plainPrimitive, prim: goja.Undefined()}, false))
			}
			if child.kind != plainPrimitive {
				walk(child, at)
				continue
			}
			for _, k := range leafKinds(rt, child.prim, codes, nums) {
				emit(setAt(root, at, plain{kind: plainPrimitive, prim: k}, false))
			}
		}
	}
	walk(root, nil)
	return out
}

// primitiveVariants are a number's 0, ±1 and negation; a string emptied, shortened at either
// end, its last character doubled, its first character's case changed, its first character
// doubled (what an anchor dropped from a regular expression lets through: "##fff") and its
// first character replaced by each of codes, the patch's code points (what a boundary among
// the patch's constants tells apart: U+007F against U+0080); a boolean flipped. Characters are
// code points here and in hook.cjs for the two new kinds, so both runners make the same strings.
func primitiveVariants(rt *goja.Runtime, v goja.Value, codes []int) []goja.Value {
	if v == nil {
		return nil
	}
	var out []goja.Value
	switch x := v.Export().(type) {
	case int64:
		for _, n := range []int64{0, x + 1, x - 1, -x} {
			if n != x {
				out = append(out, rt.ToValue(n))
			}
		}
	case float64:
		if math.IsNaN(x) {
			return nil
		}
		for _, n := range []float64{0, x + 1, x - 1, -x} {
			if n != x && !math.IsInf(n, 0) {
				out = append(out, rt.ToValue(n))
			}
		}
	case bool:
		out = append(out, rt.ToValue(!x))
	case string:
		if len(x) > maxString {
			return nil
		}
		cands := []string{""}
		if _, n := utf8.DecodeRuneInString(x); n > 0 {
			cands = append(cands, x[n:])
		}
		if _, n := utf8.DecodeLastRuneInString(x); n > 0 {
			cands = append(cands, x[:len(x)-n], x+x[len(x)-n:])
		}
		if r, n := utf8.DecodeRuneInString(x); n > 0 {
			g := unicode.ToUpper(r)
			if g == r {
				g = unicode.ToLower(r)
			}
			if g != r {
				cands = append(cands, string(g)+x[n:])
			}
			cands = append(cands, x[:n]+x)
			for _, c := range codes {
				cands = append(cands, string(rune(c))+x[n:])
			}
		}
		seen := map[string]bool{x: true}
		for _, c := range cands {
			if !seen[c] {
				seen[c] = true
				out = append(out, rt.ToValue(c))
			}
		}
	}
	return out
}
