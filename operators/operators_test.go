package operators

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators/lex"
)

var update = flag.Bool("update", false, "rewrite golden files")

const noFire = "-"

// lineOf lexes src and returns its line n (1-based).
func lineOf(t *testing.T, src string, n int) Line {
	t.Helper()
	lines := Lines(lex.NewFile("t.ts", []byte(src)), nil)
	if n < 1 || n > len(lines) {
		t.Fatalf("%q has %d lines, no line %d", src, len(lines), n)
	}
	return lines[n-1]
}

// checkEdit fails when e breaks a property every mutant must have (SPEC §7).
func checkEdit(t *testing.T, name string, l Line, e Edit) string {
	t.Helper()
	if e.Start < 0 || e.Start > e.End || e.End > len(l.Text) {
		t.Errorf("%s on %q: edit [%d,%d) outside the line", name, l.Text, e.Start, e.End)
		return l.Text
	}
	got := e.Apply(l.Text)
	if got == l.Text {
		t.Errorf("%s on %q: the mutant equals the line", name, l.Text)
	}
	if strings.ContainsAny(got, "\n") {
		t.Errorf("%s on %q: the mutant %q holds a line break", name, l.Text, got)
	}
	return got
}

// fire returns "name: mutated" for the first operator of Table that fires on the line, as
// cargo-mutants' mutate_expr reduces source to mutant names, or "none".
func fire(t *testing.T, line string) string {
	t.Helper()
	return fireLine(t, lineOf(t, line, 1))
}

func fireLine(t *testing.T, l Line) string {
	t.Helper()
	table := Table()
	i, e := Fire(table, l)
	if i < 0 {
		return "none"
	}
	return table[i].Name + ": " + checkEdit(t, table[i].Name, l, e)
}

// fireOp returns the mutated line the named operator alone makes of line n of src, or noFire.
func fireOp(t *testing.T, name, src string, n int) string {
	t.Helper()
	op, ok := Lookup(name)
	if !ok {
		t.Fatalf("no operator %q", name)
	}
	l := lineOf(t, src, n)
	e, ok := op.Fire(l)
	if !ok {
		return noFire
	}
	return checkEdit(t, name, l, e)
}

type opRow struct{ line, want string }

// runOp checks each row: want is the exact mutated line, or noFire. A line holding "\n" is
// a snippet; the line checked is the one marked with a leading "@" (the marker is removed).
func runOp(t *testing.T, name string, rows []opRow) {
	t.Helper()
	for _, r := range rows {
		src, n := r.line, 1
		if strings.Contains(src, "\n") {
			parts := strings.Split(src, "\n")
			for i, p := range parts {
				if strings.HasPrefix(p, "@") {
					parts[i], n = p[1:], i+1
				}
			}
			src = strings.Join(parts, "\n")
		}
		if got := fireOp(t, name, src, n); got != r.want {
			t.Errorf("%s on %q:\n got  %q\n want %q", name, r.line, got, r.want)
		}
	}
}

func TestInvertComparison(t *testing.T) {
	runOp(t, "invert-comparison", []opRow{
		{"if (at === last) {", "if (at !== last) {"},
		{"if (a !== b) {", "if (a === b) {"},
		{"x = a == b;", "x = a != b;"},
		{"x = a != b;", "x = a == b;"},
		{"while (i <= n) {", "while (i > n) {"},
		{"ok = n >= 0;", "ok = n < 0;"},
		{"if (a < b) {", "if (a >= b) {"},
		{"if (a > b) {", "if (a <= b) {"},
		{"return x\t<\ty;", "return x\t>=\ty;"},
		{"a === b && c !== d", "a !== b && c !== d"},
		{"f(x => x.n > 1)", "f(x => x.n <= 1)"},
		{"s = `${a === b}`;", "s = `${a !== b}`;"}, // a substitution is code
		{"const m = new Map<string, number>(); if (m.size > 0) {", "const m = new Map<string, number>(); if (m.size <= 0) {"},
		// must not fire
		{`const s = "a === b";`, noFire},
		{"const s = 'a < b';", noFire},
		{"const s = `a === b`;", noFire},
		{"const re = /a === b/;", noFire},
		{"// a === b", noFire},
		{"/* a < b */ x()", noFire},
		{"const a: Array<number> = [];", noFire},
		{"let m: Map<string, Array<number>> = new Map();", noFire},
		{"return <div>{x}</div>;", noFire},
		{"const f = (x) => x;", noFire},
		{"if (a<b) {", noFire},
		{"x = a >> b;", noFire},
		{"x = a >>> b;", noFire},
		{"x = a << b;", noFire},
		{"x >>= 1;", noFire},
		{"  > extends Result<infer T>", noFire},
		{"x = a >", noFire},
		{"x = a > -1;", "x = a <= -1;"},
		{"a ??= b", noFire},
		{"const s = `x\n@ a === b\n`;", noFire}, // inside a template across lines
		{"/*\n@ a === b\n*/", noFire},           // inside a block comment across lines
	})
}

func TestNegateCondition(t *testing.T) {
	runOp(t, "negate-condition", []opRow{
		{"if (!this.isValid()) {", "if (!(!this.isValid())) {"},
		{"if (x) {", "if (!(x)) {"},
		{"while (queue.length) {", "while (!(queue.length)) {"},
		{"} else if (a && b) {", "} else if (!(a && b)) {"},
		{"} while (i--);", "} while (!(i--));"},
		{"if (a) return;", "if (!(a)) return;"},
		{"if (f(a, (b))) x();", "if (!(f(a, (b)))) x();"},
		{"if(x){", "if(!(x)){"},
		{"if ( x ) {", "if (!( x )) {"},
		{"return () => { if (a === `${b}`) c(); };", "return () => { if (!(a === `${b}`)) c(); };"},
		// must not fire
		{"obj.if(x)", noFire},
		{"x.while (y)", noFire},
		{"if (a &&", noFire},
		{"if (", noFire},
		{"if () {", noFire},
		{`s = "if (x) {";`, noFire},
		{"// if (x) {", noFire},
		{"s = `if (x) {`;", noFire},
		{"iff (x) {", noFire},
		{"for (;;) {", noFire},
	})
}

func TestSwapArithmeticOperands(t *testing.T) {
	runOp(t, "swap-arithmetic-operands", []opRow{
		{"x = a - b;", "x = b - a;"},
		{"return a / b;", "return b / a;"},
		{"const r = n % 2;", "const r = 2 % n;"},
		{"f(a.b - c.d)", "f(c.d - a.b)"},
		{"x = (a + b) - c;", "x = c - (a + b);"},
		{"x = f(y) - g(z, w);", "x = g(z, w) - f(y);"},
		{"x = a - b - c;", "x = b - a - c;"},
		{"x = a - b + c;", "x = b - a + c;"},
		{"x = a / b * c;", "x = b / a * c;"},
		{"x = a.b[i] - this.#n;", "x = this.#n - a.b[i];"},
		{"x = a?.b - c;", "x = c - a?.b;"},
		{"if (a - b < 0) {", "if (b - a < 0) {"},
		{"x = c && a - b;", "x = c && b - a;"},
		{"y = `${a - b}`;", "y = `${b - a}`;"},
		{"return 1 - this.ratio;", "return this.ratio - 1;"},
		{"x -= y;", "x = y - x;"},
		{"this.total /= n;", "this.total = n / this.total;"},
		{"a.b[0] %= m.k;", "a.b[0] = m.k % a.b[0];"},
		{"if (x) y -= 1;", "if (x) y = 1 - y;"},
		// must not fire
		{"x = -b;", noFire},
		{"x = a - -b;", noFire},
		{"x = a-b;", noFire},
		{"x = a -b;", noFire},
		{"x = a * b - c;", noFire},
		{"x = a - b * c;", noFire},
		{"x = z + a - b;", noFire},
		{"x = a / b ** c;", noFire},
		{"x = a ** b / c;", noFire},
		{"x = x - x;", noFire},
		{"x = f(a) - f(a);", noFire},
		{"x = typeof a - b;", noFire},
		{"x = await a - b;", noFire},
		{"x = !a - b;", noFire},
		{"x = a - b++;", noFire},
		{"x = new A() - b;", noFire},
		{"x = a - b.c(", noFire},
		{"x = a + b;", noFire}, // commutes: not this operator
		{"x = a * b;", noFire},
		{`s = "a - b";`, noFire},
		{"s = `a - b`;", noFire},
		{"re = /a - b/;", noFire},
		{"// a - b", noFire},
		{"x -= x;", noFire},
		{"a[i++] -= 1;", noFire},
		{"f().x -= 1;", noFire},
		{"x -= a + b;", noFire},
		{"x += y;", noFire},
	})
}

func TestReturnSentinel(t *testing.T) {
	runOp(t, "return-sentinel", []opRow{
		{"return merged;", "return undefined;"},
		{"  return a + b;", "  return undefined;"},
		{"return f(a, b); // done", "return undefined; // done"},
		{"if (!ok) return this.x;", "if (!ok) return undefined;"},
		{"case 1: return x;", "case 1: return undefined;"},
		{"get x() { return this.#x; }", "get x() { return undefined; }"},
		{"return { a: 1, b: [2] };", "return undefined;"},
		{"return `${a};`;", "return undefined;"},
		{"return null;", `return "bond-sentinel";`},
		{"return undefined;", `return "bond-sentinel";`},
		{"return void 0;", `return "bond-sentinel";`},
		{"return false;", `return "bond-sentinel";`},
		{"return 0;", `return "bond-sentinel";`},
		{"return 0.0;", `return "bond-sentinel";`},
		{"return 0x0;", `return "bond-sentinel";`},
		{"return 0n;", `return "bond-sentinel";`},
		{"return NaN;", `return "bond-sentinel";`},
		{"return '';", `return "bond-sentinel";`},
		{`return "";`, `return "bond-sentinel";`},
		{"return ``;", `return "bond-sentinel";`},
		{"return (null);", `return "bond-sentinel";`},
		{"return (null)(x);", "return undefined;"},
		{"return ((0));", `return "bond-sentinel";`},
		{"return true;", "return undefined;"},
		{"return 1;", "return undefined;"},
		{"return 'x';", "return undefined;"},
		{`return "bond-sentinel";`, "return undefined;"},
		// must not fire
		{"return;", noFire},
		{"return this", noFire},
		{"return a +", noFire},
		{"return (", noFire},
		{"return foo(a,", noFire},
		{"return `a", noFire},
		{"// return x;", noFire},
		{`s = "return x;";`, noFire},
		{"x.return(y);", noFire},
		{"s = `return x;`;", noFire},
		{"}); return x;", "}); return undefined;"},
	})
}

func TestReplaceAssignedValue(t *testing.T) {
	runOp(t, "replace-assigned-value", []opRow{
		{"const v8 = require('v8')", "const v8 = undefined"},
		{"  this.ctxStorage = null", `  this.ctxStorage = "bond-sentinel"`},
		{"this.zone = zone;", "this.zone = undefined;"},
		{"let a = 1, b = 2;", "let a = undefined, b = 2;"},
		{"let a = f(x, y),", "let a = undefined,"},
		{"x = y; z()", "x = undefined; z()"},
		{"const { a = 1 } = obj;", "const { a = 1 } = undefined;"},
		{"const [x = 0] = list;", "const [x = 0] = undefined;"},
		{"const f = (a = 1) => a;", "const f = undefined;"},
		{"export const x = 5;", "export const x = undefined;"},
		{"let n: number = 0;", `let n: number = "bond-sentinel";`},
		{"const a: Array<string> = [];", "const a: Array<string> = undefined;"},
		{"count = 0;", `count = "bond-sentinel";`},
		{"#cache = new Map();", "#cache = undefined;"},
		{"if (a) b = c;", "if (a) b = undefined;"},
		{"type = 'x';", "type = undefined;"}, // a variable named type
		{"a.b[c] = d ? e : f;", "a.b[c] = undefined;"},
		{"x = undefined;", `x = "bond-sentinel";`},
		{"x = '';", `x = "bond-sentinel";`},
		{"x = `a${b}c`;", "x = undefined;"},
		{"module.exports = { a, b };", "module.exports = undefined;"},
		// must not fire
		{"x == y", noFire},
		{"x === y;", noFire},
		{"x != y", noFire},
		{"x <= y", noFire},
		{"x += 1;", noFire},
		{"x ??= y;", noFire},
		{"x ||= y;", noFire},
		{"const f = a => b;", "const f = undefined;"},
		{"f(a => b)", noFire},
		{"type A = B;", noFire},
		{"export type A<T = string> = T[];", noFire},
		{"import fs = require('fs');", noFire},
		{"interface X { a: string }", noFire},
		{"declare const x = 1;", noFire},
		{"declare let x: number;", noFire},
		{"enum E { A = 1 }", noFire},
		{"const enum E { A = 1 }", noFire},
		{"function f(a = 1) {", noFire},
		{"function f<T = string>(a: T) {}", noFire},
		{"class A<T = X> {}", noFire},
		{"  <JsonType = T>(): Promise<JsonType>;", noFire},
		{"  json: <J = T>() => Promise<J>;", noFire},
		{"const isPlain = (value: unknown): value is Record<string, unknown> => {", noFire},
		{"const h = (x: Record<string, string>): Record<string, string> =>", noFire},
		{"const m: Map<string, number> = new Map(), n = 1;", "const m: Map<string, number> = undefined, n = 1;"},
		{"(a = 1) => a", noFire},
		{"function f(\n@  a = 1,\n) {}", noFire},
		{"enum E {\n@  A = 1,\n}", noFire},
		{"const x = {", noFire},
		{"const x = [", noFire},
		{"const x = foo(", noFire},
		{"const x = a +", noFire},
		{"const x = cond ?", noFire},
		{"const val = arg.length ? arg.join('=')", noFire},
		{"const val = a ? b : c", "const val = undefined"},
		{"let x: number = a ? b : c;", "let x: number = undefined;"},
		{"@const x = `a\nb`;", noFire},
		{"for (let i = 0; i < n; i++) {", noFire},
		{"}) = x;", noFire},
		{"x =", noFire},
		{"= x", noFire},
		{`s = "x = 1";`, `s = undefined;`},
		{`"x = 1";`, noFire},
		{"// x = 1", noFire},
		{"`x = ${y}`", noFire},
		{"re = /x = 1/;", "re = undefined;"},
		{"/x = 1/.test(s)", noFire},
		{"<a href=\"x\">link</a>", noFire},
		{"        state={state}", noFire},
		{"        onClick={() => setCount((prev) => ++prev)}", noFire},
		{"        data-testid=\"test-shallow\"", noFire},
		{"x={a: 1};", noFire},
		{"x = {a: 1};", "x = undefined;"},
		{"const x={a: 1};", "const x=undefined;"},
		{"x=y;", "x=undefined;"},
		{"> = Arr extends [unknown, ...infer Rest]", noFire},
	})
}

func TestSwapCallArguments(t *testing.T) {
	runOp(t, "swap-call-arguments", []opRow{
		{"assign(target, source)", "assign(source, target)"},
		{"fn(a, b);", "fn(b, a);"},
		{"obj.m(a.b, c[0]);", "obj.m(c[0], a.b);"},
		{"f(g(a, b), c)", "f(c, g(a, b))"},
		{"val.split(/\\s*,\\s*/, 2)", "val.split(2, /\\s*,\\s*/)"},
		{`f("a,b", c)`, `f(c, "a,b")`},
		{"f(`${a, b}`, c)", "f(c, `${a, b}`)"},
		{"f({ a, b }, [c, d])", "f([c, d], { a, b })"},
		{"f(a, b,)", "f(b, a,)"},
		{"new Foo(a, b)", "new Foo(b, a)"},
		{"super(a, b);", "super(b, a);"},
		{"x ? f(a, b) : c", "x ? f(b, a) : c"},
		{"Math.max(a, b) + f(c, d)", "Math.max(a, b) + f(d, c)"},
		{"f(a)(b, c)", "f(a)(c, b)"},
		{"a?.(b, c)", "a?.(c, b)"},
		{"f(...xs, y)", "f(y, ...xs)"},
		{"this.#emit(a, b)", "this.#emit(b, a)"},
		{"foo.Math.max(a, b)", "foo.Math.max(b, a)"},
		{"x = f(a, () => g(b, c));", "x = f(() => g(b, c), a);"},
		// must not fire
		{"function merge(one, other) {", noFire},
		{"function* gen(a, b) {", noFire},
		{"export function f(a, b) { return a; }", noFire},
		{"async (a, b) => a", noFire},
		{"const f = (a, b) => a - b;", noFire},
		{"foo(a, b) {", noFire},
		{"async foo(a, b) {", noFire},
		{"foo(a: string, b: number): void;", noFire},
		{"if (a, b) {", noFire},
		{"while (a, b) {", noFire},
		{"for (a, b;;) {", noFire},
		{"switch (a, b) {", noFire},
		{"} catch (a, b) {", noFire},
		{"Math.min(a, b)", noFire},
		{"Math.max(a, b)", noFire},
		{"Math.hypot(a, b)", noFire},
		{"Math.imul(a, b)", noFire},
		{"Object.is(a, b)", noFire},
		{"f(a, a)", noFire},
		{"f(a)", noFire},
		{"f()", noFire},
		{"f(a, b, c)", noFire},
		{"val.split(/\\s*,\\s*/)", noFire},
		{`f("a, b")`, noFire},
		{"f(`a, ${b}`)", noFire},
		{"f(a,", noFire},
		{"// f(a, b)", noFire},
		{`s = "f(a, b)";`, noFire},
		{"f(new Map<string, number>(), x)", "f(x, new Map<string, number>())"},
		{"f(a<b, c>d)", noFire},
		{"g<T>(a, b)", noFire},
	})
}

func TestDropChainedCall(t *testing.T) {
	runOp(t, "drop-chained-call", []opRow{
		{"parents(this).reverse().forEach(cb)", "parents(this).forEach(cb)"},
		{"n = s.trim().length;", "n = s.length;"},
		{"x = m.keys()[0];", "x = m[0];"},
		{"a.b()?.c", "a?.c"},
		{"  .reverse().map(f)", "  .map(f)"},
		{"this.#all().at(-1)", "this.at(-1)"},
		{"a.b( ).c", "a.c"},
		// must not fire
		{"s.trim()", noFire},
		{"s.trim();", noFire},
		{"a.b(c).d", noFire},
		{"a?.b().c", noFire},
		{"f().x", noFire},
		{`s = "a.b().c";`, noFire},
		{"s = `a.b().c`;", noFire},
		{"// a.b().c", noFire},
	})
}

func TestDeleteStatement(t *testing.T) {
	runOp(t, "delete-statement", []opRow{
		{"emit(name)", ""},
		{"  return this", ""},
		{"x++;", ""},
		{"at += 1", ""},
		{"import fs from 'node:fs'", ""},
		{"throw new RangeError(at)", ""},
		{"continue", ""},
		{"break;", ""},
		{"await f();", ""},
		{"new Foo();", ""},
		{"if (x) return;", ""},
		{"const a = {};", ""},
		{"f(() => { g(); });", ""},
		{"x = `a${b}c`; // note", ""},
		{"'use strict';", ""},
		{"'some text';", noFire},
		{"  'continued text'", noFire},
		{"typeof x;", noFire},
		{"delete o[k];", ""},
		{"!x && y();", ""},
		// must not fire
		{"\n", noFire},
		{"   ", noFire},
		{"// comment", noFire},
		{"/* c */", noFire},
		{"}", noFire},
		{"});", noFire},
		{"],", noFire},
		{"} else {", noFire},
		{"else x();", noFire},
		{"case 1:", noFire},
		{"case 1: x(); break;", noFire},
		{"default:", noFire},
		{"default: return;", noFire},
		{"try {", noFire},
		{"do {", noFire},
		{"do x(); while (y);", noFire},
		{"switch (x) {", noFire},
		{"catch (e) {}", noFire},
		{"finally {}", noFire},
		{"foo(", noFire},
		{"a +", noFire},
		{"x = a ||", noFire},
		{".then(f)", noFire},
		{"?.x()", noFire},
		{") {", noFire},
		{": b", noFire},
		{"+ b;", noFire},
		{"- b;", noFire},
		{"|| b", noFire},
		{"x =>", noFire},
		{"x,", noFire},
		{"zone: name,", noFire},
		{"const x = {", noFire},
		{"instanceof Foo", noFire},
		{"implements Bar {}", noFire},
		{"extends Base", noFire},
		{"f(a)) ; (", noFire},
		{"x(); /* start\n*/", noFire},
		{"/* a\n@*/ x();", noFire},
		{"s = `\n@${a}\n`;", noFire},
		{"<div>", noFire},
		{"type A = B | C;", noFire},
		{"export type A = B;", noFire},
		{"export type { A } from './a';", noFire},
		{"import type { A } from './a';", noFire},
		{"import type A from './a';", noFire},
		{"declare const x: number;", noFire},
		{"declare function f(): void;", noFire},
		{"interface X { a: string }", noFire},
		{"import { type A, b } from './a';", ""},
		{"type = 1;", ""},
		{"enum E { A, B }", ""},
		{"return edge.optional ? 'optionalDependencies'", noFire},
		{"info.browse(dir) : unknownHostedUrl(rurl)", noFire},
		{"warning: changes.length", noFire},
		{"'verbose': ['type', 'stack']", noFire},
		{"remediation", noFire},
		{"node.overridden", noFire},
		{"#timing", noFire},
		{"node[_missing]", noFire},
		{"`to approve ${subject}.`", noFire},
		{"x?.y", noFire},
		{"'use strict';", ""},
		{"'some text';", noFire},
		{"  'continued text'", noFire},
		{"node.overridden;", noFire},
		{"ancestorCmd;", noFire},
		{"a.description || b[c.name()] || '';", ""},
		{"a || b;", noFire},
		{"part.indexOf ? part : part.s.concat(part.f)", noFire},
		{"a ? b() : c();", noFire},
		{"requestMethods.includes(input as M) ? input.toUpperCase() : input;", noFire},
		{"(option.long && this._findOption(option.long));", ""},
		{"(option.long && this._findOption(option.long))", noFire},
		{"\"use strict\"", ""},
		{"x = a ? b : c", ""},
	})
}

// TestStatementShapes walks the left column of the statement-shape table of
// reference/001 and checks which operator covers each shape (the first that fires).
func TestStatementShapes(t *testing.T) {
	for _, row := range []struct{ shape, line, want string }{
		{"ExpressionStatement, call", "emit(name)", "delete-statement: "},
		{"ExpressionStatement, assignment", "this.zone = zone", "replace-assigned-value: this.zone = undefined"},
		{"ExpressionStatement, compound assignment (+)", "total += one", "delete-statement: "},
		{"ExpressionStatement, compound assignment (-)", "total -= one", "swap-arithmetic-operands: total = one - total"},
		{"ExpressionStatement, update", "at += 1", "delete-statement: "},
		{"LexicalDeclaration with initializer", "const v8 = require('v8')", "replace-assigned-value: const v8 = undefined"},
		{"IfStatement head", "if (!this.isValid()) {", "negate-condition: if (!(!this.isValid())) {"},
		{"IfStatement head with a comparison", "if (at === last) {", "invert-comparison: if (at !== last) {"},
		{"IterationStatement head, while", "while (queue.length) {", "negate-condition: while (!(queue.length)) {"},
		{"IterationStatement head, for", "for (const one of all) {", "none"},
		{"ReturnStatement with a semicolon", "return merged;", "return-sentinel: return undefined;"},
		{"ReturnStatement without one", "return this", "delete-statement: "},
		{"ThrowStatement", "throw new RangeError(at)", "delete-statement: "},
		{"BreakStatement, ContinueStatement", "continue", "delete-statement: "},
		{"ImportDeclaration", "import fs from 'node:fs'", "delete-statement: "},
		{"Call in a chain", "parents(this).reverse().forEach(cb)", "drop-chained-call: parents(this).forEach(cb)"},
		{"Call with two arguments", "assign(target, source)", "swap-call-arguments: assign(source, target)"},
		{"FunctionDeclaration head", "function merge(one, other) {", "none"},
		{"ClassDeclaration head", "class Zone extends Base {", "none"},
		{"SwitchCase label", "case 'utc':", "none"},
		{"Object property", "zone: name,", "none"},
		{"Brace punctuation", "},", "none"},
		{"Brace punctuation", "});", "none"},
		{"Bracket punctuation", "],", "none"},
	} {
		if got := fire(t, row.line); got != row.want {
			t.Errorf("%s %q:\n got  %q\n want %q", row.shape, row.line, got, row.want)
		}
	}
}

// TestNothingFiresInsideLiterals: on lines that are all string, template, regex or comment,
// no operator of the table fires.
func TestNothingFiresInsideLiterals(t *testing.T) {
	for _, src := range []string{
		"// if (a === b) { return x; } f(a, b) x = a - b",
		"/* if (a === b) { return x; } f(a, b) x = a - b */",
		`"if (a === b) { return x; } f(a, b) x = a - b"`,
		"'x = a - b; s.trim().length'",
		"`if (a === b) { return x; } f(a, b) x = a - b`",
		"/if (a === b) { return x; } f(a, b) x = a - b/",
		"/**\n@ * if (a === b) { return x; } f(a, b) x = a - b\n */",
		"x = `\n@if (a === b) { return x; } f(a, b) x = a - b\n`",
	} {
		lines := strings.Split(src, "\n")
		n := 1
		for i, p := range lines {
			if strings.HasPrefix(p, "@") {
				lines[i], n = p[1:], i+1
			}
		}
		l := lineOf(t, strings.Join(lines, "\n"), n)
		for _, op := range Table() {
			if e, ok := op.Fire(l); ok {
				t.Errorf("%s fires on %q: %q", op.Name, l.Text, e.Apply(l.Text))
			}
		}
	}
}

func TestTable(t *testing.T) {
	want := []string{"invert-comparison", "negate-condition", "swap-arithmetic-operands",
		"return-sentinel", "replace-assigned-value", "swap-call-arguments", "drop-chained-call",
		"delete-statement"}
	table := Table()
	if len(table) != len(want) {
		t.Fatalf("%d operators, want %d", len(table), len(want))
	}
	for i, op := range table {
		if op.Name != want[i] {
			t.Errorf("rank %d: %s, want %s", i+1, op.Name, want[i])
		}
		if op.Version == "" || op.Description == "" || op.Residual == "" || op.Fire == nil {
			t.Errorf("%s: incomplete record %+v", op.Name, op)
		}
		if got, ok := Lookup(op.Name); !ok || got.Name != op.Name {
			t.Errorf("Lookup(%q) failed", op.Name)
		}
	}
	if _, ok := Lookup("no-such-operator"); ok {
		t.Error("Lookup of an unknown name succeeded")
	}
	table[0].Name = "changed"
	if Table()[0].Name != "invert-comparison" {
		t.Error("Table shares state between calls")
	}
}

// TestDigest pins the operator digest. If it fails, an operator's name, version or rank, or
// the digest's recipe, changed: when an operator's behaviour changed, bump its Version (so
// rows made before and after cannot be mixed), then regenerate with -update.
func TestDigest(t *testing.T) {
	got := Digest(Table(), Budget{Total: 6, PerOperator: 2}) + "\n"
	path := filepath.Join("testdata", "digest.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./operators -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("operator digest changed:\n got  %s want %s"+
			"An operator's name, version or rank changed. If an operator's behaviour changed, "+
			"bump its Version, then run go test ./operators -update; a behaviour change "+
			"without a version bump makes rows from different operators look comparable.", got, want)
	}
	if Digest(Table(), Budget{Total: 6, PerOperator: 3}) == Digest(Table(), Budget{Total: 6, PerOperator: 2}) {
		t.Error("the digest ignores the budget")
	}
	bumped := Table()
	bumped[7].Version = "2"
	if Digest(bumped, Budget{6, 2}) == Digest(Table(), Budget{6, 2}) {
		t.Error("the digest ignores versions")
	}
	swapped := Table()
	swapped[0], swapped[1] = swapped[1], swapped[0]
	if Digest(swapped, Budget{6, 2}) == Digest(Table(), Budget{6, 2}) {
		t.Error("the digest ignores the order")
	}
}

func TestEditApply(t *testing.T) {
	for _, r := range []struct {
		e    Edit
		want string
	}{
		{Edit{0, 0, "x"}, "xabc"},
		{Edit{1, 2, "XY"}, "aXYc"},
		{Edit{0, 3, ""}, ""},
		{Edit{3, 3, "!"}, "abc!"},
		{Edit{-5, 99, "z"}, "z"},
		{Edit{2, 1, "q"}, "abqc"},
	} {
		if got := r.e.Apply("abc"); got != r.want {
			t.Errorf("%+v.Apply(abc) = %q, want %q", r.e, got, r.want)
		}
	}
}
