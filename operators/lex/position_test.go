package lex

import "testing"

func TestPosition(t *testing.T) {
	f := NewFile("p.js", []byte("ab\ncd\r\n\nef"))
	for _, row := range []struct {
		off       Pos
		line, col int
	}{{0, 1, 1}, {1, 1, 2}, {2, 1, 3}, {3, 2, 1}, {5, 2, 3}, {7, 3, 1}, {8, 4, 1}, {9, 4, 2}, {10, 4, 3}, {99, 4, 3}} {
		p := f.Position(row.off)
		if p.Line != row.line || p.Col != row.col || p.Path != "p.js" {
			t.Errorf("Position(%d) = %+v, want line %d col %d", row.off, p, row.line, row.col)
		}
	}
	if p := f.Position(NoPos); p.IsValid() || p.String() != "p.js" {
		t.Errorf("Position(NoPos) = %+v", p)
	}
	if s := f.Position(3).String(); s != "p.js:2:1" {
		t.Errorf("String() = %q", s)
	}
	if f.LineCount() != 4 {
		t.Errorf("LineCount = %d, want 4", f.LineCount())
	}
	for src, n := range map[string]int{"": 0, "a": 1, "a\n": 1, "a\nb": 2, "\n": 1, "\n\n": 2} {
		if got := NewFile("x", []byte(src)).LineCount(); got != n {
			t.Errorf("LineCount(%q) = %d, want %d", src, got, n)
		}
	}
	if f.LineStart(2) != 3 || f.LineStart(0) != NoPos || f.LineStart(5) != NoPos {
		t.Errorf("LineStart is wrong")
	}
}
