package embedded

import (
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/bond-tool/bond/adjudicate/suggest"
)

// TestSuggestLiteralRoundTrip checks the suggested test's decoder (adjudicate/suggest) against
// this package's serializer: a value flattened, decoded into a literal, evaluated and flattened
// again reads exactly as it did, and a value a literal cannot rebuild is refused, never rebuilt
// approximately.
func TestSuggestLiteralRoundTrip(t *testing.T) {
	tests := []struct {
		name, src string
		refused   string // a fragment of the refusal, when the value must be refused
	}{
		{name: "numbers", src: `[0, -0, 1.5, -2, NaN, Infinity, -Infinity, 1e21, 5e-324, 2**53 + 2]`},
		{name: "strings", src: `['', 'a\'b', "q\"", '\\', 'line\nbreak\t\u0001', '\u00e9\u4e2d', '\ud83d\ude00', '\u2028']`},
		{name: "scalars", src: `[true, false, null, undefined, 12n, -3n]`},
		{name: "nested", src: `({ total: 6, mean: 2, tags: ['a', { deep: [[], {}] }], 'odd key': 1, 2: 'two' })`},
		{name: "proto key", src: `JSON.parse('{"__proto__": 1}')`},
		{name: "date", src: `new Date(86400000)`},
		{name: "function", src: `[1, function pred() {}]`, refused: "a function pred"},
		{name: "class instance", src: `(class Bag { constructor() { this.n = 2; } }, new (class Bag { constructor() { this.n = 2; } })())`, refused: "an instance of Bag"},
		{name: "map", src: `new Map([[1, 2]])`, refused: "a Map"},
		{name: "cycle", src: `(() => { const o = {}; o.self = o; return o; })()`, refused: "shared or cyclic"},
		{name: "shared", src: `(() => { const o = {}; return [o, o]; })()`, refused: "shared or cyclic"},
		{name: "long string", src: `'x'.repeat(500)`, refused: "longer than the trace records"},
		{name: "wide array", src: `Array.from({ length: 150 }, (_, i) => i)`, refused: "past the trace's caps"},
		{name: "deep", src: `[[[[[[[[[[1]]]]]]]]]]`, refused: "past the trace's caps"},
		{name: "null prototype", src: `Object.create(null)`, refused: "null prototype"},
		{name: "dotted key", src: `({ 'a.b': 1 })`, refused: "no recorded parent"},
		{name: "array with a property", src: `Object.assign([1], { extra: 2 })`, refused: "named properties"},
		{name: "error", src: `new TypeError('x')`, refused: "an Error"},
		{name: "lone surrogate", src: `'\ud800'`, refused: "U+FFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := goja.New()
			tr := newTracer(rt)
			v, err := rt.RunString(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			lines := tr.flatten("return", v)
			lit, err := suggest.Literal(lines, "return")
			if tt.refused != "" {
				if err == nil || !strings.Contains(err.Error(), tt.refused) {
					t.Fatalf("Literal(%q) = %q, %v; want a refusal saying %q", lines, lit, err, tt.refused)
				}
				return
			}
			if err != nil {
				t.Fatalf("Literal(%q): %v", lines, err)
			}
			rt2 := goja.New()
			tr2 := newTracer(rt2)
			v2, err := rt2.RunString("(" + lit + ")")
			if err != nil {
				t.Fatalf("the literal %s does not evaluate: %v", lit, err)
			}
			again := tr2.flatten("return", v2)
			if strings.Join(again, "\n") != strings.Join(lines, "\n") {
				t.Errorf("round trip through %s:\n got %q\nwant %q", lit, again, lines)
			}
		})
	}
}
