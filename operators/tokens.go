package operators

// This file is the per-line view the operators share: a line's code tokens and the questions
// the operators ask of them (precedence, brackets, literals, spacing).

import (
	"strings"

	"github.com/bond-tool/bond/operators/lex"
)

// tok is a code token of a line (comments dropped), with offsets relative to Line.Text,
// clipped to it, and its text.
type tok struct {
	k       lex.Kind
	s, e    int
	text    string
	partial bool // the token goes on before or after the line
	angle   int  // TypeScript generic brackets: +1 for an opening '<', -n for a closing '>'…
	pair    int  // for a bracket, the index of its partner on the line, else -1
}

// codeTokens returns the line's tokens other than comments, relative to the line.
//
// It also marks what reads as TypeScript generic brackets, which the lexer cannot tell from
// comparisons: a '<' with no space after it, right after an identifier, a ':' or '(' or ',' or
// '=' or at the start (`Record<string, T>`, `<T = X>() =>`), opens; while one is open, a '>'
// (or '>>', '>>>') with no space before it closes. Operators that split at depth-0 commas or
// find a depth-0 '=' also require angle depth 0, so `Record<string, unknown>` is one operand
// and `<T = X>` is no assignment. A comparison written `a<b` is misread as a generic, the
// direction that loses a mutant rather than making a wrong one.
//
// The result is computed once per Line returned by Lines and shared by every operator, so it
// must not be modified.
func codeTokens(l Line) []tok {
	if l.view == nil {
		return buildCodeTokens(l)
	}
	l.view.once.Do(func() { l.view.toks = buildCodeTokens(l) })
	return l.view.toks
}

func buildCodeTokens(l Line) []tok {
	out := make([]tok, 0, len(l.Tokens))
	base := int(l.Start)
	angle := 0
	var stack []int // open brackets, by index into out
	for _, t := range l.Tokens {
		if t.Kind == lex.Comment {
			continue
		}
		s, e := int(t.Pos)-base, int(t.End)-base
		partial := s < 0 || e > len(l.Text)
		s = max(0, min(s, len(l.Text)))
		e = max(s, min(e, len(l.Text)))
		tk := tok{k: t.Kind, s: s, e: e, text: l.Text[s:e], partial: partial, pair: -1}
		switch {
		case tk.k == lex.TemplateMiddle: // closes one substitution and opens the next: transparent
		case tk.closes():
			if n := len(stack); n > 0 {
				tk.pair = stack[n-1]
				out[stack[n-1]].pair = len(out)
				stack = stack[:n-1]
			}
		case tk.opens():
			stack = append(stack, len(out))
		}
		if tk.k == lex.Punct {
			switch tk.text {
			case "<":
				if e < len(l.Text) && !isSpace(l.Text[e]) && (len(out) == 0 || genericBefore(out[len(out)-1])) {
					tk.angle = 1
				}
			case ">", ">>", ">>>":
				if angle > 0 && s > 0 && !isSpace(l.Text[s-1]) {
					tk.angle = -min(angle, len(tk.text))
				}
			}
			angle += tk.angle
		}
		out = append(out, tk)
	}
	return out
}

// genericBefore reports whether a '<' after t can open generic arguments or parameters.
func genericBefore(t tok) bool {
	switch t.k {
	case lex.Ident:
		return true
	case lex.Punct:
		switch t.text {
		case ":", "(", ",", "=", "<", "|", "&", "=>":
			return true
		}
	}
	return false
}

func (t tok) is(p string) bool { return t.k == lex.Punct && t.text == p }
func (t tok) kw(w string) bool { return t.k == lex.Keyword && t.text == w }

// word reports whether t is the word w, as a keyword or an identifier (TypeScript's
// contextual words are identifiers).
func (t tok) word(w string) bool { return (t.k == lex.Keyword || t.k == lex.Ident) && t.text == w }

// opens and closes classify brackets: ( [ { and template heads open, ) ] } and template tails
// close, a template middle closes one substitution and opens the next.
func (t tok) opens() bool {
	switch t.k {
	case lex.Punct:
		return t.text == "(" || t.text == "[" || t.text == "{"
	case lex.TemplateHead, lex.TemplateMiddle:
		return true
	}
	return false
}

func (t tok) closes() bool {
	switch t.k {
	case lex.Punct:
		return t.text == ")" || t.text == "]" || t.text == "}"
	case lex.TemplateMiddle, lex.TemplateTail:
		return true
	}
	return false
}

// match returns the index of the bracket closing the one opened at toks[i], or -1 when it
// does not close on the line. A template middle closes one substitution and opens the next,
// so a template head's partner is its tail. Partners are found once, in codeTokens, so that
// a long line (a bundle) costs linear time, not quadratic.
func match(toks []tok, i int) int {
	if toks[i].opens() && toks[i].k != lex.TemplateMiddle {
		return toks[i].pair
	}
	return -1
}

// matchBack returns the index of the bracket opening the one closed at toks[j], or -1.
func matchBack(toks []tok, j int) int {
	if toks[j].closes() && toks[j].k != lex.TemplateMiddle {
		return toks[j].pair
	}
	return -1
}

// binaryPrec is the precedence of a binary operator token (higher binds tighter), 0 if t is
// not one.
func binaryPrec(t tok) int {
	switch t.k {
	case lex.Punct:
		switch t.text {
		case "??", "||":
			return 3
		case "&&":
			return 4
		case "|":
			return 5
		case "^":
			return 6
		case "&":
			return 7
		case "==", "!=", "===", "!==":
			return 8
		case "<", ">", "<=", ">=":
			return 9
		case "<<", ">>", ">>>":
			return 10
		case "+", "-":
			return 11
		case "*", "/", "%":
			return 12
		case "**":
			return 13
		}
	case lex.Keyword:
		if t.text == "in" || t.text == "instanceof" {
			return 9
		}
	case lex.Ident:
		if t.text == "as" || t.text == "satisfies" {
			return 9
		}
	}
	return 0
}

// isAssignOp reports whether t is = or a compound assignment.
func isAssignOp(t tok) bool {
	if t.k != lex.Punct {
		return false
	}
	switch t.text {
	case "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=",
		"&&=", "||=", "??=":
		return true
	}
	return false
}

// isInfix reports whether t, at the end or the start of a line, means the expression goes on
// across the line break: binary and assignment operators, ?, :, ., ?., =>, and the keywords
// that take an operand on their right.
func isInfix(t tok) bool {
	if binaryPrec(t) > 0 || isAssignOp(t) {
		return true
	}
	switch t.k {
	case lex.Punct:
		switch t.text {
		case "?", ":", ".", "?.", "=>", ",", "...":
			return true
		}
	case lex.Keyword:
		switch t.text {
		case "of", "new", "typeof", "void", "delete", "await", "throw", "extends":
			return true
		}
	}
	return false
}

// typeOnly reports whether the line begins a TypeScript declaration that emits no code:
// after an optional `export`, `type Name`, `interface Name`, `declare …`, `import type`,
// `export type {…}` or `abstract` members. Mutating or deleting such a line changes no
// behaviour, only what a type checker says, and a type error is not a test's verdict.
func typeOnly(toks []tok) bool {
	i := 0
	if len(toks) > 0 && toks[0].kw("export") {
		i = 1
	}
	if i >= len(toks) {
		return false
	}
	head := toks[i]
	next := tok{}
	if i+1 < len(toks) {
		next = toks[i+1]
	}
	switch {
	case head.word("declare") && (next.k == lex.Ident || next.k == lex.Keyword):
		return true
	case (head.word("type") || head.word("interface")) && next.k == lex.Ident:
		return true
	case head.word("type") && i == 1 && next.is("{"):
		return true
	case head.kw("import") && next.word("type") && i+2 < len(toks) && toks[i+2].k != lex.Punct:
		return true
	case head.kw("import") && next.word("type") && i+2 < len(toks) && toks[i+2].is("{"):
		return true
	}
	return false
}

// openTernary reports whether toks hold, at their own depth 0, more '?' than ':' — a
// conditional expression whose ':' branch is on a later line.
func openTernary(toks []tok) bool {
	depth, q := 0, 0
	for _, t := range toks {
		if t.closes() {
			depth--
		}
		if t.opens() {
			depth++
		}
		if depth == 0 {
			if t.is("?") {
				q++
			} else if t.is(":") && q > 0 {
				q--
			}
		}
	}
	return q > 0
}

// atom reports whether t alone is an operand: identifier, literal, this/super/null/true/false.
func atom(t tok) bool {
	switch t.k {
	case lex.Ident, lex.Number, lex.String, lex.Template, lex.Regex:
		return true
	case lex.Keyword:
		return lex.IsValueKeyword(t.text)
	}
	return false
}

// falsyLiteral reports whether toks spell a literal whose falsiness is known from its
// spelling: null, undefined, void 0, false, NaN, an empty string or template, and numeric
// zero in any spelling (0, 0.0, 0x0, 0n, 0_0, 0e3), ignoring enclosing parentheses.
func falsyLiteral(toks []tok) bool {
	for len(toks) >= 2 && toks[0].is("(") && toks[len(toks)-1].is(")") && wraps(toks) {
		toks = toks[1 : len(toks)-1]
	}
	switch len(toks) {
	case 1:
		t := toks[0]
		switch t.k {
		case lex.Keyword:
			return t.text == "null" || t.text == "false"
		case lex.Ident:
			return t.text == "undefined" || t.text == "NaN"
		case lex.String:
			return len(t.text) == 2
		case lex.Template:
			return t.text == "``"
		case lex.Number:
			return zeroNumber(t.text)
		}
	case 2:
		return toks[0].kw("void") && toks[1].k == lex.Number
	}
	return false
}

// wraps reports whether toks[0] is closed by the last token, not earlier: (a) but not (a)(b).
// toks may be a sub-slice, so it counts depth rather than reading the precomputed pairs.
func wraps(toks []tok) bool {
	depth := 0
	for i, t := range toks {
		if t.k == lex.TemplateMiddle {
			continue
		}
		if t.closes() {
			depth--
			if depth == 0 {
				return i == len(toks)-1
			}
		}
		if t.opens() {
			depth++
		}
	}
	return false
}

// zeroNumber reports whether a numeric literal's value is zero.
func zeroNumber(s string) bool {
	s = strings.TrimSuffix(s, "n")
	if len(s) > 2 && s[0] == '0' && strings.ContainsRune("xXoObB", rune(s[1])) {
		s = s[2:]
	} else if i := strings.IndexAny(s, "eE"); i >= 0 {
		s = s[:i]
	}
	if s == "" || s == "." {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '0' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// sentinelFor returns what a sentinel operator puts in place of the expression toks.
func sentinelFor(toks []tok) string {
	if falsyLiteral(toks) {
		return SentinelLiteral
	}
	return "undefined"
}

// span returns the text of toks[i..j] inclusive, as it is on the line.
func span(text string, toks []tok, i, j int) string { return text[toks[i].s:toks[j].e] }

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// spaced reports whether t has a space or tab on both sides within the line.
func spaced(text string, t tok) bool {
	return t.s > 0 && isSpace(text[t.s-1]) && t.e < len(text) && isSpace(text[t.e])
}
