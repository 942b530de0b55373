package embedded

// This file lets the embedded runner run dependencies whose regular expressions use Unicode
// property escapes (\p{…} and \P{…} under the u flag), which goja compiles but never matches
// (propertyEscape, unsupported.go, refuses a bundle that still holds one). micromark, under
// much of the remark and mdast ecosystem, classifies punctuation with /\p{P}|\p{S}/u.
//
// Before esbuild parses a file (a dependency's or the repository's own, a mutant's bytes too),
// each such escape of a regular expression literal is replaced by the character class of
// exactly the code points this machine's Node gives the property: the tables are read from Node
// itself, once per Runner, so the embedded run and the real runner's (the same node on PATH)
// agree on every code point whatever Unicode version goja, Go and Node's ICU were each built
// with — Go's own tables are older than Node's (Unicode 15.0 against 17.0 here), and would differ
// on every character assigned since. Lines never move, so coverage, which is by line, reads the
// file as written. What is left as it was, and so still refused by name: an escape in a pattern
// given to RegExp as a string, under the v flag, in a literal the lexer cannot be sure of (right
// after '}', or in a .jsx/.tsx file), a property Node does not know, past the bounds below, and
// any escape when no node is on PATH.

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/operators/lex"
)

// codeRange is the code points [lo, hi].
type codeRange struct{ lo, hi rune }

// maxCodePoint is the last Unicode code point.
const maxCodePoint = 0x10FFFF

// propertyTables answers, for a property name as written in \p{NAME}, the code points Node
// matches with it, read from Node once per name and kept for the Runner's life. Safe for the
// concurrent onLoad calls of esbuild's goroutines.
type propertyTables struct {
	// node is the node binary; "" when none is on PATH, and then no name has a table.
	node string
	mu   sync.Mutex
	// ranges holds each name asked for: its sorted, disjoint ranges, or nil where Node
	// rejected the name (or could not be asked).
	ranges map[string][]codeRange
	// expanded caches each rewritten file by the SHA-256 of its bytes, since esbuild's
	// rebuilds load every file again.
	expanded map[[32]byte][]byte
}

// newPropertyTables finds node on PATH; with none, every escape stays as it is.
func newPropertyTables() *propertyTables {
	node, _ := exec.LookPath("node")
	return &propertyTables{node: node, ranges: map[string][]codeRange{}, expanded: map[[32]byte][]byte{}}
}

// Bounds on what a hostile dependency can make the expansion cost: past them, the escapes are
// left as they are and the bundle is refused by name (the command runner takes the oracle).
const (
	// maxPropertyNames is the most distinct property names one Runner reads from Node (each
	// is a pass over every code point, about a tenth of a second).
	maxPropertyNames = 64
	// maxExpansionGrowth is the most bytes expansion may add to one file.
	maxExpansionGrowth = 4 << 20
)

// nodeTablesTimeout bounds the one Node run that reads the tables of a file's names. The run
// happens while a bundle is built, where no caller's context reaches (New has none); it runs
// bond's own script, reads no file and starts nothing, and CommandContext kills it at the bound.
const nodeTablesTimeout = 60 * time.Second

// nodeTablesScript reads a JSON list of property names on stdin and prints, for each, null when
// Node rejects \p{NAME} under the u flag, else its ranges as a flat list [lo, hi, lo, hi, …],
// found by testing every code point: Node's own answer, whatever its Unicode version.
const nodeTablesScript = `
let input = '';
process.stdin.on('data', (d) => { input += d; });
process.stdin.on('end', () => {
  const out = {};
  for (const name of JSON.parse(input)) {
    let re;
    try { re = new RegExp('^\\p{' + name + '}$', 'u'); } catch { out[name] = null; continue; }
    const flat = [];
    let lo = -1;
    for (let cp = 0; cp <= 0x10FFFF; cp++) {
      if (re.test(String.fromCodePoint(cp))) {
        if (lo < 0) lo = cp;
      } else if (lo >= 0) {
        flat.push(lo, cp - 1);
        lo = -1;
      }
    }
    if (lo >= 0) flat.push(lo, 0x10FFFF);
    out[name] = flat;
  }
  process.stdout.write(JSON.stringify(out));
});
`

// tables returns the ranges of each of names that Node knows, asking Node for those not asked
// before. A Node that cannot be run leaves every new name without a table.
func (pt *propertyTables) tables(names []string) map[string][]codeRange {
	pt.mu.Lock()
	defer pt.mu.Unlock()
	var ask []string
	for _, n := range names {
		if _, ok := pt.ranges[n]; !ok && !slices.Contains(ask, n) {
			ask = append(ask, n)
		}
	}
	if len(pt.ranges)+len(ask) > maxPropertyNames {
		ask = nil // none read: every escape of these names stays, and is refused
	}
	if len(ask) > 0 {
		got := pt.readNode(ask)
		for _, n := range ask {
			pt.ranges[n] = got[n]
		}
	}
	out := map[string][]codeRange{}
	for _, n := range names {
		if r := pt.ranges[n]; r != nil {
			out[n] = r
		}
	}
	return out
}

// readNode runs nodeTablesScript for names, in an empty directory of its own with nothing of
// bond's environment but PATH; nil when there is no node or the run fails.
func (pt *propertyTables) readNode(names []string) map[string][]codeRange {
	if pt.node == "" {
		return nil
	}
	in, err := json.Marshal(names)
	if err != nil {
		return nil
	}
	dir, err := os.MkdirTemp("", "bond-unicode-")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), nodeTablesTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, pt.node, "-e", nodeTablesScript)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, []string{"PATH=" + os.Getenv("PATH")}, bytes.NewReader(in)
	b, err := cmd.Output()
	if err != nil {
		return nil
	}
	var flat map[string][]rune
	if json.Unmarshal(b, &flat) != nil {
		return nil
	}
	out := map[string][]codeRange{}
	for n, f := range flat {
		if f == nil || len(f)%2 != 0 {
			continue
		}
		rs := make([]codeRange, 0, len(f)/2)
		for i := 0; i < len(f); i += 2 {
			if f[i] > f[i+1] || f[i] < 0 || f[i+1] > maxCodePoint {
				return nil // not Node's answer
			}
			rs = append(rs, codeRange{f[i], f[i+1]})
		}
		if !sort.SliceIsSorted(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo }) {
			return nil
		}
		out[n] = rs
	}
	return out
}

// expand returns src with the property escapes of its u-flag regular expression literals
// replaced (expandPropertyEscapes), from the cache when these bytes were expanded before.
func (pt *propertyTables) expand(src []byte, sum [32]byte) []byte {
	pt.mu.Lock()
	b, ok := pt.expanded[sum]
	pt.mu.Unlock()
	if ok {
		return b
	}
	b = expandPropertyEscapes(src, pt.tables)
	pt.mu.Lock()
	pt.expanded[sum] = b
	pt.mu.Unlock()
	return b
}

// hasPropertyEscape reports whether src may hold a property escape: the cheap test before
// lexing a file.
func hasPropertyEscape(src []byte) bool {
	return bytes.Contains(src, []byte(`\p{`)) || bytes.Contains(src, []byte(`\P{`))
}

// expandPropertyEscapes returns src (JavaScript or TypeScript without JSX, whose text children
// the lexer cannot tell from code) with every \p{NAME} and \P{NAME} of its regular expression
// literals that carry the u flag (and not v) replaced by an explicit class of the code points
// tables gives NAME (its complement for \P): outside a class a class of its own, inside one the
// ranges spliced in. A literal holding a name tables does not give is left whole. Lines are
// never added or removed. src is returned as it is when nothing changed.
func expandPropertyEscapes(src []byte, tables func(names []string) map[string][]codeRange) []byte {
	if !hasPropertyEscape(src) {
		return src
	}
	f := lex.NewFile("", src)
	var lx lex.Lexer
	lx.Init(f, nil)
	type literal struct {
		pos, end int
		body     string
		names    []string
	}
	var lits []literal
	var names []string
	var prev lex.Token
	for {
		t := lx.Next()
		if t.Kind == lex.EOF {
			break
		}
		afterBrace := prev.Kind == lex.Punct && string(src[prev.Pos:prev.End]) == "}"
		if t.Kind != lex.Comment {
			prev = t
		}
		// After '}' a '/' may be a division (an object literal's end) that the lexer read as a
		// pattern, whose span could hold a string's bytes: such a literal is left, and refused.
		if t.Kind != lex.Regex || afterBrace {
			continue
		}
		text := string(src[t.Pos:t.End])
		slash := strings.LastIndexByte(text, '/')
		if slash <= 0 {
			continue
		}
		body, flags := text[1:slash], text[slash+1:]
		if !strings.ContainsRune(flags, 'u') || strings.ContainsRune(flags, 'v') || !hasPropertyEscape([]byte(body)) {
			continue
		}
		ns := escapeNames(body)
		if len(ns) == 0 {
			continue
		}
		lits = append(lits, literal{pos: int(t.Pos) + 1, end: int(t.Pos) + 1 + len(body), body: body, names: ns})
		names = append(names, ns...)
	}
	if len(lits) == 0 {
		return src
	}
	tab := tables(names)
	var out bytes.Buffer
	last := 0
	for _, l := range lits {
		body, ok := rewriteBody(l.body, tab, len(l.body)+maxExpansionGrowth)
		if !ok {
			continue
		}
		if out.Len()+len(body) > len(src)+maxExpansionGrowth {
			return src // checked as it grows, so a bomb never costs more than the bound
		}
		out.Write(src[last:l.pos])
		out.WriteString(body)
		last = l.end
	}
	if last == 0 {
		return src
	}
	out.Write(src[last:])
	return out.Bytes()
}

// escapeNames lists the property names a pattern's \p{…} and \P{…} escapes give, in order.
func escapeNames(body string) []string {
	var names []string
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' || i+1 >= len(body) {
			continue
		}
		if (body[i+1] == 'p' || body[i+1] == 'P') && i+2 < len(body) && body[i+2] == '{' {
			if j := strings.IndexByte(body[i+3:], '}'); j >= 0 {
				names = append(names, body[i+3:i+3+j])
			}
		}
		i++ // the escaped character
	}
	return names
}

// rewriteBody replaces each property escape of a u-flag pattern by its class; ok is false (and
// the pattern to be left as it is) when a name has no table, the pattern ends inside an escape,
// or the result would pass limit bytes.
func rewriteBody(body string, tab map[string][]codeRange, limit int) (string, bool) {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(body); i++ {
		if b.Len() > limit {
			return "", false
		}
		c := body[i]
		switch {
		case c == '\\':
			if i+1 >= len(body) {
				return "", false
			}
			if e := body[i+1]; (e == 'p' || e == 'P') && i+2 < len(body) && body[i+2] == '{' {
				j := strings.IndexByte(body[i+3:], '}')
				if j < 0 {
					return "", false
				}
				rs, ok := tab[body[i+3:i+3+j]]
				if !ok {
					return "", false
				}
				if e == 'P' {
					rs = complement(rs)
				}
				if !inClass {
					b.WriteByte('[')
				}
				writeRanges(&b, rs)
				if !inClass {
					b.WriteByte(']')
				}
				i += 3 + j
				continue
			}
			b.WriteString(body[i : i+2])
			i++
		case c == '[' && !inClass:
			inClass = true
			b.WriteByte(c)
		case c == ']' && inClass:
			inClass = false
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > limit {
		return "", false
	}
	return b.String(), true
}

// complement is the code points of [0, maxCodePoint] outside rs (sorted and disjoint).
func complement(rs []codeRange) []codeRange {
	var out []codeRange
	next := rune(0)
	for _, r := range rs {
		if r.lo > next {
			out = append(out, codeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= maxCodePoint {
		out = append(out, codeRange{next, maxCodePoint})
	}
	return out
}

// writeRanges writes rs as the members of a u-flag class: \u{X} or \u{X}-\u{Y} each.
func writeRanges(b *strings.Builder, rs []codeRange) {
	for _, r := range rs {
		writeCodePoint(b, r.lo)
		if r.hi != r.lo {
			b.WriteByte('-')
			writeCodePoint(b, r.hi)
		}
	}
}

func writeCodePoint(b *strings.Builder, c rune) {
	b.WriteString(`\u{`)
	b.WriteString(strings.ToUpper(strconv.FormatInt(int64(c), 16)))
	b.WriteByte('}')
}
