package operators

import "testing"

// runOp4 is runOp3 for an operator of set 4.
func runOp4(t *testing.T, name string, rows []opRow) {
	t.Helper()
	op, ok := LookupIn(4, name)
	if !ok {
		t.Fatalf("set 4 has no operator %q", name)
	}
	runWith(t, op, rows)
}

// Set 4's swap-logical (version 3) does not swap a connective whose chain holds a guard: each
// guard shape the rule names, on one line and spread over lines (the out-of-sample finding was
// markdown-it's bounds guard on a three-line head), is left alone; operands that test different
// names, or a path the later operand does not dereference, are still swapped; a connective
// outside the guarded chain still fires.
func TestSwapLogicalGuard(t *testing.T) {
	runOp4(t, "swap-logical", []opRow{
		// guards: not swapped
		{"if (i < a.length && a[i] === x) {", noFire},
		{"if (x && x.y) {", noFire},
		{"if (typeof f === 'function' && f()) {", noFire},
		{"if (obj != null && obj.k) {", noFire},
		{"if (Array.isArray(v) && v.length > 0) {", noFire},
		{"return s && s.includes(t)", noFire},
		{"if (!x || x.y === 1) {", noFire},
		{"if ('k' in obj && obj.k) {", noFire},
		{"if (e instanceof Error && e.code === 'X') {", noFire},
		{"if (a.length > 0 && a[0] === '-') {", noFire},
		{"const ok = n?.child && n.child.ok", noFire},
		{"if (isObj(o) && o.k) {", noFire},
		{"cb && cb(err)", noFire},
		// the out-of-sample head: the first && is not the guard, but its chain holds one
		{"for (;;) {\n@  if (tokens[curr].type === 'text' &&\n      curr + 1 < max &&\n      tokens[curr + 1].type === 'text') {\n  }\n}", noFire},
		{"for (;;) {\n  if (tokens[curr].type === 'text' &&\n@      curr + 1 < max &&\n      tokens[curr + 1].type === 'text') {\n  }\n}", noFire},
		// a guard on the line before, joined by its trailing &&
		{"if (x &&\n@    x.y > 0 && z) {\n}", noFire},
		// not guards: swapped
		{"if (a > 0 && b > 0) {", "if (a > 0 || b > 0) {"},
		{"if (isX(a) || isY(b)) {", "if (isX(a) && isY(b)) {"},
		{"if (x.a > 0 && x.b > 0) {", "if (x.a > 0 || x.b > 0) {"},
		{"if (a[i] === 1 && b[i] === 2) {", "if (a[i] === 1 || b[i] === 2) {"},
		{"if (count > 0 && log(count)) {", "if (count > 0 || log(count)) {"},
		{"if (x && x?.y) {", "if (x || x?.y) {"},
		{"if (opts.debug && console.log(x)) {", "if (opts.debug || console.log(x)) {"},
		{"if (a &&\n@    b > 0 && c) {\n}", "    b > 0 || c) {"},
		// a statement on the line before is not joined to the chain
		{"x.y()\n@a && b()", "a || b()"},
		// the guard's chain is skipped; a connective outside it fires
		{"f(x && x.y, a || b)", "f(x && x.y, a && b)"},
		// version 2's ?? rule is kept
		{"n = s.length ?? 1", "n = s.length || 1"},
		{"const u = user ?? anonymous", noFire},
	})
	// Set 3's swap-logical (version 2) is unchanged: it still swaps a guard.
	runOp3(t, "swap-logical", []opRow{
		{"if (x && x.y) {", "if (x || x.y) {"},
		{"for (;;) {\n@  if (tokens[curr].type === 'text' &&\n      curr + 1 < max &&\n      tokens[curr + 1].type === 'text') {\n  }\n}", "  if (tokens[curr].type === 'text' ||"},
	})
}

// Set 4 is set 3 with swap-logical at version 3 and nothing else changed: same names, same
// order, same versions but swap-logical's.
func TestSet4Table(t *testing.T) {
	three, four := table3(), table4()
	if len(three) != len(four) {
		t.Fatalf("set 4 has %d operators, set 3 %d", len(four), len(three))
	}
	for i := range three {
		a, b := three[i], four[i]
		want := a.Version
		if a.Name == "swap-logical" {
			want = "3"
		}
		if a.Name != b.Name || b.Version != want {
			t.Errorf("rank %d: set 3 %s v%s, set 4 %s v%s; want %s v%s", i+1, a.Name, a.Version, b.Name, b.Version, a.Name, want)
		}
	}
}
