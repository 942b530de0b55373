package lex

// This file is the lexer's positions, in go/token's manner: a File with its line starts, a Pos
// that is a byte offset into it, and the Position a Pos resolves to for messages.

import (
	"fmt"
	"sort"
)

// Pos is a byte offset into one File. 0 is the first byte, so the "no position" value is
// NoPos (-1), not 0 as in go/token (there is no file base: a Pos belongs to one File).
type Pos int

// NoPos is the zero-information position.
const NoPos Pos = -1

// IsValid reports whether p is a position (not NoPos).
func (p Pos) IsValid() bool { return p >= 0 }

// Position is a Pos resolved against its File, for messages.
type Position struct {
	Path   string // the File's path, as given to NewFile
	Offset int    // byte offset, 0-based
	Line   int    // line number, 1-based
	Col    int    // column, 1-based, in bytes
}

// IsValid reports whether the position names a line.
func (p Position) IsValid() bool { return p.Line > 0 }

// String renders path:line:col, or path alone (or "-") when the position is invalid.
func (p Position) String() string {
	s := p.Path
	if s == "" {
		s = "-"
	}
	if p.IsValid() {
		s += fmt.Sprintf(":%d:%d", p.Line, p.Col)
	}
	return s
}

// File is one source file: its path, its bytes and the offsets where its lines start.
// Lines are terminated by "\n"; a "\r" before it belongs to the terminator ("\r\n"), a lone
// "\r" is an ordinary byte of the line (git and unified diffs read lines the same way).
type File struct {
	Path  string
	Src   []byte
	lines []int // offsets of the first byte of each line; len == LineCount()
}

// NewFile records src under path and computes its line starts. src is not copied and must
// not be modified afterwards.
func NewFile(path string, src []byte) *File {
	f := &File{Path: path, Src: src}
	if len(src) > 0 {
		n := 1
		for _, c := range src {
			if c == '\n' {
				n++
			}
		}
		f.lines = make([]int, 0, n)
		f.lines = append(f.lines, 0)
		for i, c := range src {
			if c == '\n' && i+1 < len(src) {
				f.lines = append(f.lines, i+1)
			}
		}
	}
	return f
}

// LineCount is the number of lines. A final "\n" ends the last line rather than starting an
// empty one, so "a\nb\n" and "a\nb" both have 2 lines and an empty file has 0.
func (f *File) LineCount() int { return len(f.lines) }

// LineStart returns the offset of the first byte of line n (1-based), or NoPos when there is
// no such line.
func (f *File) LineStart(n int) Pos {
	if n < 1 || n > len(f.lines) {
		return NoPos
	}
	return Pos(f.lines[n-1])
}

// LineBounds returns the offsets [start, end) of line n's text (1-based; terminator excluded)
// and the offset where the next line starts. n must be a line of the file (1 <= n <=
// LineCount()).
func (f *File) LineBounds(n int) (start, end, next int) {
	start = f.lines[n-1]
	next = len(f.Src)
	if n < len(f.lines) {
		next = f.lines[n]
	}
	end = next
	if end > start && f.Src[end-1] == '\n' {
		end--
		if end > start && f.Src[end-1] == '\r' {
			end--
		}
	}
	return start, end, next
}

// Position resolves p. Offsets past the end resolve to the end of the file; NoPos and
// negative offsets give a Position with only Path set.
func (f *File) Position(p Pos) Position {
	if p < 0 || len(f.lines) == 0 {
		return Position{Path: f.Path, Offset: int(p)}
	}
	off := int(p)
	if off > len(f.Src) {
		off = len(f.Src)
	}
	i := sort.SearchInts(f.lines, off+1) - 1 // last line start <= off
	return Position{Path: f.Path, Offset: off, Line: i + 1, Col: off - f.lines[i] + 1}
}
