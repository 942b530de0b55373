package operators

// What set 3's narrowed operators read of a whole file, computed once per file (fileView) and
// shared by its lines: which property names the patch's own code reads, and which names the
// file shows can hold a falsy value that is not nullish.

import (
	"strings"

	"github.com/bond-tool/bond/operators/lex"
)

// fileFacts are the per-file facts of set 3.
type fileFacts struct {
	// reads maps a property name to the lines of the patch (MarkPatch; every line without it)
	// that read it: `.name`, `?.name`, `['name']`, or a destructuring pattern's `{ name }`.
	reads map[string][]int
	// falsy holds the names the file gives a falsy non-nullish default (`name = 0`, `name: ''`,
	// `name = false`) or a primitive or falsy literal type (`name: number`, `name?: string`,
	// `name: 0 | 1`): a value that `??` keeps and `||` replaces.
	falsy map[string]bool
}

// factsOf returns the facts of l's file, or false when l was not made by Lines.
func factsOf(l Line) (*fileFacts, bool) {
	if l.view == nil || l.view.file == nil {
		return nil, false
	}
	fv := l.view.file
	fv.factsOnce.Do(func() { fv.facts = computeFacts(fv) })
	return &fv.facts, true
}

func computeFacts(fv *fileView) fileFacts {
	f := fileFacts{reads: map[string][]int{}, falsy: map[string]bool{}}
	for _, l := range fv.lines {
		toks := codeTokens(l)
		inPatch := fv.patch == nil || fv.patch[l.Number]
		for i, t := range toks {
			if inPatch {
				if name, ok := readAt(toks, i); ok {
					f.reads[name] = append(f.reads[name], l.Number)
				}
			}
			if (t.k == lex.Ident || t.k == lex.Keyword) && i+2 < len(toks) {
				next, k := toks[i+1], i+2
				if next.is("?") && toks[i+2].is(":") { // name?: T
					next, k = toks[i+2], i+3
				}
				if k < len(toks) && (next.is("=") || next.is(":")) && falsyNonNullish(toks[k], next.is(":")) {
					f.falsy[t.text] = true
				}
			}
		}
	}
	return f
}

// readAt returns the property name toks[i] reads, if it reads one.
func readAt(toks []tok, i int) (string, bool) {
	t := toks[i]
	switch {
	case (t.k == lex.Ident || t.k == lex.Keyword) && i > 0 && (toks[i-1].is(".") || toks[i-1].is("?.")):
		return t.text, true
	case t.k == lex.String && len(t.text) > 2 && i > 0 && toks[i-1].is("[") && i+1 < len(toks) && toks[i+1].is("]"):
		return t.text[1 : len(t.text)-1], true
	case t.k == lex.Ident && i > 0 && (toks[i-1].is("{") || toks[i-1].is(",")) && i+1 < len(toks) &&
		(toks[i+1].is(",") || toks[i+1].is("}") || toks[i+1].is(":") || toks[i+1].is("=")):
		return t.text, inPattern(toks, i)
	}
	return "", false
}

// inPattern reports whether toks[i] is directly inside a '{…}' on the line that is a
// destructuring pattern: after const/let/var, followed by '=', or in a parameter list.
func inPattern(toks []tok, i int) bool {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		u := toks[k]
		if u.closes() && u.k != lex.TemplateMiddle {
			depth++
			continue
		}
		if !u.opens() || u.k == lex.TemplateMiddle {
			continue
		}
		if depth > 0 {
			depth--
			continue
		}
		if !u.is("{") {
			return false
		}
		if k > 0 && (toks[k-1].kw("const") || toks[k-1].kw("let") || toks[k-1].kw("var")) {
			return true
		}
		c := match(toks, k)
		if c >= 0 && c+1 < len(toks) && toks[c+1].is("=") {
			return true
		}
		return inParameters(toks, k)
	}
	return false
}

// falsyNonNullish reports whether t spells a value or type that is falsy but not null or
// undefined: 0 in any spelling, an empty string or template, false, NaN; and, when typed
// (after ':'), the primitive types number, string, boolean and bigint.
func falsyNonNullish(t tok, typed bool) bool {
	switch t.k {
	case lex.Number:
		return zeroNumber(t.text)
	case lex.String:
		return len(t.text) == 2
	case lex.Template:
		return t.text == "``"
	case lex.Keyword:
		return t.text == "false"
	case lex.Ident:
		if t.text == "NaN" {
			return true
		}
		return typed && strings.Contains(" number string boolean bigint ", " "+t.text+" ")
	}
	return false
}
