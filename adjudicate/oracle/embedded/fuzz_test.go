package embedded

import (
	"testing"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// FuzzInstrument: whatever esbuild prints from a source, the instrumented program parses when the
// plain one does, and every probe id it writes is inside the probe array.
func FuzzInstrument(f *testing.F) {
	for _, seed := range []string{
		`if (a) b(); else if (c) d(); else { e() }`,
		`for (const x of xs) if (x) continue; else break;`,
		`class A { #p = 1; m() { return () => this.#p } static { x() } }`,
		"function f() {\n if (\n // c\n (/* @__PURE__ */ g()).h) return 1;\n}",
		`do x++; while (x < 3); lbl: for (;;) { break lbl }`,
		`const f = async (a) => (a, await a) * 2; switch (v) { case 1: f(); default: }`,
		"x = `a;${b}`; y = /;)/g; z = ')';",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			return // bond refuses non-UTF-8 sources before any runner sees them (and esbuild's
			// transform was seen to hang on a hashbang followed by invalid UTF-8)
		}
		tr := api.Transform(src, api.TransformOptions{Sourcemap: api.SourceMapExternal, Sourcefile: "f.js", Target: api.ESNext, Supported: loweredFeatures})
		if len(tr.Errors) > 0 || len(tr.Code) == 0 {
			return
		}
		if _, err := goja.Compile("f.js", string(tr.Code), false); err != nil {
			return // goja cannot parse what esbuild printed: nothing to compare
		}
		inst, err := instrument("f.js", string(tr.Code), tr.Map, false, false)
		if err != nil {
			t.Fatalf("instrument: %v\n%s", err, tr.Code)
		}
		if _, err := compileInstrumented("f.js", inst); err != nil {
			t.Fatalf("instrumented code does not parse: %v\nplain:\n%s\ninstrumented:\n%s", err, tr.Code, inst.code)
		}
	})
}
