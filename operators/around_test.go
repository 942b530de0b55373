package operators

import "testing"

// TestEndsStatement: which first tokens of the next line let an expression end at the line
// break (ASI) and which continue it.
func TestEndsStatement(t *testing.T) {
	for _, r := range []struct {
		next string
		want bool
	}{
		{"}", true}, {"foo()", true}, {"const x = 1", true}, {"return", true}, {"'s'", true},
		{"1", true}, {"#x in o", true}, {"if (a) {", true}, {";", true},
		{".trim()", false}, {"?.x", false}, {"(y)", false}, {"[0]", false}, {"`t`", false},
		{"+ y", false}, {"? a : b", false}, {": b", false}, {"in o", false}, {"instanceof A", false},
		{"as T", false}, {"&& b", false}, {"= 2", false}, {", b", false},
	} {
		l := lineOf(t, "return x\n"+r.next, 1)
		if got := endsStatement(nextCode(l)); got != r.want {
			t.Errorf("return x / %q: endsStatement = %v, want %v", r.next, got, r.want)
		}
	}
	last := lineOf(t, "return x", 1)
	if !endsStatement(nextCode(last)) {
		t.Error("the end of the file does not end the statement")
	}
	hand := lineOf(t, "return x\n}", 1)
	hand.view = nil
	if endsStatement(nextCode(hand)) {
		t.Error("a Line without neighbours claims to know the next line")
	}
	if _, ok := fireReturnSentinelASI(hand); ok {
		t.Error("return-sentinel fired without ';' on a Line without neighbours")
	}
}

// TestContinuesLine: which first tokens of the next line continue the line before (so
// delete-statement v2 keeps its hands off it).
func TestContinuesLine(t *testing.T) {
	for _, r := range []struct {
		next string
		want bool
	}{
		{".then(f)", true}, {"?.x", true}, {"(x)", true}, {"[1]", true}, {"`t`", true},
		{"+ 1", true}, {"- 1", true}, {"* 2", true}, {"? a : b", true}, {": b", true},
		{", c", true}, {"=> x", true}, {") + 1", true}, {"]", true}, {"in o", true},
		{"as T", true},
		{"}", false}, {"foo()", false}, {"++i", false}, {"--i", false}, {"!done", false},
		{"~x", false}, {"{", false}, {"return", false}, {"const a = 1", false}, {"'s'", false},
	} {
		l := lineOf(t, "run()\n"+r.next, 1)
		n := nextCode(l)
		if got := continuesLine(n.t); got != r.want {
			t.Errorf("run() / %q: continuesLine = %v, want %v", r.next, got, r.want)
		}
	}
}

// TestInObjectLiteral: the lines a property operator may treat as object properties.
func TestInObjectLiteral(t *testing.T) {
	for _, r := range []struct {
		src  string
		want bool
	}{
		{"x = {\n  a: 1,\n}", true},
		{"f({\n  a,\n})", true},
		{"return {\n  a,\n}", true},
		{"export default {\n  a,\n}", true},
		{"x = [{\n  a,\n}]", true},
		{"x = c ? {\n  a,\n} : d", true},
		{"const {\n  a,\n} = o", false},
		{"({\n  a,\n} = o)", false},
		{"function f({\n  a,\n}) {}", false},
		{"const f = ({\n  a,\n}) => a", false},
		{"import {\n  a,\n} from 'a'", false},
		{"class A {\n  a = 1\n}", false},
		{"if (x) {\n  a()\n}", false},
		{"x = [\n  a,\n]", false},
		{"a,", false},
	} {
		n := 2
		if r.src == "a," {
			n = 1
		}
		if got := inObjectLiteral(lineOf(t, r.src, n)); got != r.want {
			t.Errorf("%q: inObjectLiteral = %v, want %v", r.src, got, r.want)
		}
	}
}
