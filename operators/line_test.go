package operators

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bond-tool/bond/operators/lex"
)

// lineTexts renders each line as "n|text|k:text k:text…" with its flags.
func lineTexts(f *lex.File, lines []Line) []string {
	var out []string
	for _, l := range lines {
		var toks []string
		for _, tk := range l.Tokens {
			toks = append(toks, tk.Kind.String()+":"+string(f.Src[tk.Pos:tk.End]))
		}
		flags := ""
		if l.StartsInside {
			flags += "<"
		}
		if l.EndsInside {
			flags += ">"
		}
		out = append(out, strconv.Itoa(l.Number)+flags+"|"+l.Text+"|"+strings.Join(toks, " "))
	}
	return out
}

func TestLinesMultiLineTokens(t *testing.T) {
	src := "a = 1; /* one\ntwo\nthree */ b();\nconst s = `x\n${y}\nz`;\n"
	f := lex.NewFile("m.js", []byte(src))
	got := lineTexts(f, Lines(f, nil))
	want := []string{
		"1>|a = 1; /* one|Ident:a Punct:= Number:1 Punct:; Comment:/* one\ntwo\nthree */",
		"2<>|two|Comment:/* one\ntwo\nthree */",
		"3<|three */ b();|Comment:/* one\ntwo\nthree */ Ident:b Punct:( Punct:) Punct:;",
		"4>|const s = `x|Keyword:const Ident:s Punct:= TemplateHead:`x\n${",
		"5<>|${y}|TemplateHead:`x\n${ Ident:y TemplateTail:}\nz`",
		"6<|z`;|TemplateTail:}\nz` Punct:;",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLinesCRLF(t *testing.T) {
	src := "a = 1;\r\n// c\r\nb = `x\r\ny`;\r\n"
	f := lex.NewFile("crlf.js", []byte(src))
	lines := Lines(f, nil)
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4", len(lines))
	}
	for i, want := range []string{"a = 1;", "// c", "b = `x", "y`;"} {
		if lines[i].Text != want || lines[i].Number != i+1 {
			t.Errorf("line %d = %d %q, want %q", i+1, lines[i].Number, lines[i].Text, want)
		}
	}
	if got := string(f.Src[lines[1].Tokens[0].Pos:lines[1].Tokens[0].End]); got != "// c" {
		t.Errorf("line comment = %q, want it to stop before \\r", got)
	}
	if _, e := Fire(Table(), lines[0]); e.Apply(lines[0].Text) != "a = undefined;" {
		t.Errorf("CRLF line mutant = %q", e.Apply(lines[0].Text))
	}
}

func TestLinesNonUTF8(t *testing.T) {
	src := []byte("x = '\xff\xfe';\n\xc3(\x80) = 1\n\xe2\x80 y = 2 // \xff\nlet \xf0\x9f = a - b;\n")
	f := lex.NewFile("bad.js", src)
	errs := 0
	lines := Lines(f, func(lex.Position, string) { errs++ })
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4", len(lines))
	}
	for _, l := range lines {
		for _, op := range Table() {
			if e, ok := op.Fire(l); ok && e.Apply(l.Text) == l.Text {
				t.Errorf("%s: mutant equals the line %q", op.Name, l.Text)
			}
		}
	}
	if _, e := Fire(Table(), lines[0]); e.Apply(lines[0].Text) != "x = undefined;" {
		t.Errorf("got %q", e.Apply(lines[0].Text))
	}
}

func TestLinesEdgeCases(t *testing.T) {
	if l := Lines(lex.NewFile("e", nil), nil); l != nil {
		t.Errorf("empty file: %v", l)
	}
	f := lex.NewFile("x", []byte("\n\n  \nx"))
	lines := Lines(f, nil)
	if len(lines) != 4 || lines[3].Text != "x" || len(lines[0].Tokens) != 0 || len(lines[3].Tokens) != 1 {
		t.Errorf("got %q", lineTexts(f, lines))
	}
	// appending to one line's tokens does not clobber the next line's
	f = lex.NewFile("y", []byte("a\nb\n"))
	lines = Lines(f, nil)
	_ = append(lines[0].Tokens, lex.Token{Kind: lex.Illegal})
	if lines[1].Tokens[0].Kind != lex.Ident {
		t.Error("Tokens of adjacent lines share capacity")
	}
}

// TestConcurrentFire: the per-line cache behind the operators is safe when several
// goroutines ask operators about the same Line (run with -race).
func TestConcurrentFire(t *testing.T) {
	lines := Lines(lex.NewFile("c.js", []byte("if (a === b) { x = f(a, b).trim().length - 1; }\n")), nil)
	done := make(chan string)
	for range 4 {
		go func() {
			i, e := Fire(Table(), lines[0])
			done <- strconv.Itoa(i) + e.Apply(lines[0].Text)
		}()
	}
	first := <-done
	for range 3 {
		if got := <-done; got != first {
			t.Errorf("concurrent Fire disagrees: %q vs %q", got, first)
		}
	}
	// a Line built by hand (no cache) reads the same
	l := lines[0]
	l.view = nil
	if i, e := Fire(Table(), l); strconv.Itoa(i)+e.Apply(l.Text) != first {
		t.Errorf("uncached Line reads differently: %q", strconv.Itoa(i)+e.Apply(l.Text))
	}
}
