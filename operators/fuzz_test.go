package operators

import (
	"os"
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators/lex"
)

// seeds are the fuzz corpus's starting points: every line of the operator tests' shapes and
// the benchmark file.
func seeds(f *testing.F) {
	for _, s := range []string{
		"if (a === b) { return x; }", "x = `a${ `b${c}` }d` / 2;", "/* a\nb */ f(a, b)",
		"val.split(/\\s*,\\s*/, 2)", "a?.b ? .5 : c", "x >>>= 1; y ??= 2; z **= 3", "#x in o",
		"1_000n + 0x_1", "total -= one;\r\nreturn null;\r\n", "<p>Don't</p>", "\xff\xfe\x00",
		"`${", "}", "'\\\n'", "/[/]/", "return void 0;", "const { a = 1 } = o;",
		// set 2's shapes: guards, look-around, literals, regexes, multi-line statements
		"if (!value) break;\nif (x === y) return y", "return this\n}", "return x\n  .trim()",
		"const o = {\n  name: opts.name,\n  n: 0\n}", "app.use(cors({\n  origin: '*',\n}))",
		"promise\n  .then(r => r.json())\n  .catch(f)", "x = a && b || c ?? d", "cb?.(a?.[i])",
		"s.split(/^[^,;]+(-\\d)?$/).filter(p => p.length > 0).join(', ')",
		"const s = n > 1 ? `${n}` : ['a']", "x = a ?\n  b :\n  c",
		// set 3's shapes: spreads, nested literals, quantifiers, conditions over lines
		"const o = { ...opts, name, value }", "s = `${a.join(',')}`", "re = /a(?:\\d+)?-?x*/",
		"x = c\n  ? a\n  : b", "if (a &&\n  b) {\n}", "n = o.t ?? 0\nlet t = 0",
	} {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile("testdata/bench.js"); err == nil {
		f.Add(b)
	}
}

// FuzzLines checks SPEC §7's properties of the per-line view on any bytes: no panic; one
// Line per line of the file, numbered, with its exact text; each line's tokens really overlap
// it. The lexer's own properties (tokens in order, inside the file, not overlapping) are
// lex's FuzzNext.
func FuzzLines(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file := lex.NewFile("fuzz.js", src)
		lines := Lines(file, nil)
		if len(lines) != file.LineCount() {
			t.Fatalf("%d lines, LineCount %d", len(lines), file.LineCount())
		}
		raw := strings.SplitAfter(string(src), "\n")
		for i, l := range lines {
			want := strings.TrimSuffix(raw[i], "\n")
			if len(want) < len(raw[i]) {
				want = strings.TrimSuffix(want, "\r") // one "\r" belongs to a "\r\n" terminator
			}
			if l.Number != i+1 || l.Text != want {
				t.Fatalf("line %d: number %d text %q, want %q", i+1, l.Number, l.Text, want)
			}
			if int(l.Start)+len(l.Text) > len(src) || string(src[l.Start:int(l.Start)+len(l.Text)]) != l.Text {
				t.Fatalf("line %d: text does not match the file", l.Number)
			}
			for _, tok := range l.Tokens {
				if int(tok.End) <= int(l.Start) || int(tok.Pos) > int(l.Start)+len(l.Text)+2 {
					t.Fatalf("line %d: token [%d,%d) does not touch it", l.Number, tok.Pos, tok.End)
				}
			}
		}
	})
}

// FuzzOperators checks SPEC §7's operator properties on every line of any input, for every
// operator of set 1: no panic; offsets stay inside the line; the mutant differs from its
// line; applying it changes exactly that one line of the file.
func FuzzOperators(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src []byte) { checkOperators(t, Table(), src) })
}

// FuzzOperatorsSet2 checks the same properties for every operator of set 2, whose operators
// also read the lines around their own (and must still change only their own).
func FuzzOperatorsSet2(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src []byte) { checkOperators(t, table2(), src) })
}

// FuzzOperatorsSet3 checks the same properties for every operator of set 3.
func FuzzOperatorsSet3(f *testing.F) {
	seeds(f)
	f.Fuzz(func(t *testing.T, src []byte) { checkOperators(t, table3(), src) })
}

// checkOperators asserts SPEC §7's operator properties for every operator of table on every
// line of src.
func checkOperators(t *testing.T, table []Operator, src []byte) {
	t.Helper()
	file := lex.NewFile("fuzz.ts", src)
	lines := Lines(file, nil)
	orig := strings.Split(string(src), "\n")
	for _, l := range lines {
		for _, op := range table {
			e, ok := op.Fire(l)
			if !ok {
				continue
			}
			if e.Start < 0 || e.Start > e.End || e.End > len(l.Text) {
				t.Fatalf("%s on line %d %q: edit [%d,%d) outside the line", op.Name, l.Number, l.Text, e.Start, e.End)
			}
			mut := e.Apply(l.Text)
			if mut == l.Text {
				t.Fatalf("%s on line %d %q: mutant equals the line", op.Name, l.Number, l.Text)
			}
			// apply to the file, keeping the line's terminator, and compare line by line
			start, end := int(l.Start), int(l.Start)+len(l.Text)
			mutated := string(src[:start]) + mut + string(src[end:])
			got := strings.Split(mutated, "\n")
			if len(got) != len(orig) {
				t.Fatalf("%s on line %d %q: %d lines became %d", op.Name, l.Number, l.Text, len(orig), len(got))
			}
			changed := 0
			for i := range got {
				if got[i] != orig[i] {
					changed++
					if i != l.Number-1 {
						t.Fatalf("%s on line %d changed line %d", op.Name, l.Number, i+1)
					}
				}
			}
			if changed != 1 {
				t.Fatalf("%s on line %d %q: %d lines changed", op.Name, l.Number, l.Text, changed)
			}
		}
	}
}

// FuzzOperatorsSet4 checks the same properties for every operator of set 4, whose swap-logical
// reads a chain of operands across lines.
func FuzzOperatorsSet4(f *testing.F) {
	seeds(f)
	f.Add([]byte("if (tokens[i].type === 'text' &&\n    i + 1 < max &&\n    tokens[i + 1].type === 'text') {\n}\nx && x.y\n`${a &&\nb}` || c\n"))
	f.Fuzz(func(t *testing.T, src []byte) { checkOperators(t, table4(), src) })
}

// FuzzOperatorsSet5 checks the same properties for every operator of set 5, whose swap-logical
// also reads const aliases declared above a chain.
func FuzzOperatorsSet5(f *testing.F) {
	seeds(f)
	f.Add([]byte("const t = tokens[i + 1];\nif (ok &&\n    i + 1 < n && t.type === 'text') {\n}\nconst c = a.b\n(a.b && c.d)\nconst x = x.y;\nif (x && (o = x) && o.k) {}\n"))
	f.Fuzz(func(t *testing.T, src []byte) { checkOperators(t, table5(), src) })
}
