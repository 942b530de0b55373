package testconfig

// This file is the one reader of configuration text as literal values, for every configuration
// this package reads as a program or as JSON-like text: jest's and vitest's config programs
// (program.go, after esbuild strips TypeScript) and mocha's .mocharc files (mocha.go, yaml.go).
// Package lex tokenizes the text; the reader takes a value apart into strings, numbers, booleans,
// null, and arrays and objects of them. Anything else (a variable, a call, a spread, a template
// with ${}, a function) is an opaque value that keeps its source text, so a caller can say what
// it could not read.
//
// While it reads, the reader also notes the first place where the text stops being plain data —
// literals only, as in JSON with single quotes, bare keys and trailing commas, spaces being
// " \t\r\n" — and what is wrong there. Mocha's reading (parseLiteral) refuses from that place,
// since a configuration that computes its values is refused, never guessed; jest's and vitest's
// readings take the literals they find and name the opaque values they needed. The values it
// returns are litvalue.go's; its reading by bytes and its faults, plaindata.go's.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/operators/lex"
)

// parseLiteral reads one literal (object, array, string, number, true, false, null) from text,
// which comments have been stripped from, followed by nothing but an optional semicolon. A value
// that is not plain data throughout is an error naming the first place it is not.
func parseLiteral(text string) (any, error) {
	r := newLitReader([]byte(text))
	i, v := r.value(0, 0)
	if r.fault == nil {
		o := 0
		if i > 0 {
			o = r.space(int(r.toks[i-1].End))
		}
		if o < len(r.src) && r.src[o] == ';' {
			o = r.space(o + 1)
		}
		if o < len(r.src) {
			r.failf("unexpected %q after the value", r.rest(o))
		}
	}
	if r.fault != nil {
		return nil, r.fault
	}
	return v.plain(), nil
}

// litReader walks one text's tokens (comments dropped; where they stood is not plain data).
type litReader struct {
	src  []byte
	toks []lex.Token
	// fault is the first place, in reading order, where the text read stops being plain data.
	fault error
}

func newLitReader(src []byte) *litReader {
	r := &litReader{src: src}
	var lx lex.Lexer
	lx.Init(lex.NewFile("config", src), nil)
	for {
		t := lx.Next()
		if t.Kind == lex.Comment {
			continue
		}
		r.toks = append(r.toks, t)
		if t.Kind == lex.EOF {
			return r
		}
	}
}

func (r *litReader) text(i int) string {
	t := r.toks[i]
	return string(r.src[t.Pos:t.End])
}

func (r *litReader) is(i int, kind lex.Kind, text string) bool {
	return i < len(r.toks) && r.toks[i].Kind == kind && r.text(i) == text
}

func (r *litReader) punct(i int, text string) bool { return r.is(i, lex.Punct, text) }

// terminator reports whether token i ends a value: , ; ) ] } or the end.
func (r *litReader) terminator(i int) bool {
	if i >= len(r.toks) || r.toks[i].Kind == lex.EOF {
		return true
	}
	return r.punct(i, ",") || r.punct(i, ";") || r.punct(i, ")") || r.punct(i, "]") || r.punct(i, "}")
}

func (r *litReader) span(from, to int) string {
	if to <= from {
		return ""
	}
	return string(r.src[r.toks[from].Pos:r.toks[to-1].End])
}

// skip passes over an expression from token i to the terminator at its own bracket depth.
func (r *litReader) skip(i int) int {
	depth := 0
	for ; i < len(r.toks) && r.toks[i].Kind != lex.EOF; i++ {
		switch {
		case r.punct(i, "{") || r.punct(i, "(") || r.punct(i, "[") || r.toks[i].Kind == lex.TemplateHead:
			depth++
		case depth == 0 && r.terminator(i):
			return i
		case r.punct(i, "}") || r.punct(i, ")") || r.punct(i, "]") || r.toks[i].Kind == lex.TemplateTail:
			depth--
		}
	}
	return i
}

// value reads the value starting at token i and returns the token after it. in is the bracket
// the value sits in, '}' or ']', or 0 at the top: it decides what a fault after the value says.
func (r *litReader) value(i int, in byte) (int, litValue) {
	if i >= len(r.toks) {
		i = len(r.toks) - 1
	}
	if g := r.gap(i); g >= 0 {
		r.failValue(g)
	}
	start := i
	var v litValue
	t := r.toks[i]
	switch o := int(t.Pos); {
	case t.Kind == lex.String:
		s, end, escaped, err := r.unquote(o)
		v = litValue{kind: litString, str: s, escaped: escaped}
		next, clean := r.tokenAt(end)
		switch {
		case err != nil:
			r.failf("%s", err)
			v.kind = litOpaque
			i++
		case end == int(t.End):
			i++
		case clean: // the lexer ended the string early, at a raw carriage return, and went on
			i = next
		default:
			r.failAfter(in, end)
			i++
		}
	case t.Kind == lex.Template:
		r.failValue(o)
		if raw := r.text(i); len(raw) >= 2 && !strings.Contains(raw, `\`) {
			v = litValue{kind: litString, str: raw[1 : len(raw)-1]}
		}
		i++
	case t.Kind == lex.Number || o < len(r.src) && r.src[o] == '-':
		next, f, ok := r.number(i, in)
		switch {
		case t.Kind == lex.Number:
			v, i = litValue{kind: litScalar, data: f}, i+1
		case ok: // a negative number
			v, i = litValue{kind: litScalar, data: f}, next
		}
	case t.Kind == lex.Keyword && (r.text(i) == "true" || r.text(i) == "false" || r.text(i) == "null"):
		if w := r.word(o); w != r.text(i) {
			r.failValue(o)
		}
		v, i = litValue{kind: litScalar, data: map[string]any{"true": true, "false": false}[r.text(i)]}, i+1
	case t.Kind == lex.Regex:
		r.failValue(o)
		v, i = litValue{kind: litScalar}, i+1
	case r.punct(i, "["):
		i, v = r.array(i + 1)
	case r.punct(i, "{"):
		i, v = r.object(i + 1)
	default:
		r.failValue(o)
	}
	if v.kind == litOpaque || !r.terminator(i) {
		if v.kind != litOpaque {
			r.failAfter(in, int(r.toks[i-1].End))
		}
		i, v = r.skip(start), litValue{kind: litOpaque}
	}
	v.text = r.span(start, i)
	return i, v
}

// number reads the number at token i as plain data does: a '-' or a digit, then the digits,
// dots, exponents and signs that follow, which must make a number and end where a token ends.
// next is the token after it; ok is false when it is not plain data (a fault then says why).
func (r *litReader) number(i int, in byte) (next int, f float64, ok bool) {
	o := int(r.toks[i].Pos)
	if c := r.src[o]; c != '-' && (c < '0' || c > '9') {
		r.failValue(o) // .5
		return i, 0, false
	}
	end := o + 1
	for end < len(r.src) && strings.IndexByte("0123456789.eE+-", r.src[end]) >= 0 {
		end++
	}
	f, err := strconv.ParseFloat(string(r.src[o:end]), 64)
	if err != nil {
		r.failf("not a number: %q", r.src[o:end])
		return i, 0, false
	}
	next, clean := r.tokenAt(end)
	if !clean { // 0x1F, 1_000, 10n: the number ends inside a token
		r.failAfter(in, end)
		return i, f, false
	}
	return next, f, true
}

// array reads elements after "[" up to its "]".
func (r *litReader) array(i int) (int, litValue) {
	v := litValue{kind: litArray}
	for {
		if g := r.gap(i); g >= 0 {
			r.failValue(g)
		}
		if r.punct(i, "]") {
			break
		}
		if r.terminator(i) { // a hole or a stray close
			r.failValue(int(r.toks[i].Pos))
			return i, litValue{}
		}
		var e litValue
		if r.punct(i, "...") {
			r.failValue(int(r.toks[i].Pos))
			i, e = r.skip(i), litValue{kind: litOpaque, text: r.span(i, r.skip(i))}
		} else {
			i, e = r.value(i, ']')
		}
		v.elems = append(v.elems, e)
		if g := r.gap(i); g >= 0 {
			r.failAfter(']', g)
		}
		if r.punct(i, ",") {
			i++
		} else if !r.punct(i, "]") {
			r.failAfter(']', int(r.toks[i].Pos))
		}
	}
	return i + 1, v
}

// object reads properties after "{" up to its "}".
func (r *litReader) object(i int) (int, litValue) {
	v := litValue{kind: litObject}
	for {
		if g := r.gap(i); g >= 0 {
			r.failKey(g)
		}
		if r.punct(i, "}") {
			break
		}
		if i >= len(r.toks) || r.toks[i].Kind == lex.EOF {
			r.failKey(len(r.src))
			return i, litValue{}
		}
		var p litProp
		switch t, o := r.toks[i], int(r.toks[i].Pos); {
		case r.punct(i, "...") || r.punct(i, "["): // a spread or a computed key
			r.failKey(o)
			end := r.skip(i)
			p = litProp{spread: true, val: litValue{kind: litOpaque, text: r.span(i, end)}}
			i = end
		case t.Kind == lex.Ident || t.Kind == lex.Keyword || t.Kind == lex.Number || t.Kind == lex.String:
			p.key = r.text(i)
			colon := i + 1 // where the key's ':' should be
			if t.Kind == lex.String {
				s, end, _, err := r.unquote(o)
				p.key = s
				if next, clean := r.tokenAt(end); err != nil {
					r.failf("%s", err)
				} else if end != int(t.End) && clean {
					colon = next
				} else if end != int(t.End) {
					r.failColon(s)
				}
			} else if w := r.word(o); w == "" {
				r.failKey(o)
			} else if w != p.key {
				// Plain data reads the key as a word (a-b is one); it must end where a token does.
				if next, clean := r.tokenAt(o + len(w)); !clean || !r.punct(next, ":") {
					r.failColon(w)
				} else {
					p.key, colon = w, next
				}
			}
			if r.punct(colon, ":") {
				if g := r.gap(colon); g >= 0 {
					r.failColon(p.key)
				}
				i, p.val = r.value(colon+1, '}')
			} else { // shorthand, method or accessor
				r.failColon(p.key)
				end := r.skip(i)
				if !r.terminator(i+1) && !r.punct(i+1, "(") {
					p.key = r.text(i + 1) // get NAME() / set NAME() / async NAME()
				}
				p.val, i = litValue{kind: litOpaque, text: r.span(i, end)}, end
			}
		default:
			r.failKey(o)
			return i, litValue{}
		}
		v.props = append(v.props, p)
		if g := r.gap(i); g >= 0 {
			r.failAfter('}', g)
		}
		if r.punct(i, ",") {
			i++
		} else if !r.punct(i, "}") {
			r.failAfter('}', int(r.toks[i].Pos))
			return i, litValue{}
		}
	}
	return i + 1, v
}

// unquote reads the '…' or "…" string literal at byte o: its value, the byte after its closing
// quote, and whether it uses an escape beyond \n, \t, \r and a character standing for itself.
// A \u escape is read with four hex digits only.
func (r *litReader) unquote(o int) (s string, end int, escaped bool, err error) {
	src, q := r.src, r.src[o]
	var b strings.Builder
	for j := o + 1; j < len(src); j++ {
		c := src[j]
		switch {
		case c == q:
			return b.String(), j + 1, escaped, nil
		case c == '\\' && j+1 < len(src):
			j++
			e := src[j]
			if strings.IndexByte("bfv0xu\n\r", e) >= 0 {
				escaped = true
			}
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case '0':
				b.WriteByte(0)
			case 'x', 'u':
				n := map[byte]int{'x': 2, 'u': 4}[e]
				if j+n < len(src) {
					if h, err := strconv.ParseUint(string(src[j+1:j+1+n]), 16, 32); err == nil {
						b.WriteRune(rune(h))
						j += n
						continue
					}
				}
				if e == 'u' {
					return "", 0, escaped, fmt.Errorf("a \\u escape bond does not read")
				}
				b.WriteByte(e)
			case '\r': // a line continuation
				if j+1 < len(src) && src[j+1] == '\n' {
					j++
				}
			case '\n':
			default:
				b.WriteByte(e) // \\ \' \" \. \/ …: the character itself
			}
		case c == '\n':
			return "", 0, escaped, fmt.Errorf("a string runs past its line")
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, escaped, fmt.Errorf("an unterminated string")
}
