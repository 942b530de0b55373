package operators

import (
	"fmt"
	"strings"
	"testing"
)

// runOp5 is runOp3 for an operator of set 5.
func runOp5(t *testing.T, name string, rows []opRow) {
	t.Helper()
	op, ok := LookupIn(5, name)
	if !ok {
		t.Fatalf("set 5 has no operator %q", name)
	}
	runWith(t, op, rows)
}

// aliasRows are the alias shapes: what set 5's swap-logical (version 4) makes of each. Rows whose
// want is noFire are guards; the others are swapped (by both versions).
var aliasRows = []opRow{
	// an alias declared just above, the guard testing one spelling and the use reading the other
	{"const t = tokens[i + 1];\n@if (i + 1 < n && t.type === 'text') {\n}", noFire},
	{"const c = node.child;\n@if (node.child && c.ok) {\n}", noFire},
	{"const c = node.child;\n@return c && node.child.ok", noFire},
	{"const c = node.child\n@if (node.child != null && c.ok) {\n}", noFire},
	// a comment, a blank line and another alias between; an alias of an alias
	{"const a = o.p;\n// the child\n\nconst b = a.q;\n@if (o.p.q && b.r) {\n}", noFire},
	// the chain spread over lines: the declaration is above its first line
	{"const t = tokens[i + 1];\nif (ok &&\n@    i + 1 < n && t.type === 'text') {\n}", noFire},
	// a use after a call is still guarded by the test made before it
	{"const c = node.child;\n@if (node.child && f() && c.ok) {\n}", noFire},
	// Not read as aliases: swapped as version 3 swaps them.
	// let: NAME may have been rebound (here it is not, but the lexer cannot tell in general)
	{"let c = node.child;\n@if (node.child && c.ok) {\n}", "if (node.child || c.ok) {"},
	// a call in the declaration: reading PATH may change it
	{"const c = get(node);\n@if (get(node) && c.ok) {\n}", "if (get(node) || c.ok) {"},
	// code between the declaration and the chain
	{"const c = node.child;\nnode = next(node);\n@if (node.child && c.ok) {\n}", "if (node.child || c.ok) {"},
	// a loop head re-runs the chain after the body changed the path
	{"const c = node.child;\n@while (node.child && c.ok) {\n}", "while (node.child || c.ok) {"},
	// another block: the declaration is not the statement just before
	{"  const c = node.child;\n}\n@if (node.child && c.ok) {\n}", "if (node.child || c.ok) {"},
	// a call before the test: the path may no longer hold the alias's value when it is tested
	{"const c = node.child;\n@if (tick() && node.child && c.ok) {\n}", "if (tick() || node.child && c.ok) {"},
	// no `;` and the chain's line starts with `(`: ASI would join them; not an alias
	{"const c = node.child\n@(node.child && c.ok)", "(node.child || c.ok)"},
	// a parameter rebinds the name inside the chain
	{"const c = node.child;\n@if (node.child && list.some((c) => c.ok)) {\n}", "if (node.child || list.some((c) => c.ok)) {"},
	// the test and the use read unrelated paths
	{"const c = node.child;\n@if (node.parent && c.ok) {\n}", "if (node.parent || c.ok) {"},
	// Already guards in version 3, alias or not: the assigned or declared name is tested itself.
	{"if ((o = obj) && o.k) {", noFire},
	{"if ((m = re.exec(s)) && m[1]) {", noFire},
	{"while ((n = n.parent) && n.type !== 'x') {", noFire},
	{"const x = a.b;\n@if (x && x.c) {\n}", noFire},
}

// Set 5's swap-logical (version 4) reads version 3's guard rule through a const alias declared
// just above the chain, under the conditions swapLogical5 names: each alias guard is left alone,
// each shape outside those conditions is swapped as version 3 swaps it, and the aliases written
// inside the chain stay guards. Version 3 (set 4) is unchanged: it swaps the alias guards.
func TestSwapLogicalAlias(t *testing.T) {
	runOp5(t, "swap-logical", aliasRows)
	var v3 []opRow
	for _, r := range aliasRows[:7] {
		v3 = append(v3, opRow{r.line, "swapped"})
	}
	op4, _ := LookupIn(4, "swap-logical")
	for _, r := range v3 {
		l := lineAt(t, r.line)
		if _, ok := op4.Fire(l); !ok {
			t.Errorf("set 4's swap-logical left %q alone; version 3 does not read aliases", r.line)
		}
	}
	// Version 4 leaves every guard version 3 leaves (TestSwapLogicalGuard's rows, by set 5).
	op5, _ := LookupIn(5, "swap-logical")
	for _, r := range aliasRows[7:] {
		if e4, ok4 := op4.Fire(lineAt(t, r.line)); ok4 {
			if e5, ok5 := op5.Fire(lineAt(t, r.line)); !ok5 || e4 != e5 {
				t.Errorf("%q: set 4 %+v, set 5 %+v %v; want the same swap", r.line, e4, e5, ok5)
			}
		}
	}
}

// lineAt is the line of src marked "@" (or its only line), lexed with its file.
func lineAt(t *testing.T, src string) Line {
	t.Helper()
	n := 1
	parts := splitMarked(src)
	for i, p := range parts {
		if len(p) > 0 && p[0] == '@' {
			parts[i], n = p[1:], i+1
		}
	}
	return lineOf(t, joinLines(parts), n)
}

// Set 5 is set 4 with swap-logical at version 4 and nothing else changed.
func TestSet5Table(t *testing.T) {
	four, five := table4(), table5()
	if len(four) != len(five) {
		t.Fatalf("set 5 has %d operators, set 4 %d", len(five), len(four))
	}
	for i := range four {
		a, b := four[i], five[i]
		want := a.Version
		if a.Name == "swap-logical" {
			want = "4"
		}
		if a.Name != b.Name || b.Version != want {
			t.Errorf("rank %d: set 4 %s v%s, set 5 %s v%s; want %s v%s", i+1, a.Name, a.Version, b.Name, b.Version, a.Name, want)
		}
	}
}

func splitMarked(s string) []string { return strings.Split(s, "\n") }

func joinLines(p []string) string { return strings.Join(p, "\n") }

// An alias read through earlier ones grows with each: eight declarations, each reading the one
// before eleven times, would read the last as 11^8 tokens. Past maxAliasTokens an alias is not
// read, so the chain `a0.x && a8.y` is read as version 3 reads it (no guard: swapped) at once
// rather than never (the attack case alias-chain-bomb runs it through bond certify).
func TestSwapLogicalAliasBound(t *testing.T) {
	lines := []string{"function pick(a0) {"}
	prev := "a0"
	for i := 1; i <= 8; i++ {
		lines = append(lines, fmt.Sprintf("  const a%d = a0[%s];", i, strings.Repeat(prev+" + ", 10)+prev))
		prev = fmt.Sprintf("a%d", i)
	}
	lines = append(lines, "@  if (a0.x && a8.y) {", "    return 1;", "  }", "}")
	runOp5(t, "swap-logical", []opRow{{strings.Join(lines, "\n"), "  if (a0.x || a8.y) {"}})
	// At the bound: a path of 31 tokens (o and 15 properties) is read, one of 33 is not.
	for _, c := range []struct {
		props int
		want  string
	}{{15, noFire}, {16, "if (o.%s || c.y) {"}} {
		path := strings.TrimSuffix(strings.Repeat("p.", c.props), ".")
		want := c.want
		if want != noFire {
			want = fmt.Sprintf(want, path)
		}
		runOp5(t, "swap-logical", []opRow{{fmt.Sprintf("const c = o.%s;\n@if (o.%s && c.y) {\n}", path, path), want}})
	}
}
