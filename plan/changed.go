package plan

// What the patch changed (issue 27): the file as it was before the patch is rebuilt from the
// patched file and the hunks' old sides, both are lexed, and each added line learns
//   - which of its tokens the patch changed, for a line that replaces a removed one (each change
//     block's added lines are paired with its removed lines, then each pair is diffed token by
//     token), so the planner can put the line's one mutant on code the patch wrote rather than
//     on code it kept;
//   - whether a line equal, ignoring whitespace, to a removed one (a re-indent, a re-wrap, a
//     move) still sits in the same enclosing blocks: one moved out of an `else`, into a new `if`
//     or into another function runs on another path, so it is new behaviour and is mutated; one
//     re-indented inside blocks that did not change is not;
//   - whether it holds code at all: blank, comment-only and punctuation-only lines (`}`, `});`,
//     `]`) are not executable and get no mutant.
//
// Residual: the enclosing blocks are compared by the text of the lines that open them (ignoring
// whitespace), so a line moved between two blocks whose opening lines read the same (two
// identical `if (ok) {` in one function) counts as unchanged.

import (
	"bytes"
	"sort"
	"strings"

	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
)

// How a mutant's change relates to what the patch changed on its line (Mutant.ChangedTokens).
const (
	// OnNewLine: every token of the line is new (it replaces no removed line, or it was moved
	// into other enclosing blocks).
	OnNewLine = "line"
	// OnChangedTokens: the mutated span lies inside tokens the patch changed on the line.
	OnChangedTokens = "inside"
	// OnOverlap: the mutated span covers changed and unchanged tokens.
	OnOverlap = "overlaps"
	// OnOldTokens: the mutated span touches only tokens the line had before the patch.
	OnOldTokens = "outside"
)

// Kinds of added lines that hold no executable code (NonCodeLine.Kind).
const (
	KindBlank       = "blank"
	KindComment     = "comment"
	KindPunctuation = "punctuation"
)

// lineChange is what the patch changed on one added line.
type lineChange struct {
	// whole: every token of the line is new.
	whole bool
	// spans are the byte ranges [start, end) of the line's text that the patch changed, each a
	// run of changed tokens with the whitespace between them; sorted, not overlapping.
	spans [][2]int
}

// relation says how an edit of [s, e) on the line relates to the change: OnNewLine,
// OnChangedTokens, OnOverlap or OnOldTokens. toks are the line's code tokens as offsets into
// the line; an insertion (s == e) is judged by the token it touches.
func (lc lineChange) relation(s, e int, toks [][2]int) string {
	if lc.whole {
		return OnNewLine
	}
	in := func(a, b int) bool {
		for _, sp := range lc.spans {
			if a >= sp[0] && b <= sp[1] {
				return true
			}
		}
		return false
	}
	changed, kept := 0, 0
	for _, t := range toks {
		touches := t[0] < e && t[1] > s
		if s == e {
			touches = t[0] <= s && s <= t[1]
		}
		if !touches {
			continue
		}
		if in(t[0], t[1]) {
			changed++
		} else {
			kept++
		}
	}
	switch {
	case changed > 0 && kept == 0:
		return OnChangedTokens
	case changed > 0:
		return OnOverlap
	}
	return OnOldTokens
}

// lineTokens are the line's code tokens (comments left out) as byte ranges of its text, clamped
// to it.
func lineTokens(l operators.Line) [][2]int {
	var out [][2]int
	for _, t := range l.Tokens {
		if t.Kind == lex.Comment {
			continue
		}
		s, e := int(t.Pos)-int(l.Start), int(t.End)-int(l.Start)
		s = max(0, min(s, len(l.Text)))
		e = max(s, min(e, len(l.Text)))
		if e > s {
			out = append(out, [2]int{s, e})
		}
	}
	return out
}

// punctuationOnly are the punctuators a line may consist of and hold no executable code.
var punctuationOnly = map[string]bool{"{": true, "}": true, "(": true, ")": true, "[": true, "]": true, ";": true, ",": true}

// lineKind is KindBlank, KindComment or KindPunctuation for a line that holds no executable
// code, "" for a code line.
func lineKind(l operators.Line) string {
	code, comment, punct := false, false, true
	for _, t := range l.Tokens {
		if t.Kind == lex.Comment {
			comment = true
			continue
		}
		code = true
		if t.Kind != lex.Punct || !punctuationOnly[tokenText(l, t)] {
			punct = false
		}
	}
	switch {
	case !code && comment:
		return KindComment
	case !code && strings.TrimSpace(l.Text) == "":
		return KindBlank
	case code && punct:
		return KindPunctuation
	}
	return ""
}

// fileHistory is a planned file read against its state before the patch.
type fileHistory struct {
	// changes is, per added line number, what the patch changed on it; a line absent from it
	// is wholly new.
	changes map[int]lineChange
	// kinds is, per added or unchanged line that holds no code, its kind.
	kinds map[int]string
}

// change returns what the patch changed on added line n.
func (h fileHistory) change(n int) lineChange {
	if lc, ok := h.changes[n]; ok {
		return lc
	}
	return lineChange{whole: true}
}

// readHistory reads c against the file before the patch: it moves the unchanged lines whose
// enclosing blocks changed into Added (and Moved), and computes each added line's changed tokens
// and every added and unchanged line's kind. src is the patched file. When the hunks do not fit
// the file (they are checked only on their added lines), the old file cannot be rebuilt: lines
// keep the split the diff alone gives and replaced lines count as wholly new.
func readHistory(path string, src []byte, c fileChange) (fileChange, fileHistory) {
	h := fileHistory{changes: map[int]lineChange{}, kinds: map[int]string{}}
	newLines := operators.Lines(lex.NewFile(path, src), nil)
	kindOf := func(n int) {
		if n >= 1 && n <= len(newLines) {
			if k := lineKind(newLines[n-1]); k != "" {
				h.kinds[n] = k
			}
		}
	}
	hasRemoved := false
	for _, b := range c.Blocks {
		hasRemoved = hasRemoved || len(b.removed) > 0
	}
	old, oldStart, ok := rebuildOld(src, c.Hunks)
	if hasRemoved && ok {
		oldLines := operators.Lines(lex.NewFile(path, old), nil)
		oldAt := func(r removedLine) int { return oldStart[r.hunk] + r.pos }
		// Unchanged lines whose enclosing blocks differ are new behaviour.
		wantNew, wantOld := map[int]bool{}, map[int]bool{}
		for _, l := range c.Unchanged {
			if l.was != nil {
				wantNew[l.Number], wantOld[oldAt(*l.was)] = true, true
			} else if b := c.Blocks[l.block]; len(b.removed) > 0 && len(b.added) > 0 {
				wantNew[b.added[0].Number], wantOld[oldAt(b.removed[0])] = true, true
			}
		}
		newScope, oldScope := scopes(newLines, wantNew), scopes(oldLines, wantOld)
		var keep []addedLine
		for _, l := range c.Unchanged {
			var same bool
			switch {
			case l.Number >= 1 && l.Number <= len(newLines) && lineKind(newLines[l.Number-1]) != "":
				same = true // a moved `}` or comment runs nothing wherever it is
			case l.was != nil:
				same = newScope[l.Number] == oldScope[oldAt(*l.was)]
			case len(c.Blocks[l.block].removed) > 0 && len(c.Blocks[l.block].added) > 0:
				b := c.Blocks[l.block]
				same = newScope[b.added[0].Number] == oldScope[oldAt(b.removed[0])]
			default:
				same = true
			}
			if same {
				keep = append(keep, l)
				continue
			}
			c.Added = append(c.Added, l)
			c.Moved = append(c.Moved, l.Number)
		}
		c.Unchanged = keep
		sort.Slice(c.Added, func(i, j int) bool { return c.Added[i].Number < c.Added[j].Number })
		moved := map[int]bool{}
		for _, n := range c.Moved {
			moved[n] = true
		}
		added := map[int]bool{}
		for _, l := range c.Added {
			added[l.Number] = true
		}
		for _, b := range c.Blocks {
			if len(b.removed) == 0 || len(b.added) == 0 {
				continue
			}
			for n, spans := range changedSpans(b, oldLines, newLines, oldAt) {
				if added[n] && !moved[n] {
					h.changes[n] = lineChange{spans: spans}
				}
			}
		}
	}
	for _, l := range c.Added {
		kindOf(l.Number)
	}
	for _, l := range c.Unchanged {
		kindOf(l.Number)
	}
	return c, h
}

// rebuildOld returns the file before the patch: the patched file with each hunk's new side
// replaced by its old side, and per hunk the 1-based line of the rebuilt file where its old side
// starts. ok is false when the hunks do not fit the file's lines.
func rebuildOld(src []byte, hunks []hunkSide) (old []byte, oldStart []int, ok bool) {
	spans := splitLines(src)
	var b bytes.Buffer
	lines, prev := 0, 0 // lines written; next new line (0-based) to copy
	put := func(s string) {
		b.WriteString(s)
		b.WriteByte('\n')
		lines++
	}
	for _, h := range hunks {
		from := h.newStart - 1
		if from < prev || from+h.newCount > len(spans) {
			return nil, nil, false
		}
		for ; prev < from; prev++ {
			put(string(src[spans[prev].Start:spans[prev].End]))
		}
		oldStart = append(oldStart, lines+1)
		for _, s := range h.old {
			put(strings.TrimSuffix(s, "\r"))
		}
		prev = from + h.newCount
	}
	for ; prev < len(spans); prev++ {
		put(string(src[spans[prev].Start:spans[prev].End]))
	}
	return b.Bytes(), oldStart, true
}

// scopes returns, for each wanted line (1-based), the enclosing blocks at its start: the brackets
// opened before it and not yet closed, each named by the text of the line that opened it
// (whitespace removed) and the bracket.
func scopes(lines []operators.Line, want map[int]bool) map[int]string {
	out := make(map[int]string, len(want))
	if len(want) == 0 {
		return out
	}
	type opener struct {
		line int
		ch   string
	}
	var stack []opener
	for i, l := range lines {
		if want[l.Number] {
			var sb strings.Builder
			for _, o := range stack {
				sb.WriteString(squash(lines[o.line].Text))
				sb.WriteString(o.ch)
				sb.WriteByte(0)
			}
			out[l.Number] = sb.String()
		}
		for _, t := range l.Tokens {
			if t.Pos < l.Start {
				continue // counted on the line where it starts
			}
			switch t.Kind {
			case lex.Punct:
				switch s := tokenText(l, t); s {
				case "{", "(", "[":
					stack = append(stack, opener{i, s})
				case "}", ")", "]":
					if n := len(stack); n > 0 {
						stack = stack[:n-1]
					}
				}
			case lex.TemplateHead:
				stack = append(stack, opener{i, "${"})
			case lex.TemplateTail:
				if n := len(stack); n > 0 {
					stack = stack[:n-1]
				}
			}
		}
	}
	return out
}
