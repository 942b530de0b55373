package plan

import (
	"sort"
	"sync"

	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/operators/lex"
)

// Checking a candidate means parsing the whole mutated file, which for a large file costs
// milliseconds per candidate. Most candidates are decided by a much smaller text: the top-level
// statement around the mutated line. A chunk is a run of lines between two lexical top-level
// statement boundaries; a candidate is first checked on its chunk alone, and the chunk is
// trusted only where that cannot differ from the whole file:
//
//   - the original chunk must parse alone (else the whole file decides);
//   - a mutated chunk that does not parse is confirmed on the whole file, so every
//     `unparseable` verdict, and its esbuild message with file line numbers, comes from the
//     whole file;
//   - a mutated chunk whose minified output equals the original chunk's is confirmed on the
//     whole file too, so every `equivalent-by-compilation` verdict comes from the whole file.
//
// What the chunk decides alone is the common case: it parses and compiles differently. The
// residual: a cross-statement optimisation of esbuild's syntax minifier (dead code after a
// top-level `return` in a CommonJS file) can make the whole file equivalent where the chunk is
// not; such a mutant is kept, as it would be without the filter.

// chunked is the chunk index of one file.
type chunked struct {
	starts  []int  // 0-based first line of each chunk, ascending, starts[0] == 0
	wrapped []bool // the chunk is a class member, parsed inside classWrapOpen … classWrapClose
	spans   []lineSpan
	mu      sync.Mutex
	orig    map[int]chunkOrig // by chunk index
}

type chunkOrig struct {
	ok   bool
	code string
}

// boundaries computes the chunk starts from the lexed lines: a line starts a chunk when the
// bracket depth is 0 at its start, it does not begin inside a token, its first code token is an
// identifier or a keyword that begins a statement, and the previous code line ended with `;` or
// `}`. Inside a class declared at the top level the members are chunks too (depth 1, the
// previous line ending with `;`, `}` or the class's `{`); they are parsed wrapped in a class.
func boundaries(lines []operators.Line) (starts []int, wrapped []bool) {
	starts, wrapped = []int{0}, []bool{false}
	depth := 0
	prevEnd := ""
	inClass := false
	for i, ol := range lines {
		var first, last *lex.Token
		isClassHead := false
		for k := range ol.Tokens {
			t := &ol.Tokens[k]
			if t.Kind == lex.Comment || t.Pos < ol.Start {
				continue
			}
			if first == nil {
				first = t
			}
			if t.Kind == lex.Keyword && tokenText(ol, *t) == "class" {
				isClassHead = true
			}
			last = t
		}
		if first != nil && i > 0 && !ol.StartsInside {
			text := tokenText(ol, *first)
			startsStmt := (first.Kind == lex.Ident || first.Kind == lex.Keyword || first.Kind == lex.PrivateName) && !continuesStatement[text]
			switch {
			case depth == 0 && startsStmt && (prevEnd == ";" || prevEnd == "}"):
				starts, wrapped = append(starts, i), append(wrapped, false)
			case depth == 1 && inClass && startsStmt && (prevEnd == ";" || prevEnd == "}" || prevEnd == "{"):
				starts, wrapped = append(starts, i), append(wrapped, true)
			case depth == 1 && inClass && first.Kind == lex.Punct && text == "}":
				starts, wrapped = append(starts, i), append(wrapped, false) // the class's closing line
			}
		}
		startDepth := depth
		for k := range ol.Tokens {
			t := ol.Tokens[k]
			if t.Pos < ol.Start {
				continue // counted on the line where it starts
			}
			switch t.Kind {
			case lex.Punct:
				switch tokenText(ol, t) {
				case "(", "[", "{":
					depth++
				case ")", "]", "}":
					depth--
				}
			case lex.TemplateHead:
				depth++
			case lex.TemplateTail:
				depth--
			}
		}
		switch {
		case startDepth == 0 && depth == 1 && isClassHead && last != nil && tokenText(ol, *last) == "{":
			inClass = true
		case depth <= 0:
			inClass = false
		}
		if last != nil {
			if last.Kind == lex.Punct {
				prevEnd = tokenText(ol, *last)
			} else {
				prevEnd = ""
			}
			if int(last.End) > int(ol.Start)+len(ol.Text) {
				prevEnd = "" // the line ends inside a token
			}
		}
	}
	return starts, wrapped
}

// The wrapper a class member chunk is parsed in; `extends Object` lets `super` calls parse.
const (
	classWrapOpen  = "class BondChunk extends Object {\n"
	classWrapClose = "\n}\n"
)

// continuesStatement are keywords that, after `}` or `;`, go on with the statement before.
var continuesStatement = map[string]bool{
	"else": true, "catch": true, "finally": true, "while": true, "in": true, "instanceof": true,
	"of": true, "as": true, "satisfies": true,
}

func tokenText(l operators.Line, t lex.Token) string {
	s, e := int(t.Pos)-int(l.Start), int(t.End)-int(l.Start)
	s = max(0, min(s, len(l.Text)))
	e = max(s, min(e, len(l.Text)))
	return l.Text[s:e]
}

// useChunks gives the checker a chunk index built from the file's lexed lines.
func (c *checker) useChunks(src string, spans []lineSpan, lines []operators.Line) {
	c.src = src
	if len(lines) != len(spans) {
		return
	}
	st, wr := boundaries(lines)
	if len(st) < 2 {
		return
	}
	c.chunks = &chunked{starts: st, wrapped: wr, spans: spans, orig: map[int]chunkOrig{}}
}

// checkLine checks the file with line i (0-based) replaced by text.
func (c *checker) checkLine(i int, text string) verdict {
	full := func() verdict {
		sp := c.chunksSpans()[i]
		return c.check(c.src[:sp.Start] + text + c.src[sp.End:])
	}
	ch := c.chunks
	if ch == nil {
		return full()
	}
	k := sort.Search(len(ch.starts), func(j int) bool { return ch.starts[j] > i }) - 1
	from := ch.spans[ch.starts[k]].Start
	lastLine := len(ch.spans) - 1
	if k+1 < len(ch.starts) {
		lastLine = ch.starts[k+1] - 1
	}
	to := ch.spans[lastLine].Next
	open, close := "", ""
	if ch.wrapped[k] {
		open, close = classWrapOpen, classWrapClose
	}
	ch.mu.Lock()
	o, done := ch.orig[k]
	ch.mu.Unlock()
	if !done {
		code, msg := transform(c.path, open+c.src[from:to]+close, c.loader, c.minify)
		o = chunkOrig{ok: msg == "", code: code}
		ch.mu.Lock()
		ch.orig[k] = o
		ch.mu.Unlock()
	}
	if !o.ok {
		return full()
	}
	sp := ch.spans[i]
	code, msg := transform(c.path, open+c.src[from:sp.Start]+text+c.src[sp.End:to]+close, c.loader, c.minify)
	if msg != "" || (c.minify && code == o.code) {
		return full()
	}
	return verdict{}
}

func (c *checker) chunksSpans() []lineSpan {
	if c.chunks != nil {
		return c.chunks.spans
	}
	return splitLines([]byte(c.src))
}
