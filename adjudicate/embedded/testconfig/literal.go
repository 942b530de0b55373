package testconfig

// This file reads a jest or vitest config program as data without running it: esbuild strips
// TypeScript (and comments), package lex tokenizes the JavaScript, and a small reader
// takes the exported configuration apart into literal values — strings, and arrays and objects
// of them. Anything else (a variable, a call, a spread, a template with ${}, a function) is an
// opaque value that keeps its source text, so a caller can say what it could not read.

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/operators/lex"
	"github.com/evanw/esbuild/pkg/api"
)

// litKind is the shape of a literal value read from a config.
type litKind int

const (
	litOpaque litKind = iota // not a literal: a variable, a call, a spread, a template with ${}, …
	litString
	litArray
	litObject
	litScalar // a number, boolean, null or regular-expression literal
)

// litProp is one entry of an object literal, in source order: a key and its value, or a spread
// or computed key (spread true), which may set any key.
type litProp struct {
	key    string
	val    litValue
	spread bool
}

// litValue is a value read from a config's text.
type litValue struct {
	kind  litKind
	str   string     // litString: the string's value
	elems []litValue // litArray
	props []litProp  // litObject
	text  string     // the source text (esbuild's printing of it), for reasons
	// spread: an opaque value get returned for a spread or computed key that may set the key.
	spread bool
}

// get returns the value of key in an object: present is false when the object does not set it.
// A spread or computed key after the last setting may override it, so get returns an opaque
// value naming the spread.
func (v litValue) get(key string) (val litValue, present bool) {
	for i := len(v.props) - 1; i >= 0; i-- {
		p := v.props[i]
		switch {
		case p.spread:
			return litValue{kind: litOpaque, text: p.val.text, spread: true}, true
		case p.key == key:
			return p.val, true
		}
	}
	return litValue{}, false
}

// strings reads a string or an array of strings (one, when one is true, only a string); ok is
// false for anything else.
func (v litValue) strings(one bool) ([]string, bool) {
	switch {
	case v.kind == litString:
		return []string{v.str}, true
	case v.kind == litArray && !one:
		out := make([]string, 0, len(v.elems))
		for _, e := range v.elems {
			if e.kind != litString {
				return nil, false
			}
			out = append(out, e.str)
		}
		return out, true
	}
	return nil, false
}

// readConfigProgram returns the configuration a config program exports (export default or
// module.exports), resolved through defineConfig/defineProject and a top-level const used
// nowhere else; found is false when the program does not export one value bond can locate.
// file names the program for its loader (.ts, .mts and .cts are TypeScript).
func readConfigProgram(file, text string) (v litValue, found bool, err error) {
	loader := api.LoaderJS
	if strings.HasSuffix(file, "ts") {
		loader = api.LoaderTS
	}
	tr := api.Transform(text, api.TransformOptions{Loader: loader, Sourcefile: file})
	if len(tr.Errors) > 0 {
		return litValue{}, false, fmt.Errorf("%s: %s", file, tr.Errors[0].Text)
	}
	r := newLitReader(tr.Code)
	at, ok := r.exported()
	if !ok {
		return litValue{}, false, nil
	}
	return r.resolve(at, 0), true, nil
}

// readConfigJSON reads a JSON configuration (jest.config.json, package.json's "jest").
func readConfigJSON(b []byte) (litValue, error) {
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return litValue{}, err
	}
	return fromJSON(x), nil
}

func fromJSON(x any) litValue {
	switch x := x.(type) {
	case string:
		return litValue{kind: litString, str: x, text: strconv.Quote(x)}
	case []any:
		v := litValue{kind: litArray, text: "[…]"}
		for _, e := range x {
			v.elems = append(v.elems, fromJSON(e))
		}
		return v
	case map[string]any:
		v := litValue{kind: litObject, text: "{…}"}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v.props = append(v.props, litProp{key: k, val: fromJSON(x[k])})
		}
		return v
	}
	return litValue{kind: litScalar, text: fmt.Sprint(x)}
}

// litReader walks one program's tokens (comments dropped).
type litReader struct {
	src  []byte
	toks []lex.Token
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

// exported finds the token where the one exported configuration starts: after `export default`
// or `module.exports =` at the top level. Two exports, or none, is not found.
func (r *litReader) exported() (int, bool) {
	at, n, depth := -1, 0, 0
	for i := 0; i < len(r.toks); i++ {
		switch {
		case r.punct(i, "{") || r.punct(i, "(") || r.punct(i, "[") || r.toks[i].Kind == lex.TemplateHead:
			depth++
		case r.punct(i, "}") || r.punct(i, ")") || r.punct(i, "]") || r.toks[i].Kind == lex.TemplateTail:
			depth--
		case depth != 0:
		case r.is(i, lex.Keyword, "export") && r.is(i+1, lex.Keyword, "default"):
			at, n = i+2, n+1
		case r.is(i, lex.Ident, "module") && r.punct(i+1, ".") && r.is(i+2, lex.Ident, "exports") && r.punct(i+3, "="):
			at, n = i+4, n+1
		case r.is(i, lex.Keyword, "export") || r.is(i, lex.Ident, "exports") && r.punct(i+1, "."):
			n += 2 // another export form: which value is the configuration is not plain
		}
	}
	return at, n == 1
}

// resolve reads the value at token i, seeing through defineConfig(…)/defineProject(…) and a
// top-level `const NAME = …` that nothing else mentions.
func (r *litReader) resolve(i, depth int) litValue {
	end, v := r.value(i)
	if v.kind != litOpaque || depth > 4 || !r.terminator(end) {
		return v
	}
	switch {
	case r.toks[i].Kind == lex.Ident && end == i+1:
		if decl, ok := r.declaration(r.text(i)); ok {
			return r.resolve(decl, depth+1)
		}
	case r.toks[i].Kind == lex.Ident && (r.text(i) == "defineConfig" || r.text(i) == "defineProject") && r.punct(i+1, "("):
		argEnd, _ := r.value(i + 2)
		if r.punct(argEnd, ")") && argEnd+1 == end {
			return r.resolve(i+2, depth+1)
		}
	}
	return v
}

// declaration returns where name's initializer starts when the program declares it once at the
// top level (const, let or var) and mentions it only once more: the export.
func (r *litReader) declaration(name string) (int, bool) {
	at, uses := -1, 0
	for i := range r.toks {
		if r.toks[i].Kind != lex.Ident || r.text(i) != name || i > 0 && (r.punct(i-1, ".") || r.punct(i-1, "?.")) {
			continue
		}
		uses++
		if i > 0 && r.toks[i-1].Kind == lex.Keyword && strings.Contains(" const let var ", " "+r.text(i-1)+" ") && r.punct(i+1, "=") {
			at = i + 2
		}
	}
	return at, at >= 0 && uses == 2
}

// terminator reports whether token i ends a value: , ; ) ] } or the end.
func (r *litReader) terminator(i int) bool {
	if i >= len(r.toks) || r.toks[i].Kind == lex.EOF {
		return true
	}
	return r.punct(i, ",") || r.punct(i, ";") || r.punct(i, ")") || r.punct(i, "]") || r.punct(i, "}")
}

// value reads the value starting at token i and returns the token after it.
func (r *litReader) value(i int) (int, litValue) {
	start := i
	var v litValue
	t := r.toks[i]
	switch {
	case t.Kind == lex.String:
		s, ok := jsUnquote(r.text(i))
		v = litValue{kind: litString, str: s}
		if !ok {
			v.kind = litOpaque
		}
		i++
	case t.Kind == lex.Template:
		raw := r.text(i)
		v = litValue{kind: litString, str: raw[1 : len(raw)-1]}
		if strings.Contains(raw, `\`) {
			v.kind = litOpaque
		}
		i++
	case t.Kind == lex.Number || t.Kind == lex.Regex || t.Kind == lex.Keyword && (r.text(i) == "true" || r.text(i) == "false" || r.text(i) == "null"):
		v, i = litValue{kind: litScalar}, i+1
	case r.punct(i, "["):
		i, v = r.array(i + 1)
	case r.punct(i, "{"):
		i, v = r.object(i + 1)
	}
	if v.kind == litOpaque || !r.terminator(i) {
		i, v = r.skip(start), litValue{kind: litOpaque}
	}
	v.text = r.span(start, i)
	return i, v
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

// array reads elements after "[" up to its "]".
func (r *litReader) array(i int) (int, litValue) {
	v := litValue{kind: litArray}
	for !r.punct(i, "]") {
		if r.terminator(i) { // a hole or a stray close
			return i, litValue{}
		}
		var e litValue
		if r.punct(i, "...") {
			i, e = r.skip(i), litValue{kind: litOpaque, text: r.span(i, r.skip(i))}
		} else {
			i, e = r.value(i)
		}
		v.elems = append(v.elems, e)
		if r.punct(i, ",") {
			i++
		}
	}
	return i + 1, v
}

// object reads properties after "{" up to its "}".
func (r *litReader) object(i int) (int, litValue) {
	v := litValue{kind: litObject}
	for !r.punct(i, "}") {
		if i >= len(r.toks) || r.toks[i].Kind == lex.EOF {
			return i, litValue{}
		}
		var p litProp
		switch t := r.toks[i]; {
		case r.punct(i, "...") || r.punct(i, "["): // a spread or a computed key
			end := r.skip(i)
			p = litProp{spread: true, val: litValue{kind: litOpaque, text: r.span(i, end)}}
			i = end
		case t.Kind == lex.Ident || t.Kind == lex.Keyword || t.Kind == lex.Number || t.Kind == lex.String:
			p.key = r.text(i)
			if t.Kind == lex.String {
				p.key, _ = jsUnquote(p.key)
			}
			if r.punct(i+1, ":") {
				i, p.val = r.value(i + 2)
			} else { // shorthand, method or accessor
				end := r.skip(i)
				if !r.terminator(i+1) && !r.punct(i+1, "(") {
					p.key = r.text(i + 1) // get NAME() / set NAME() / async NAME()
				}
				p.val, i = litValue{kind: litOpaque, text: r.span(i, end)}, end
			}
		default:
			return i, litValue{}
		}
		v.props = append(v.props, p)
		if r.punct(i, ",") {
			i++
		} else if !r.punct(i, "}") {
			return i, litValue{}
		}
	}
	return i + 1, v
}

// jsUnquote reads a '…' or "…" JavaScript string literal; ok is false for an escape it does not
// know (the value is then not read as a literal).
func jsUnquote(lit string) (string, bool) {
	if len(lit) < 2 {
		return "", false
	}
	body := lit[1 : len(lit)-1]
	if !strings.Contains(body, `\`) {
		return body, true
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(body) {
			return "", false
		}
		switch c = body[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b', 'f', 'v', '0', 'x', 'u', '\n', '\r':
			// \u and \x escapes, and the rest, are not worth reading for test patterns.
			return "", false
		default:
			b.WriteByte(c) // \\ \' \" \. \/ …: the character itself
		}
	}
	return b.String(), true
}

// readJestConfig reads a jest configuration: JSON for package.json's "jest" key and
// jest.config.json, a program otherwise.
func readJestConfig(file, text string) (litValue, bool, error) {
	if strings.HasSuffix(file, ".json") {
		v, err := readConfigJSON([]byte(text))
		return v, err == nil, err
	}
	return readConfigProgram(file, text)
}
