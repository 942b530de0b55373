package lex

import (
	"os"
	"testing"
)

// FuzzNext checks SPEC §7's lexer properties on any bytes: no panic; tokens come in order,
// non-empty, inside the file and not overlapping; EOF comes at the end and stays there; and
// ErrorCount counts exactly the errors the handler saw. The per-line properties of the
// operators' view are operators' FuzzLines.
func FuzzNext(f *testing.F) {
	for _, s := range []string{
		"if (a === b) { return x; }", "x = `a${ `b${c}` }d` / 2;", "/* a\nb */ f(a, b)",
		"val.split(/\\s*,\\s*/, 2)", "a?.b ? .5 : c", "x >>>= 1; y ??= 2; z **= 3", "#x in o",
		"1_000n + 0x_1", "total -= one;\r\nreturn null;\r\n", "<p>Don't</p>", "\xff\xfe\x00",
		"`${", "}", "'\\\n'", "/[/]/", "\r\r\n0", "#!/usr/bin/env node\n", "\xef\xbb\xbfa",
	} {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile("../testdata/bench.js"); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file := NewFile("fuzz.js", src)
		seen := 0
		var lx Lexer
		lx.Init(file, func(Position, string) { seen++ })
		prev := Pos(0)
		for {
			tok := lx.Next()
			if tok.Pos < prev || tok.End < tok.Pos || int(tok.End) > len(src) {
				t.Fatalf("token %s [%d,%d) after %d in %d bytes", tok.Kind, tok.Pos, tok.End, prev, len(src))
			}
			if tok.Kind == EOF {
				if int(tok.Pos) != len(src) {
					t.Fatalf("EOF at %d of %d bytes", tok.Pos, len(src))
				}
				if again := lx.Next(); again.Kind != EOF {
					t.Fatalf("after EOF: %s", again.Kind)
				}
				break
			}
			if tok.End == tok.Pos {
				t.Fatalf("empty %s token at %d", tok.Kind, tok.Pos)
			}
			prev = tok.End
		}
		if seen != lx.ErrorCount {
			t.Fatalf("handler saw %d errors, ErrorCount %d", seen, lx.ErrorCount)
		}
	})
}
