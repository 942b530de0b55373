package embedded

import (
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// TestInstrumentKeepsSemantics prints each snippet with esbuild (as a bundle would be printed),
// instruments it, and requires the instrumented program to compute what the plain one does.
// The rows hold the shapes that broke naive probe insertion in real libraries' bundles.
func TestInstrumentKeepsSemantics(t *testing.T) {
	tests := []struct{ name, src string }{
		{"if without braces", `let r = ''; for (const x of [1, 2, 3]) if (x % 2) r += x; else r += '-'; result = r;`},
		{"else if chain", `function f(n) { if (n < 0) return 'neg'; else if (n === 0) return 'zero'; else return 'pos'; } result = [f(-1), f(0), f(1)].join();`},
		{"pure comment in if test", `function f() { if ((/* @__PURE__ */ new Date(5)).getTime() > 1) return 'late'; return 'early'; } result = f();`},
		{"line comment in if test", "function f(a) {\n if (\n // why\n a > 1\n ) {\n return 'big';\n }\n return 'small';\n}\nresult = f(2) + f(0);"},
		{"private fields", `class A { #p = 2; get() { return this.#p } static has(o) { return #p in o } } const a = new A(); result = String(a.get()) + A.has(a); if (a) result += a.get() === 2 ? 'y' : 'n';`},
		{"private in arrow body", `class A { #p = 3; f() { return [1].map(() => this.#p) } } result = String(new A().f());`},
		{"do while single statement", `let i = 0; do i++; while (i < 5); result = String(i);`},
		{"labelled continue", `let r = 0; outer: for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) { if (j === 1) continue outer; r += 10 * i + j; } result = String(r);`},
		{"arrow bodies", `const a = (x) => (x, x + 1) * 2; const b = (x) => ({ v: x }); const c = (x) => x ? 'y' : 'n'; result = [a(1), b(2).v, c(0)].join();`},
		{"argless new as an arrow body", "const f = () => /* @__PURE__ */ new Map(); const g = (a) => a || new Set(); const h = () => a ? 1 : new WeakMap(); const a = 0; result = [f().size, g(0).size, h() instanceof WeakMap].join();"},
		{"sequence statement", `let a = 0, b = 0; (a++, b += 2); result = a + ':' + b;`},
		{"class static block", `class C { static v; static { C.v = 'static'; } } result = C.v;`},
		{"switch fallthrough", `function f(x) { let r = ''; switch (x) { case 1: r += 'a'; case 2: r += 'b'; break; default: r += 'd'; } return r; } result = f(1) + f(2) + f(3);`},
		{"switch default first and empty cases", `function f(x) { let r = ''; switch (x) { default: r += 'd'; case 1: case 2: r += '12'; break; case 3: {} case 4: r += '4'; } return r; } result = [f(0), f(1), f(2), f(3), f(4)].join();`},
		{"case test with a colon in it", `function f(x, y) { switch (x) { case y ? 'a:' : 'b': return 'hit'; default: return 'miss'; } } result = f('a:', true) + f('b', false) + f('c', true);`},
		{"bare jumps", `function f(xs) { let r = ''; for (const x of xs) { if (x === 0) { continue; } if (x < 0) { break; } r += x; } if (!r) { return; } return r; } result = String(f([1, 0, 2, -1, 3])) + String(f([]));`},
		{"try catch finally", `let r = ''; try { throw new Error('x'); } catch { r += 'c'; } finally { r += 'f'; } result = r;`},
		{"directive prologue", `function f() { 'use strict'; return this === undefined; } result = String(f());`},
		{"getters and generators", `const o = { get g() { return 1; }, *gen() { yield 2; yield 3; } }; result = o.g + [...o.gen()].join();`},
		{"async functions", `async function f() { await null; return 'done'; } f().then((v) => { result2 = v; }); result = 'sync';`},
		{"template and regexp with semicolons", "function f(x) { if (x) return `a;${x};b`; return /;/.test('x;') ? ';' : ''; } result = f(1) + f(0);"},
		{"while with empty body", `let i = 0; while (i++ < 3); result = String(i);`},
		{"for in without braces", `const o = { a: 1, b: 2 }; let r = ''; for (const k in o) r += k; result = r;`},
		{"nested functions and closures", `function mk(n) { return function (m) { return () => n + m; }; } result = String(mk(1)(2)());`},
		{"string with closing paren", `function f(x) { if (x) return g(")"); return 'no'; } function g(s) { return s; } result = f(1);`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "var result, result2;\n" + tt.src + "\nglobalThis.get = () => [result, result2];"
			tr := api.Transform(src, api.TransformOptions{
				Sourcemap: api.SourceMapExternal, Sourcefile: "snippet.js", Format: api.FormatIIFE, Target: api.ESNext, Supported: loweredFeatures,
			})
			if len(tr.Errors) > 0 {
				t.Fatalf("esbuild: %v", tr.Errors[0].Text)
			}
			printed := string(tr.Code)
			want := evalSnippet(t, printed, nil)
			inst, err := instrument("snippet.js", printed, tr.Map, false, false)
			if err != nil {
				t.Fatal(err)
			}
			prg, err := compileInstrumented("snippet.js", inst)
			if err != nil {
				t.Fatalf("%v\n%s", err, inst.code)
			}
			got := evalSnippet(t, "", &instrumentedRun{prg, inst.probes})
			if got != want {
				t.Errorf("instrumented %q, plain %q\n%s", got, want, inst.code)
			}
			if inst.probes == 0 || len(inst.lines) == 0 {
				t.Errorf("no probes or no executable lines")
			}
		})
	}
}

type instrumentedRun struct {
	prg    *goja.Program
	probes int
}

func evalSnippet(t *testing.T, src string, ir *instrumentedRun) string {
	t.Helper()
	rt := goja.New()
	if ir == nil {
		if _, err := rt.RunString(src); err != nil {
			t.Fatalf("plain: %v", err)
		}
	} else {
		v, err := rt.RunProgram(ir.prg)
		if err != nil {
			t.Fatalf("instrumented: %v", err)
		}
		fn, _ := goja.AssertFunction(v)
		arr, _ := rt.New(rt.Get("Uint8Array"), rt.ToValue(ir.probes))
		if _, err := fn(goja.Undefined(), arr); err != nil {
			t.Fatalf("instrumented: %v", err)
		}
	}
	v, err := rt.RunString("JSON.stringify(get())")
	if err != nil {
		t.Fatal(err)
	}
	return v.String()
}
