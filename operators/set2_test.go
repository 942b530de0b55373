package operators

import (
	"strings"
	"testing"
)

// fire2 returns "name: mutated" for the first operator of set 2 that fires on the last line
// of src (earlier lines are context for the look-around), or "none".
func fire2(t *testing.T, src string) string {
	t.Helper()
	lines := strings.Split(src, "\n")
	l := lineOf(t, src, len(lines))
	table := table2()
	i, e := Fire(table, l)
	if i < 0 {
		return "none"
	}
	return table[i].Name + ": " + checkEdit(t, table[i].Name, l, e)
}

// runOp2 is runOp for an operator of set 2.
func runOp2(t *testing.T, name string, rows []opRow) {
	t.Helper()
	op, ok := LookupIn(2, name)
	if !ok {
		t.Fatalf("set 2 has no operator %q", name)
	}
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
		l := lineOf(t, src, n)
		got := noFire
		if e, ok := op.Fire(l); ok {
			got = checkEdit(t, name, l, e)
		}
		if got != r.want {
			t.Errorf("%s on %q:\n got  %q\n want %q", name, r.line, got, r.want)
		}
	}
}

func TestRegexLiteral(t *testing.T) {
	runOp2(t, "regex-literal", []opRow{
		{`const re = /^\d+$/;`, `const re = /\d+$/;`},
		{`const re = /\d+$/g;`, `const re = /\d+/g;`},
		{`if (/\d+px/.test(s)) {`, `if (/\dpx/.test(s)) {`},
		{`s.replace(/(-\w)?x/, "")`, `s.replace(/(-\w)x/, "")`},
		{`s.split(/[,;]/)`, `s.split(/[^,;]/)`},
		{`s.split(/[^,;]/)`, `s.split(/[,;]/)`},
		{`m = s.match(/a\+b(?:c)?/)`, `m = s.match(/a\+b(?:c)/)`},
		{`m = /[+]x\$/.exec(s)`, `m = /[^+]x\$/.exec(s)`},
		{`return /(a)+?b/`, `return /(a)?b/`},
		// must not fire
		{`const re = /^/;`, noFire},
		{"/00", noFire}, // unterminated at the end of the file (fuzz crasher)
		{`const re = /abc/;`, noFire},
		{`const re = /\^a\)?/;`, noFire},
		{`// /^\d+$/`, noFire},
		{`s = "/^\\d+$/"`, noFire},
		{`x = a / b / c`, noFire},
	})
}

func TestEmptyLiteral(t *testing.T) {
	runOp2(t, "empty-literal", []opRow{
		{"return parts.join(', ')", `return parts.join("")`},
		{"const url = proto + '://' + host;", `const url = proto + "" + host;`},
		{"const u = `${proto}://${host}`", "const u = ``"},
		{"const t = `plain`", "const t = ``"},
		{"const xs = [a, b]", "const xs = []"},
		{"f([1, 2], 'x')", "f([], 'x')"},
		{"tags: ['a', 'b'],", "tags: [],"},
		{"x = cond ? 'a' : 'b'", `x = cond ? "" : 'b'`},
		{"el.className = 'active'", `el.className = ""`},
		// must not fire
		{"const fs = require('fs')", noFire},
		{"import fs from 'node:fs'", noFire},
		{"export { a } from './a'", noFire},
		{"const m = await import('./m')", noFire},
		{"'content-type': type,", noFire},
		{"case 'utc':", `case "":`},
		{"'use strict'", noFire},
		{"throw new TypeError('bad input')", noFire},
		{"console.log('hello')", noFire},
		{"log.warn(`x ${y}`)", noFire},
		{"const q = sql`select 1`", noFire},
		{"const e = ''", noFire},
		{"const [a, b] = pair", noFire},

		{"x = a[i]", noFire},
		{"[a, b] = [b, a]", "[a, b] = []"}, // the pattern is skipped, the value emptied
		{"x = f()[0]", noFire},
		{"type T = 'a' | 'b'", noFire},
		{"  method: 'get' | 'post',", noFire},
		{"} from './types/options.js';", noFire},
		{"x: Omit<Options, 'hooks' | 'retry'>,", noFire},
		{"x = f<Array<[string, U]>>(y)", noFire},
		{"x = a | 'b'", noFire},
		{"const o = { [key]: v }", noFire},
		{"[util.inspect.custom] () {", noFire},
		{"x = xs.reduce((p, [k, v]) => {", noFire},
		{"const g = ([a, b]) => a", noFire},
		{"function f(a, [b, c]) {", noFire},
		{"if ([a, b].includes(x)) {", "if ([].includes(x)) {"},
		{"async [_init] () {", noFire},
		{"x = y as T & {[sym]?: Set<string>}", noFire},
		{"x = c ? [a] : [b]", "x = c ? [] : [b]"},
		{"// 'a, b'", noFire},
		{"const s = `\n@a, b\n`", noFire},
	})
}

func TestPlainOptionalChain(t *testing.T) {
	runOp2(t, "plain-optional-chain", []opRow{
		{"const sep = opts?.sep", "const sep = opts.sep"},
		{"cb?.(err)", "cb(err)"},
		{"x = a?.[i]", "x = a[i]"},
		{"x = a?.b?.c", "x = a.b?.c"},
		// must not fire
		{"x = a ? .5 : 1", noFire},
		{"x = a?.5:1", noFire},
		{"s = 'a?.b'", noFire},
		{"// a?.b", noFire},
	})
}

func TestSet2ReturnSentinel(t *testing.T) {
	runOp2(t, "return-sentinel", []opRow{
		{"return merged;", "return undefined;"},
		{"return this\n}", "return undefined"},
		{"return null\n}", `return "bond-sentinel"`},
		{"if (a) { return b }", "if (a) { return undefined }"},
		{"return a + b\nconst x = 1", "return undefined"},
		{"return x\n\n// done\n  other()", "return undefined"},
		{"return x", "return undefined"},
		{"case 1: return 'one'\ncase 2:", "case 1: return undefined"},
		// must not fire: the next line may continue the expression, or the line is open
		{"return x\n  .trim()", noFire},
		{"return x\n  (y)", noFire},
		{"return x\n  + y", noFire},
		{"return x\n  ? y : z", noFire},
		{"return a &&", noFire},
		{"return (", noFire},
		{"return a ? b\n  : c", noFire},
		{"return\n}", noFire},
		{"return x\n[1].map(f)", noFire},
		{"return `a\n@b`", noFire},
	})
}

func TestReplacePropertyValue(t *testing.T) {
	runOp2(t, "replace-property-value", []opRow{
		{"const o = {\n@  name: opts.name,\n}", "  name: undefined,"},
		{"const o = {\n@  retries: 0,\n}", `  retries: "bond-sentinel",`},
		{"const o = {\n  a: 1,\n@  last: f(x)\n}", "  last: undefined"},
		{"const o = {\n@  'content-type': type,\n}", "  'content-type': undefined,"},
		{"const o = {\n@  [key]: value,\n}", "  [key]: undefined,"},
		{"const o = {\n@  cb: (x) => x + 1,\n}", "  cb: undefined,"},
		{"module.exports = {\n@  Queue,\n  x,\n}", "  Queue: undefined,"},
		{"module.exports = {\n  a,\n@  last\n}", "  last: undefined"},
		{"f({\n@  ...defaults,\n  a: 1,\n})", "  ...undefined,"},
		{"return {\n@  pending,\n}", "  pending: undefined,"},
		{"x = [{\n@  id: 1,\n}]", "  id: undefined,"},
		// must not fire
		{"const {\n@  a,\n  b,\n} = o", noFire},
		{"const {\n@  a: b,\n} = o", noFire},
		{"({\n@  a,\n} = o)", noFire},
		{"function f({\n@  a,\n}) {\n}", noFire},
		{"const g = ({\n@  a,\n}) => a", noFire},
		{"import {\n@  a,\n} from 'a'", noFire},
		{"export {\n@  a,\n}", noFire},
		{"const xs = [\n@  a,\n  b,\n]", noFire},
		{"f(\n@  a,\n  b,\n)", noFire},
		{"class A {\n@  name: string\n}", noFire},
		{"interface I {\n@  name: string,\n}", noFire},
		{"const o = {\n@  name() {\n  },\n}", noFire},
		{"const o = {\n@  nested: {\n  },\n}", noFire},
		{"const o = {\n@  fn: function () {\n  },\n}", noFire},
		{"const o = {\n@  a: undefined,\n}", noFire},
		{"switch (x) {\n@  default: return 1\n}", noFire},
		{"x = a\n@  ? b\n  : c", noFire},
		{"interface I {\n@  a?: string\n}", noFire},
		{"const o = {\n@  a: b +\n  c,\n}", noFire},
		{"const o = {\n@  a: b\n  .c,\n}", noFire},
		{"f(x);\n@label: for (;;) {}", noFire},
		{"name: value,", noFire}, // no line before: unknown context
	})
}

func TestSet2DropChainedCall(t *testing.T) {
	runOp2(t, "drop-chained-call", []opRow{
		{"parents(this).reverse().forEach(cb)", "parents(this).forEach(cb)"},
		{"items.filter(isLive).map(f)", "items.map(f)"},
		{"const names = list.filter(Boolean)", "const names = list"},
		{"return s.trim()", "return s"},
		{"x = this.a.b(c, d)[0]", "x = this.a[0]"},
		{"promise\n@  .then(r => r.json())\n  .catch(f)", "  "},
		{"items\n@  .filter(isLive)", "  "},
		{"const t = this.name.toLowerCase();", "const t = this.name;"},
		{"fetch(u)\n@  .catch(() => ({}))", "  "},
		{"const x = await load(p).catch(() => null)", "const x = await load(p)"},
		// must not fire
		{"path.join(a, b)", noFire},
		{"Promise.resolve().then(f)", noFire},
		{"path.join(a, b).length", noFire},
		{"x = a.b.c(d).e", "x = a.b.e"},
		{"x = a?.filter(f).length", noFire},
		{"obj.run(x)", noFire},
		{"xs.filter(f", noFire},
		{"promise\n@  .then(r => r.json())", noFire},
		{"foo(\n@  .then(x)", noFire},
		{"s = 'a.filter(b).c'", noFire},
	})
}

func TestSkipMultilineStatement(t *testing.T) {
	runOp2(t, "skip-multiline-statement", []opRow{
		{"app.use(cors({\n  origin: '*',\n}))", "if (false) app.use(cors({"},
		{"x();\n@app.use(cors({\n  origin: '*',\n}))", "if (false) app.use(cors({"},
		{"promise\n  .then(f)\n  .catch(g)", "if (false) promise"},
		{"emit('change', {\n  a,\n});", "if (false) emit('change', {"},
		{"function f() {\n@  return compute(a,\n    b)\n}", "  if (false) return compute(a,"},
		{"function f() {\n@  this.handlers = [\n    a,\n  ]\n}", "  if (false) this.handlers = ["},
		{"switch (x) {\ncase 1:\n@  run(a,\n    b)\n}", "  if (false) run(a,"},
		{"if (x)\n@  run(a,\n    b)", "  if (false) run(a,"},
		{"await Promise.all([\n  a,\n])", "if (false) await Promise.all(["},
		{"const a = b\n@this.results = {\n  done: 0,\n}", "if (false) this.results = {"},
		{"x = y[0]\n@return {\n  a,\n}", "if (false) return {"},
		{"const source = pattern.replace(re, (a) => {\n  return a\n})", "const source = undefined && pattern.replace(re, (a) => {"},
		{"const cfg = {\n  a: 1,\n}", "const cfg = undefined && {"},
		{"let names = this.jobs\n  .map(f)\n  .filter(Boolean)", "let names = undefined && this.jobs"},
		// must not fire
		{"run(a, b)", noFire},
		{"const x = f(\n  a) || b", noFire},
		{"const x = f(a,\n  b) ? c : d", noFire},
		{"const f = (a) =>\n  a + 1", noFire},
		{"const f = async (a) => {\n}", noFire},
		{"const f = function (a) {\n}", noFire},
		{"let a = f(\n), b = 2", noFire},
		{"const { a } = f(\n  b)", noFire},
		{"const x = 1", noFire},
		{"a = b +\n@run(a,\n  b)", noFire},
		{"class A {\n@  foo(a: string,\n    b: number): void\n}", noFire},
		{"class A {\n@  method(a,\n    b) {\n  }\n}", noFire},
		{"class A {\n@  push (job, priority) {\n    x()\n  }\n}", noFire},
		{"}\n@  constructor (opts = {}) {\n    x()\n  }", noFire},
		{"<div>{\n@  items.map((x) => (\n    x))}\n</div>", noFire},
		{"x = f(a,\n@  g(b,\n  c))", noFire},
		{"const o = {\n@  name: f(\n  a),\n}", noFire},
		{"class A {\n@  cache = new Map([\n  ])\n}", noFire},
		{"export default {\n}", noFire},
		{"f({\n  a: 1,\n@  hooks,\n  b\n})", noFire},
		{"interface S {\n@  readonly '~standard': {\n  }\n}", noFire},
		{"type A = {\n}", noFire},
		{"run(a,\n  b", noFire},
	})
}

// TestSet2Shapes walks the statement shapes of reference/001 and the shapes issue 12 found
// unmutated or wrongly mutated under set 1, and checks which set-2 operator covers each.
func TestSet2DeleteStatement(t *testing.T) {
	runOp2(t, "delete-statement", []opRow{
		{"emit(name)", ""},
		{"x = 1\n@run()\nnext()", ""},
		{"x = 1\n@run();\n(a || b).c()", ""},
		{"if (a) {\n@  run()\n}", ""},
		{"x\n@run()\n++i", ""},
		{"x\n@run()\n!done && stop()", ""},
		{"switch (x) {\n  default:\n@    throw new Error(x + ' not recognized')\n}", ""},
		{"switch (x) {\n  case 1:\n@    run()\n}", ""},
		// must not fire: the lines around continue it, or it declares a private field
		{"const x =\n@  config.isDefault('location')", noFire},
		{"x = a ? b :\n@  run()", noFire},
		{"foo(a,\n@  bar())", noFire},
		{"return (\n@  bar()\n)", noFire},
		{"const node = tree\n  .find(x)", noFire},
		{"@run()\n  .then(f)", noFire},
		{"@run()\n  + 1", noFire},
		{"@run()\n  (x)", noFire},
		{"@run()\n`t`", noFire},
		{"class A {\n@  #npm = null\n}", noFire},
		{"class A {\n@  #seen = new Set() // deduped\n}", noFire},
	})
}

func TestSet2Shapes(t *testing.T) {
	for _, row := range []struct{ shape, src, want string }{
		{"ExpressionStatement, call", "emit(name)", "delete-statement: "},
		{"ExpressionStatement, assignment", "this.zone = zone", "replace-assigned-value: this.zone = undefined"},
		{"LexicalDeclaration with initializer", "const v8 = require('v8')", "replace-assigned-value: const v8 = undefined"},
		{"IfStatement head", "if (!this.isValid()) {", "force-condition: if (false) {"},
		{"IfStatement head with ===", "if (at === last) {", "invert-comparison: if (at !== last) {"},
		{"IfStatement head with >", "if (n > max) {", "boundary-comparison: if (n >= max) {"},
		{"IfStatement head with &&", "if (a && b.ready) {", "logical-operand: if (a && true) {"},
		{"one-line guard", "if (!value) break;", "guard-never-fires: if (false) break;"},
		{"one-line guard with ===", "if (x === y) return y;", "guard-never-fires: if (false) return y;"},
		{"ReturnStatement with a semicolon", "return merged;", "return-sentinel: return undefined;"},
		{"ReturnStatement without one", "@return this\n}", "return-sentinel: return undefined"},
		{"return of a filter", "return xs.filter(x => x.ok)", "force-condition: return xs.filter(x => true)"},
		{"join separator", "return parts.join(', ')", `empty-literal: return parts.join("")`},
		{"default value", "const n = opts.n || 0", "logical-operand: const n = opts.n || false"},
		{"nullish default", "const n = opts.n ?? 10", "swap-logical: const n = opts.n || 10"},
		{"optional call", "cb?.(err)", "plain-optional-chain: cb(err)"},
		{"ternary", "const s = n ? 'a' : 'b'", `ternary-false: const s = false ? 'a' : 'b'`},
		{"regex", "const re = /^v\\d+/", "regex-literal: const re = /v\\d+/"},
		{"Object property", "x = {\n@  zone: name,\n}", "replace-property-value:   zone: undefined,"},
		{"multi-line call", "x;\nrun(a,\n  b)", "none"},
		{"ForStatement head", "for (const one of all) {", "force-condition: for (const one of []) {"},
		{"FunctionDeclaration head", "function merge(one, other) {", "none"},
		{"Brace punctuation", "});", "none"},
	} {
		src := row.src
		// a row whose checked line is not the last marks it with '@'
		if strings.Contains(src, "@") {
			parts := strings.Split(src, "\n")
			n := 0
			for i, p := range parts {
				if strings.HasPrefix(p, "@") {
					parts[i], n = p[1:], i+1
				}
			}
			l := lineOf(t, strings.Join(parts, "\n"), n)
			table := table2()
			got := "none"
			if i, e := Fire(table, l); i >= 0 {
				got = table[i].Name + ": " + checkEdit(t, table[i].Name, l, e)
			}
			if got != row.want {
				t.Errorf("%s %q:\n got  %q\n want %q", row.shape, row.src, got, row.want)
			}
			continue
		}
		if got := fire2(t, src); got != row.want {
			t.Errorf("%s %q:\n got  %q\n want %q", row.shape, row.src, got, row.want)
		}
	}
}

// Set 2's swap-call-arguments skips order-insensitive methods (.substring), trying the next call
// on the line; set 1's is unchanged.
func TestSet2SwapCallArguments(t *testing.T) {
	runOp2(t, "swap-call-arguments", []opRow{
		{"x = f(a, b)", "x = f(b, a)"},
		{"x = Math.max(a, b)", noFire},
		{"x = str.substring(start, end)", noFire},
		{"x = str?.substring(start, end)", noFire},
		{"x = pad(str.substring(start, end), 4)", "x = pad(4, str.substring(start, end))"},
	})
	op, _ := LookupIn(1, "swap-call-arguments")
	if e, ok := op.Fire(lineOf(t, "x = str.substring(start, end)", 1)); !ok || e.Text == "" {
		t.Errorf("set 1's swap-call-arguments must still fire on .substring (set 1 is byte-identical)")
	}
}
