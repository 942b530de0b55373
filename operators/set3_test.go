package operators

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators/lex"
)

func lexFile(src string) *lex.File { return lex.NewFile("t.ts", []byte(src)) }

// runOp3 is runOp for an operator of set 3: want is the exact mutated line, or noFire; a
// snippet's checked line is marked with a leading "@".
func runOp3(t *testing.T, name string, rows []opRow) {
	t.Helper()
	op, ok := LookupIn(3, name)
	if !ok {
		t.Fatalf("set 3 has no operator %q", name)
	}
	runWith(t, op, rows)
}

// runWith checks op on each row as runOp3 does.
func runWith(t *testing.T, op Operator, rows []opRow) {
	t.Helper()
	name := op.Name
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

// fire3 returns "name: mutated" for the first operator of set 3 that fires on the line of src
// marked "@" (or its only line), or "none".
func fire3(t *testing.T, src string) string {
	t.Helper()
	n := 1
	parts := strings.Split(src, "\n")
	for i, p := range parts {
		if strings.HasPrefix(p, "@") {
			parts[i], n = p[1:], i+1
		}
	}
	l := lineOf(t, strings.Join(parts, "\n"), n)
	table := table3()
	i, e := Fire(table, l)
	if i < 0 {
		return "none"
	}
	return table[i].Name + ": " + checkEdit(t, table[i].Name, l, e)
}

func TestSpreadOrder(t *testing.T) {
	runOp3(t, "spread-order", []opRow{
		{"const o = { ...opts, name, value }", "const o = { name, value, ...opts }"},
		{"const o = { name: n, ...opts }", "const o = { ...opts, name: n }"},
		{"return f({ ..._opts, name, value: v(1, 2), })", "return f({ name, value: v(1, 2), ..._opts, })"},
		{"x = cond ? { ...a, b } : c", "x = cond ? { b, ...a } : c"},
		{"const o = { ...a, get b() { return 1 } }", "const o = { get b() { return 1 }, ...a }"},
		{"const o = { ...a, b: f<T, U>(x) }", "const o = { b: f<T, U>(x), ...a }"},
		// must not fire
		{"const { a, ...rest } = o", noFire},
		{"({ a, ...rest }) => rest", noFire},
		{"function f({ a, ...rest }) {", noFire},
		{"const o = { ...a, ...b }", noFire},
		{"const o = { ...a, b, ...c }", noFire},
		{"const o = { a, ...b, c }", noFire},
		{"const o = { ...a }", noFire},
		{"const xs = [...a, b]", noFire},
		{"if (x) { ...a, b }", noFire},
		{"const o = {", noFire},
		{"// const o = { ...a, b }", noFire},
		{"s = '{ ...a, b }'", noFire},
	})
}

func TestInnerLiteral(t *testing.T) {
	runOp3(t, "inner-literal", []opRow{
		{"const s = `${a.join(',')}`", "const s = `${a.join(\"\")}`"},
		{"return `(${parts.join(', ')})`", "return `(${parts.join(\"\")})`"},
		{"const s = `${a.join('')}`", "const s = `${a.join(" + SentinelLiteral + ")}`"},
		{"out.push(key.split(':')[0])", "out.push(key.split(\"\")[0])"},
		{"f(g('x'), 'y')", "f(g(\"\"), 'y')"},
		{"const s = `a${`b${'c'}`}`", "const s = `a${`b${\"\"}`}`"},
		// must not fire: not nested, keys, messages, modules
		{"return parts.join(', ')", noFire},
		{"f('a', 'b')", noFire},
		{"const s = `${a}:${b}`", noFire},
		{"f(new Error(g('msg')))", noFire},
		{"console.log(f('x'))", noFire},
		{"const m = require(p('x'))", noFire},
		{"f(g({ 'key': v }))", noFire},
		{"// `${a.join(',')}`", noFire},
	})
	// on the nested template line set 3 picks the separator, set 2 the whole template
	if got := fire3(t, "const s = `${a.join(',')}`"); got != "inner-literal: const s = `${a.join(\"\")}`" {
		t.Errorf("set 3: %s", got)
	}
	if got := fire2(t, "const s = `${a.join(',')}`"); got != "empty-literal: const s = ``" {
		t.Errorf("set 2: %s", got)
	}
}

func TestRegexQuantifier(t *testing.T) {
	runOp3(t, "regex-quantifier", []opRow{
		{`const re = /-?\d/`, `const re = /-\d/`},
		{`const re = /\d+(\.\d+)?px/`, `const re = /\d*(\.\d+)?px/`}, // + at the leading edge
		{`const re = /a\d+b/`, `const re = /a\db/`},                  // enclosed: dropped
		{`const re = /a\d+/`, `const re = /a\d*/`},                   // trailing edge: + → *
		{`const re = /a(?:\d+)b/`, `const re = /a(?:\d)b/`},
		{`const re = /(x|\d+)y/`, `const re = /(x|\d*)y/`},
		{`const re = /a\s*,\s*b/`, `const re = /a\s+,\s*b/`},
		{`s.split(/[,;]?x/)`, `s.split(/[,;]x/)`},
		{`const re = /(ab)?c/`, `const re = /(ab)c/`},
		{`const re = /a+?b/`, `const re = /a*?b/`},
		{`const re = /\+?x/`, `const re = /\+x/`},
		// must not fire
		{`const re = /^a?b/`, noFire}, // anchored: regex-literal's
		{`const re = /a?b$/`, noFire},
		{`const re = /a??b/`, noFire},
		{`const re = /(?:ab)c/`, noFire},
		{`const re = /[+?*]x/`, noFire},
		{`const re = /a\+\?/`, noFire},
		{`const re = /a{2,3}/`, noFire},
		{`x = a / b + c / d`, noFire},
		{`// /a?b/`, noFire},
	})
}

func TestRegexLiteral3(t *testing.T) {
	runOp3(t, "regex-literal", []opRow{
		{`const re = /^\d+$/;`, `const re = /\d+$/;`},
		{`const re = /\d+$/g;`, `const re = /\d+/g;`},
		{`s.split(/[,;]/)`, `s.split(/[^,;]/)`},
		// the + drop moved to regex-quantifier
		{`if (/\d+px/.test(s)) {`, noFire},
	})
	// on one pattern: anchor, then quantifier, then class
	for src, want := range map[string]string{
		`ok = /^-?\d+$/.test(s)`: `regex-literal: ok = /-?\d+$/.test(s)`,
		`ok = /-?[0-9]/.test(s)`: `regex-quantifier: ok = /-[0-9]/.test(s)`,
		`ok = /[0-9]/.test(s)`:   `regex-literal: ok = /[^0-9]/.test(s)`,
	} {
		if got := fire3(t, src); got != want {
			t.Errorf("%s: got %s, want %s", src, got, want)
		}
	}
}

func TestTernaryFalse3(t *testing.T) {
	runOp3(t, "ternary-false", []opRow{
		{"const x = a ? b : c", "const x = false ? b : c"}, // version 1's one-line case
		{"@const label = count > 1\n  ? 'items'\n  : 'item'", "const label = false"},
		{"@const label = isPlural(n) ?\n  'items' :\n  'item'", "const label = false ?"},
		{"return (\n@  opts.strict\n    ? parse(s)\n    : loose(s)\n)", "  false"},
		{"@x = a && b\n  ? c : d", "x = false"},
		{"f(a,\n@  cond\n  ? b\n  : c)", "  false"},
		// must not fire
		{"const x = a\n@  ? b\n  : c", noFire}, // a branch line: its condition is on another line
		{"const x = a\n  ? b\n@  : c", noFire},
		{"@const x = a\n  ?.b", noFire},
		{"@type T = U extends V\n  ? X\n  : Y", noFire},
		{"@foo(x)\nbar()", noFire},
		{"@const x = a &&\n  b\n  ? c : d", noFire}, // the condition spans lines
		{"@const x = false\n  ? b : c", noFire},
	})
}

func TestForceCondition3(t *testing.T) {
	runOp3(t, "force-condition", []opRow{
		{"if (a) {", "if (false) {"}, // version 1's one-line case
		{"@if (a &&\n    !arg.match(negative)) {\n  f()\n}", "if (true ? false : a &&"},
		{"@  } else if (x.length > 0 ||\n    y) {\n}", "  } else if (true ? false : x.length > 0 ||"},
		{"@while (\n  queue.length\n) {\n}", "while (true ? false : "},
		{"@if (f(a,\n  b)) {\n}", "if (true ? false : f(a,"},
		// must not fire
		{"@if (a,\n  b) {\n}", noFire},
		{"@if (a &&\n  b", noFire}, // never closes
		{"@x.if (a,\n  b)", noFire},
	})
}

func TestSwapLogical3(t *testing.T) {
	runOp3(t, "swap-logical", []opRow{
		{"x = a && b", "x = a || b"},
		{"x = a || b", "x = a && b"},
		// ?? → || where the left side can be 0, "" or false
		{"n = s.length ?? 1", "n = s.length || 1"},
		{"n = parseInt(s, 10) ?? 1", "n = parseInt(s, 10) || 1"},
		{"function f(retries = 0) {\n@  return retries ?? 3\n}", "  return retries || 3"},
		{"const defaults = { timeout: 0 }\n@const t = opts.timeout ?? 100", "const t = opts.timeout || 100"},
		{"interface O { label?: string }\n@const l = o.label ?? 'x'", "const l = o.label || 'x'"},
		{"let on = false\n@x = on ?? true", "x = on || true"},
		// must not fire: nothing shows the left side can be falsy but not nullish
		{"const t = opts.timeout ?? 0", noFire},
		{"const u = user ?? anonymous", noFire},
		{"const v = f() ?? d", noFire},
		{"const w = a[i] ?? d", noFire},
		{"const timeout = null\n@const t = opts.timeout ?? 100", noFire},
		// a ?? skipped lets the next connective fire
		{"x = (a ?? b) && c", "x = (a ?? b) || c"},
	})
}

func TestReplacePropertyValue3(t *testing.T) {
	runOp3(t, "replace-property-value", []opRow{
		{"const o = {\n@  audio: 2,\n}\nplay(o.audio)", "  audio: undefined,"},
		{"const o = {\n@  'content-type': t,\n}\nh = o['content-type']", "  'content-type': undefined,"},
		{"const o = {\n@  name,\n}\nconst { name: n } = o", "  name: undefined,"},
		{"const o = {\n@  limit: 0,\n}\nfunction f({ limit }) {}", "  limit: " + SentinelLiteral + ","},
		{"const o = {\n@  ...defaults,\n}", "  ...undefined,"}, // a spread has no key: as version 1
		// must not fire: nothing in the patch reads the property
		{"const o = {\n@  audio: 2,\n}\nplay(o)", noFire},
		{"const o = {\n@  audio: opts.audio,\n}", noFire}, // its own line's .audio is another object's
		{"const o = {\n@  [k]: v,\n}\nuse(o.k)", noFire},
	})
}

// TestReplacePropertyValue3Patch: with MarkPatch, only the patch's lines count as reads.
func TestReplacePropertyValue3Patch(t *testing.T) {
	src := "const o = {\n  audio: 2,\n}\nplay(o.audio)\n"
	op, _ := LookupIn(3, "replace-property-value")
	for _, tc := range []struct {
		added []int
		fires bool
	}{{[]int{2, 4}, true}, {[]int{2}, false}, {nil, false}} {
		lines := Lines(lexFile(src), nil)
		MarkPatch(lines, tc.added)
		if _, ok := op.Fire(lines[1]); ok != tc.fires {
			t.Errorf("added %v: fires %v, want %v", tc.added, ok, tc.fires)
		}
	}
}
