package operators

import "testing"

// Tests of set 2's operators on conditions and logical connectives (fires / must not fire,
// exact mutated text); the helpers and the other operators' tests are in set2_test.go.

func TestSet2InvertComparison(t *testing.T) {
	runOp2(t, "invert-comparison", []opRow{
		{"if (at === last) {", "if (at !== last) {"},
		{"x = a != b;", "x = a == b;"},
		{"ok = a === b && c > d", "ok = a !== b && c > d"},
		{"ok = c > d && a == b", "ok = c > d && a != b"},
		// must not fire: relational comparisons (boundary-comparison's), guards, literals
		{"if (a < b) {", noFire},
		{"while (i <= n) {", noFire},
		{"if (x === undefined) return;", noFire},
		{"if (a !== b) { return a }", noFire},
		{`const s = "a === b";`, noFire},
		{"// a === b", noFire},
	})
}

func TestGuardNeverFires(t *testing.T) {
	runOp2(t, "guard-never-fires", []opRow{
		{"if (!value) break;", "if (false) break;"},
		{"  if (x) return y;", "  if (false) return y;"},
		{"if (x === undefined) return", "if (false) return"},
		{"if (done) continue", "if (false) continue"},
		{"if (!ok) throw new Error('bad')", "if (false) throw new Error('bad')"},
		{"if (a) { return b }", "if (false) { return b }"},
		{"} else if (a > b) return a;", "} else if (false) return a;"},
		{"else if (n) count++", "else if (false) count++"},
		{"if (f(a, (b))) x = 1;", "if (false) x = 1;"},
		// must not fire
		{"if (x) {", noFire},
		{"if (x)", noFire},
		{"if (false) return;", noFire},
		{"if () return;", noFire},
		{"x = 1; if (a) return;", noFire},
		{"if (a) return b +", noFire},
		{"if (a) return f(", noFire},
		{"if (a) b(); else c()", "if (false) b(); else c()"},
		{"if (a &&", noFire},
		{"// if (x) return y;", noFire},
		{"s = 'if (x) return y;'", noFire},
	})
}

func TestBoundaryComparison(t *testing.T) {
	runOp2(t, "boundary-comparison", []opRow{
		{"if (n > max) {", "if (n >= max) {"},
		{"if (n >= max) {", "if (n > max) {"},
		{"for (let i = 0; i < n; i++) {", "for (let i = 0; i <= n; i++) {"},
		{"while (i <= n) {", "while (i < n) {"},
		{"ok = a === b && c > d", "ok = a === b && c >= d"},
		{"const f = x => x.n > 1", "const f = x => x.n >= 1"},
		// must not fire
		{"const a: Array<number> = [];", noFire},
		{"return <div>{x}</div>;", noFire},
		{"if (a<b) {", noFire},
		{"x = a >> b;", noFire},
		{"if (a === b) {", noFire},
		{"const s = 'a < b';", noFire},
		{"x = a >", noFire},
	})
}

func TestLogicalOperand(t *testing.T) {
	runOp2(t, "logical-operand", []opRow{
		{"if (a && b.ready) {", "if (a && true) {"},
		{"total += p.length || 0", "total += p.length || false"},
		{"const ok = a && b || c;", "const ok = a && true || c;"},
		{"const v = x || y && z;", "const v = x || false;"},
		{"f(a && g(b, c), d)", "f(a && true, d)"},
		{"xs.filter(x => x.ok && x.n > 1)", "xs.filter(x => x.ok && true)"},
		{"return a || b ? c : d", "return a || false ? c : d"},
		{"if (a\n@  || b.ready) {", "  || false) {"},
		{"if (a\n@  && b.ready\n) {", "  && true"},
		{"x = a && true || b", "x = a && true || false"},
		// must not fire
		{"x = a ?? b", noFire},
		{"x = a &&", noFire},
		{"x = a && b\n  .c()", noFire},
		{"@x = a && b\n  .c()", noFire},
		{"x = a && true", noFire},
		{"x = a || false;", noFire},
		{"x &&= y", noFire},
		{"s = 'a && b'", noFire},
		{"// a && b", noFire},
	})
}

func TestForceCondition(t *testing.T) {
	runOp2(t, "force-condition", []opRow{
		{"if (!this.isValid()) {", "if (false) {"},
		{"} else if (a && b) {", "} else if (false) {"},
		{"while (queue.length) {", "while (false) {"},
		{"} while (next(it));", "} while (false);"},
		{"const live = items.filter(x => x.live)", "const live = items.filter(x => true)"},
		{"xs.some((x) => x.id === id)", "xs.some((x) => true)"},
		{"xs.find(({ id }) => id === want, ctx)", "xs.find(({ id }) => true, ctx)"},
		{"for (const route of this.#routes) {", "for (const route of []) {"},
		{"for await (const x of stream()) {", "for await (const x of []) {"},
		{"for (const k in obj) {", "for (const k in {}) {"},
		{"for (let i = 0; i < n; i++) {", "for (let i = 0; false; i++) {"},
		{"for (const [k, v] of Object.entries(o)) total += v", "for (const [k, v] of []) total += v"},
		// must not fire
		{"if (false) {", noFire},
		{"if (", noFire},
		{"if (a &&", noFire},
		{"xs.filter(Boolean)", noFire},
		{"for (;;) {", noFire},
		{"for (const x of []) {", noFire},
		{"for (const x of", noFire},
		{"xs.filter(x => {", noFire},
		{"xs.filter(x => true)", noFire},
		{"xs.map(x => x.live)", noFire},
		{"obj.if(x)", noFire},
		{"s = 'if (x) {'", noFire},
	})
}

func TestTernaryFalse(t *testing.T) {
	runOp2(t, "ternary-false", []opRow{
		{"const label = count > 1 ? 'many' : 'one'", "const label = false ? 'many' : 'one'"},
		{"return a || b ? c : d;", "return false ? c : d;"},
		{"f(x, ok ? 1 : 2)", "f(x, false ? 1 : 2)"},
		{"const g = (v) => v.n ? v.n : 0", "const g = (v) => false ? v.n : 0"},
		{"x = a ? b\n  : c", "x = false ? b"},
		{"const x =\n@  ready ? a : b", "  false ? a : b"},
		{"s = `${on ? 'y' : 'n'}`", "s = `${false ? 'y' : 'n'}`"},
		// must not fire
		{"x = false ? a : b", noFire},
		{"type A<T> = T extends string ? 1 : 2", noFire},
		{"  T extends U ? X : Y", noFire},
		{"function f(a?: string) {", noFire},
		{"x = a?.b", noFire},
		{"x = a\n@  && b ? c : d", noFire},
		{"const s = 'a ? b : c'", noFire},
	})
}

func TestSwapLogical(t *testing.T) {
	runOp2(t, "swap-logical", []opRow{
		{"x = a && b", "x = a || b"},
		{"x = a || b", "x = a && b"},
		{"const port = opts.port ?? 3000", "const port = opts.port || 3000"},
		{"x = a ?? b ?? c", noFire},
		{"x = a ?? (b && c)", "x = a || (b && c)"},
		{"x = a ?? b.c(d && e)", "x = a || b.c(d && e)"},
		{"x = (a ?? b) || c", "x = (a || b) || c"},
		// must not fire
		{"x &&= y", noFire},
		{"x ??= y", noFire},
		{"x = a | b", noFire},
		{"s = 'a ?? b'", noFire},
	})
}
