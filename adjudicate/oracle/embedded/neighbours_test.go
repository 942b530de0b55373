package embedded

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/dop251/goja"
)

// TestPrimitiveVariantsStrings pins a string's neighbours in the order both runners make them
// (hook.cjs makes the same list; it slices the older kinds by UTF-16 unit, so for a character
// outside the BMP only the two new kinds agree): emptied, shortened at either end, last character doubled,
// first character's case changed, first character doubled, then the first character replaced
// by each of the patch's code points, by code point (a character outside the BMP is one), none
// twice and none equal to the string itself.
func TestPrimitiveVariantsStrings(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		codes []int
		want  []string
	}{
		{name: "no codes", in: "#fff", want: []string{"", "fff", "#ff", "#ffff", "##fff"}},
		{name: "codes", in: "abc", codes: []int{0x7F, 0x80, 0x61}, want: []string{"", "bc", "ab", "abcc", "Abc", "aabc", "\x7fbc", "\u0080bc"}},
		{name: "astral first", in: "😀x", codes: []int{0x10000}, want: []string{"", "x", "😀", "😀xx", "😀😀x", "\U00010000x"}},
		{name: "one character", in: "a", codes: []int{0x62}, want: []string{"", "aa", "A", "b"}},
		{name: "empty", in: "", codes: []int{0x62}, want: nil},
	}
	rt := goja.New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, v := range primitiveVariants(rt, rt.ToValue(tt.in), tt.codes) {
				got = append(got, v.String())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("primitiveVariants(%q, %v) = %q, want %q", tt.in, tt.codes, got, tt.want)
			}
		})
	}
}

// TestNestedVariants pins the neighbours of arguments holding plain fields, in the order both
// runners make them (hook.cjs's variants makes the same list): the first kinds argument by
// argument (an object's own properties removed), then the kinds for nested fields: a number
// argument's −0, ±1 and the patch's numbers; inside an object its properties set to undefined,
// a nested object's properties removed and set to undefined, and each leaf changed as a
// top-level one is (numbers with −0, ±1 and the patch's numbers too), each value once.
func TestNestedVariants(t *testing.T) {
	rt := goja.New()
	tr := newTracer(rt)
	lit := func(src string) plain {
		v, err := rt.RunString("(" + src + ")")
		if err != nil {
			t.Fatal(err)
		}
		p, how := tr.copyPlain(v, 0)
		if how != copiedPlain {
			t.Fatalf("%s: copied as %d, want plain", src, how)
		}
		return p
	}
	tests := []struct {
		name string
		args []string
		nums []int64
		want []string
	}{
		{name: "depth", args: []string{"{ extended: true, depth: -1 }"}, nums: []int64{-1, 0, 1},
			want: []string{
				`[{"depth":-1}]`, `[{"extended":true}]`, // first kinds: each property removed
				`[{"depth":-1}]`, // extended set to undefined (JSON leaves it out)
				`[{"extended":false,"depth":-1}]`,
				`[{"extended":true}]`, // depth set to undefined
				`[{"extended":true,"depth":0}]`, `[{"extended":true,"depth":-2}]`, `[{"extended":true,"depth":1}]`,
				`[{"extended":true,"depth":0}]`, // −0 (JSON spells it 0)
			}},
		{name: "number argument", args: []string{"2"}, nums: []int64{31, 32, 33},
			want: []string{`[0]`, `[3]`, `[1]`, `[-2]`, `[0]`, `[-1]`, `[31]`, `[32]`, `[33]`}},
		{name: "two levels", args: []string{"{ user: { name: 'bob' } }"},
			want: []string{
				`[{}]`, `[{}]`, // user removed; user set to undefined
				`[{"user":{}}]`, `[{"user":{}}]`, // name removed; name set to undefined
				`[{"user":{"name":""}}]`, `[{"user":{"name":"ob"}}]`, `[{"user":{"name":"bo"}}]`,
				`[{"user":{"name":"bobb"}}]`, `[{"user":{"name":"Bob"}}]`, `[{"user":{"name":"bbob"}}]`,
			}},
		{name: "array items", args: []string{"['a', 1]"},
			want: []string{`[[]]`, `[["a"]]`, `[["a",1,"a"]]`, `[["",1]]`, `[["aa",1]]`, `[["A",1]]`,
				`[["a",0]]`, `[["a",2]]`, `[["a",-1]]`, `[["a",0]]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var args []plain
			for _, a := range tt.args {
				args = append(args, lit(a))
			}
			var got []string
			for _, vs := range variants(rt, args, nil, tt.nums) {
				arr := make([]any, len(vs))
				for i, p := range vs {
					arr[i] = tr.value(p)
				}
				b, err := json.Marshal(rt.NewArray(arr...))
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, string(b))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("variants(%v) =\n%q\nwant\n%q", tt.args, got, tt.want)
			}
		})
	}
}

// TestCopyPlainHostile pins what the neighbour walk does with a value whose reading would run
// the tests' code: a getter (also on an array index or two objects down), a setter, a Proxy
// (whose traps throw here, so a read would show) are not read and count as hostile; an
// instance, a function or a hole is not plain; nothing throws.
func TestCopyPlainHostile(t *testing.T) {
	rt := goja.New()
	tr := newTracer(rt)
	trap := "{ get() { throw new Error('trap ran') }, ownKeys() { throw new Error('trap ran') }, getPrototypeOf() { throw new Error('trap ran') }, getOwnPropertyDescriptor() { throw new Error('trap ran') } }"
	tests := []struct {
		src  string
		want copied
	}{
		{"({ a: 1, b: { c: 'x' } })", copiedPlain},
		{"({ get a() { throw new Error('getter ran') } })", copiedHostile},
		{"({ set a(v) { throw new Error('setter ran') } })", copiedHostile},
		{"({ b: { get c() { throw new Error('getter ran') } } })", copiedHostile},
		{"(() => { const a = [1]; Object.defineProperty(a, 0, { get() { throw new Error('getter ran') } }); return a })()", copiedHostile},
		{"new Proxy({}, " + trap + ")", copiedHostile},
		{"({ p: new Proxy([], " + trap + ") })", copiedHostile},
		{"new (class A {})()", copiedNotPlain},
		{"(function f() {})", copiedNotPlain},
		{"[1, , 3]", copiedNotPlain},
	}
	for _, tt := range tests {
		v, err := rt.RunString(tt.src)
		if err != nil {
			t.Fatal(err)
		}
		if _, how := tr.copyPlain(v, 0); how != tt.want {
			t.Errorf("copyPlain(%s) = %d, want %d", tt.src, how, tt.want)
		}
	}
}
