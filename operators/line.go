package operators

import (
	"sync"

	"github.com/bond-tool/bond/operators/lex"
)

// Line is one line of a lexed file, with the tokens that touch it. Operators read only a
// Line: they are line-local by construction.
type Line struct {
	Number int     // 1-based
	Text   string  // the line without its terminator ("\n" or "\r\n")
	Start  lex.Pos // offset of the line's first byte in the file

	// Tokens are the tokens overlapping this line, in order, with positions in file offsets.
	// A token that spans lines (a block comment, a template, a string continued with a
	// backslash) appears on every line it touches. Tokens is a sub-slice of one shared array
	// with its capacity cut, so appending to it cannot clobber a neighbouring line.
	Tokens []lex.Token

	// StartsInside reports that the line begins inside a token that started on an earlier
	// line (a block comment, a template or a continued string).
	StartsInside bool
	// EndsInside reports that a token on the line goes on past the line's end.
	EndsInside bool

	// view caches the operators' reading of the line (its code tokens, relative to Text),
	// built on the first Fire and shared by the others; nil for a Line built by hand.
	view *lineView
}

// lineView is the per-line cache behind codeTokens. Operators only read the tokens, and the
// Once makes concurrent Fire calls on one Line safe.
type lineView struct {
	once sync.Once
	toks []tok
	file *fileView // the lexed file the line belongs to, for the set-2 look-around
	idx  int       // the line's index in file.lines
}

// fileView is what Lines shares among a file's lines so that an operator may read the code
// next to its line (the next significant token, a statement's later lines). Set 1's operators
// never read it: they are line-local.
type fileView struct {
	lines []Line

	// patch holds the line numbers the patch added (MarkPatch); nil means every line, which is
	// how a file is read when no patch is known (the lab, a test).
	patch map[int]bool
	// facts are what set 3's narrowed operators read of the whole file, computed once.
	factsOnce sync.Once
	facts     fileFacts
}

// MarkPatch tells the operators which lines of a file (as returned by Lines) the patch
// added: set 3's replace-property-value reads "the patch's own code" as those lines. It must
// be called before any operator fires on the lines. Without it every line of the file counts
// as the patch's. Set 1's and set 2's operators do not read it.
func MarkPatch(lines []Line, added []int) {
	if len(lines) == 0 || lines[0].view == nil || lines[0].view.file == nil {
		return
	}
	fv := lines[0].view.file
	fv.patch = make(map[int]bool, len(added))
	for _, n := range added {
		fv.patch[n] = true
	}
}

// Lines lexes the whole file once and returns its lines, result[i].Number == i+1. Lexical
// errors go to errh (which may be nil); Lines never panics, whatever the bytes.
func Lines(f *lex.File, errh lex.ErrorHandler) []Line {
	n := f.LineCount()
	if n == 0 {
		return nil
	}
	var lx lex.Lexer
	lx.Init(f, errh)
	toks := make([]lex.Token, 0, len(f.Src)/4+1)
	for {
		t := lx.Next()
		if t.Kind == lex.EOF {
			break
		}
		toks = append(toks, t)
	}
	text := string(f.Src) // one copy; every Line.Text is a slice of it
	lines := make([]Line, n)
	views := make([]lineView, n)
	fv := &fileView{lines: lines}
	lo := 0 // first token that may touch the current line
	for i := range lines {
		start, end, next := f.LineBounds(i + 1)
		for lo < len(toks) && int(toks[lo].End) <= start {
			lo++
		}
		hi := lo
		for hi < len(toks) && int(toks[hi].Pos) < next {
			hi++
		}
		views[i].file, views[i].idx = fv, i
		l := Line{Number: i + 1, Text: text[start:end], Start: lex.Pos(start), view: &views[i]}
		if hi > lo {
			l.Tokens = toks[lo:hi:hi]
			l.StartsInside = int(toks[lo].Pos) < start
			l.EndsInside = int(toks[hi-1].End) > end
		}
		lines[i] = l
		// the last token may go on to the next line: keep it as the next line's first
		if hi > lo && int(toks[hi-1].End) > next {
			lo = hi - 1
		} else {
			lo = hi
		}
	}
	return lines
}
