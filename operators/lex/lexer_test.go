package lex

import (
	"strings"
	"testing"
)

// tokens is the token table: every row is lexed, in order, from one source made by joining
// the rows with separators, and each token's kind and position are checked.
var tokens = [...]struct {
	kind Kind
	src  string
}{
	{Comment, "// a line comment"},
	{Comment, "/* a block comment */"},
	{Comment, "/* a block\n   comment across lines */"},
	{Comment, "/** doc */"},

	{Ident, "foo"},
	{Ident, "$bar"},
	{Ident, "_x1"},
	{Ident, "ünïcode"},
	{Ident, `\u0061bc`},
	{Ident, "type"},
	{Ident, "interface"},
	{Ident, "undefined"},
	{Keyword, "if"},
	{Keyword, "return"},
	{Keyword, "typeof"},
	{Keyword, "this"},
	{Keyword, "await"},
	{Keyword, "of"},
	{Punct, "."},
	{Ident, "if"}, // a property name
	{Punct, "?."},
	{Ident, "return"},
	{PrivateName, "#priv"},
	{PrivateName, "#$x"},

	{Number, "0"},
	{Number, "42"},
	{Number, "1_000_000"},
	{Number, "3.14"},
	{Number, ".5"},
	{Number, "1e10"},
	{Number, "1.5E-3"},
	{Number, "0x1F"},
	{Number, "0XfF_fF"},
	{Number, "0b1010"},
	{Number, "0o17"},
	{Number, "10n"},
	{Number, "0x1_Fn"},
	{Number, "1_0n"},

	{String, `'single'`},
	{String, `"double"`},
	{String, `'it\'s'`},
	{String, `"say \"hi\""`},
	{String, `"back\\slash"`},
	{String, "'continued\\\nline'"},
	{String, `''`},

	{Template, "`plain`"},
	{Template, "``"},
	{Template, "`multi\nline`"},
	{Template, "`esc \\` \\${not}`"},
	{TemplateHead, "`a${"},
	{Ident, "x"},
	{TemplateMiddle, "}b${"},
	{Ident, "y"},
	{TemplateTail, "}c`"},

	{Punct, "("},
	{Regex, "/ab+c/gi"},
	{Punct, ","},
	{Regex, `/[/]\/x/`},
	{Punct, ")"},

	{Punct, ">>>="},
	{Punct, "..."},
	{Punct, "==="},
	{Punct, "!=="},
	{Punct, "**="},
	{Punct, "<<="},
	{Punct, ">>="},
	{Punct, ">>>"},
	{Punct, "&&="},
	{Punct, "||="},
	{Punct, "??="},
	{Punct, "=>"},
	{Punct, "=="},
	{Punct, "!="},
	{Punct, "<="},
	{Punct, ">="},
	{Punct, "&&"},
	{Punct, "||"},
	{Punct, "??"},
	{Punct, "++"},
	{Punct, "--"},
	{Punct, "+="},
	{Punct, "-="},
	{Punct, "*="},
	{Punct, "%="},
	{Punct, "&="},
	{Punct, "|="},
	{Punct, "^="},
	{Punct, "<<"},
	{Punct, ">>"},
	{Punct, "**"},
	{Punct, "{"},
	{Punct, "}"},
	{Punct, "["},
	{Punct, "]"},
	{Punct, ";"},
	{Punct, "<"},
	{Punct, ">"},
	{Punct, "+"},
	{Punct, "-"},
	{Punct, "*"},
	{Punct, "%"},
	{Punct, "&"},
	{Punct, "|"},
	{Punct, "^"},
	{Punct, "!"},
	{Punct, "~"},
	{Punct, "?"},
	{Punct, ":"},
	{Punct, "="},
	{Punct, "@"},
	{Ident, "a"},
	{Punct, "/"}, // after an identifier: division
	{Ident, "b"},
	{Punct, "/="},
	{Ident, "c"},
}

const whitespace = "\n  \t  \n\n" // separates the rows

func TestTokenTable(t *testing.T) {
	var src strings.Builder
	for _, row := range tokens {
		src.WriteString(row.src)
		src.WriteString(whitespace)
	}
	f := NewFile("table.js", []byte(src.String()))
	var lx Lexer
	lx.Init(f, func(pos Position, msg string) { t.Errorf("%s: unexpected error: %s", pos, msg) })
	off := 0
	for i, row := range tokens {
		tok := lx.Next()
		if tok.Kind != row.kind {
			t.Errorf("row %d %q: kind = %s, want %s", i, row.src, tok.Kind, row.kind)
		}
		if int(tok.Pos) != off {
			t.Errorf("row %d %q: pos = %v, want %d", i, row.src, f.Position(tok.Pos), off)
		}
		if got := string(f.Src[tok.Pos:tok.End]); got != row.src {
			t.Errorf("row %d: text = %q, want %q", i, got, row.src)
		}
		off += len(row.src) + len(whitespace)
	}
	if tok := lx.Next(); tok.Kind != EOF || int(tok.Pos) != len(f.Src) {
		t.Errorf("after the table: %s at %d, want EOF at %d", tok.Kind, tok.Pos, len(f.Src))
	}
	if tok := lx.Next(); tok.Kind != EOF {
		t.Errorf("EOF is not sticky: %s", tok.Kind)
	}
	if lx.ErrorCount != 0 {
		t.Errorf("ErrorCount = %d", lx.ErrorCount)
	}
}

// kinds lexes src and returns "Kind:text" for each token, space-separated.
func kinds(t *testing.T, src string) string {
	t.Helper()
	f := NewFile("x.js", []byte(src))
	var lx Lexer
	lx.Init(f, func(pos Position, msg string) { t.Errorf("%q: %s: %s", src, pos, msg) })
	var out []string
	for {
		tok := lx.Next()
		if tok.Kind == EOF {
			break
		}
		out = append(out, tok.Kind.String()+":"+string(f.Src[tok.Pos:tok.End]))
	}
	return strings.Join(out, " ")
}

var errorRows = [...]struct {
	src  string
	pos  int    // offset of the first error
	err  string // substring of the first message
	want Kind   // kind of the first token
}{
	{`"abc`, 0, "string literal not terminated", String},
	{"'abc\nx", 0, "string literal not terminated", String},
	{"/* abc", 0, "comment not terminated", Comment},
	{"`abc", 0, "template literal not terminated", Template},
	{"`a${b", 5, "template substitution not terminated", TemplateHead},
	{"x = /abc\n", 4, "regular expression not terminated", Ident},
	{"1__0", 1, "numeric separator", Number},
	{"1_", 1, "numeric separator", Number},
	{"0x", 0, "no digits after its prefix", Number},
	{"1e", 1, "exponent has no digits", Number},
	{"3in", 1, "identifier starts immediately after numeric literal", Number},
	{"# x", 0, "'#' not followed by a name", Illegal},
	{"\x01", 0, "unexpected character", Illegal},
}

func TestErrors(t *testing.T) {
	for _, row := range errorRows {
		f := NewFile("e.js", []byte(row.src))
		var lx Lexer
		var gotPos = -1
		var gotMsg string
		lx.Init(f, func(pos Position, msg string) {
			if gotPos < 0 {
				gotPos, gotMsg = pos.Offset, msg
			}
		})
		first := lx.Next()
		for tok := first; tok.Kind != EOF; tok = lx.Next() {
		}
		if first.Kind != row.want {
			t.Errorf("%q: first token %s, want %s", row.src, first.Kind, row.want)
		}
		if gotPos != row.pos || !strings.Contains(gotMsg, row.err) {
			t.Errorf("%q: error at %d %q, want at %d %q", row.src, gotPos, gotMsg, row.pos, row.err)
		}
		if lx.ErrorCount == 0 {
			t.Errorf("%q: ErrorCount = 0", row.src)
		}
	}
}

func TestNilErrorHandler(t *testing.T) {
	var lx Lexer
	lx.Init(NewFile("x.js", []byte(`"unterminated`)), nil)
	for lx.Next().Kind != EOF {
	}
	if lx.ErrorCount != 1 {
		t.Errorf("ErrorCount = %d, want 1", lx.ErrorCount)
	}
}

// TestRegexAfterKeyword: after each keyword SPEC §2.2 lists, a '/' opens a pattern.
func TestRegexAfterKeyword(t *testing.T) {
	for _, kw := range []string{"return", "typeof", "case", "do", "else", "in", "of", "new",
		"delete", "void", "throw", "instanceof", "yield", "await"} {
		got := kinds(t, kw+" /a,b/g")
		want := "Keyword:" + kw + " Regex:/a,b/g"
		if got != want {
			t.Errorf("after %s: got %s, want %s", kw, got, want)
		}
	}
}

// TestDivisionAfterOperand: after ')', ']', an identifier, a literal, this, a template or a
// postfix update, '/' divides.
func TestDivisionAfterOperand(t *testing.T) {
	for _, src := range []string{"(a) / b / c", "a[0] / b / c", "a / b / c", "1 / b / c",
		"'s' / b / c", "`t` / b / c", "this / b / c", "a++ / b / c", "x.return / b / c",
		"/r/ / b / c", "null / b / c", "`${a}` / b / c"} {
		got := kinds(t, src)
		if strings.Count(got, "Punct:/") != 2 {
			t.Errorf("%q: got %s, want two divisions", src, got)
		}
	}
}

func TestRegexAfterPunct(t *testing.T) {
	for _, src := range []string{"x = /a/", "f(/a/)", "[/a/]", "a && /a/", "!/a/", "{ /a/ }",
		"x ? /a/ : /b/", "} /a/"} {
		if got := kinds(t, src); !strings.Contains(got, "Regex:/a/") {
			t.Errorf("%q: got %s, want a regex /a/", src, got)
		}
	}
	// a regex may contain what would otherwise be a comment opener or a quote
	if got := kinds(t, `x = /'"\/\//; y`); got != `Ident:x Punct:= Regex:/'"\/\// Punct:; Ident:y` {
		t.Errorf("got %s", got)
	}
}

func TestTemplatesNestedThreeDeep(t *testing.T) {
	src := "`a${ `b${ `c${ d }e` }f` }g`"
	want := "TemplateHead:`a${ TemplateHead:`b${ TemplateHead:`c${ Ident:d TemplateTail:}e` " +
		"TemplateTail:}f` TemplateTail:}g`"
	if got := kinds(t, src); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// braces of object literals and blocks inside a substitution do not end it
	src = "`x${ {a: 1}.a + f(() => { return `y${ {} }` }) }z`"
	want = "TemplateHead:`x${ Punct:{ Ident:a Punct:: Number:1 Punct:} Punct:. Ident:a Punct:+ " +
		"Ident:f Punct:( Punct:( Punct:) Punct:=> Punct:{ Keyword:return TemplateHead:`y${ " +
		"Punct:{ Punct:} TemplateTail:}` Punct:} Punct:) TemplateTail:}z`"
	if got := kinds(t, src); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestPrivateNames(t *testing.T) {
	want := "Keyword:class Ident:A Punct:{ PrivateName:#n Punct:= Number:0 Punct:; " +
		"PrivateName:#inc Punct:( Punct:) Punct:{ Keyword:this Punct:. PrivateName:#n " +
		"Punct:++ Punct:; Punct:} Punct:}"
	if got := kinds(t, "class A { #n = 0; #inc() { this.#n++; } }"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := kinds(t, "#x in obj"); got != "PrivateName:#x Keyword:in Ident:obj" {
		t.Errorf("got %s", got)
	}
	if got := kinds(t, "#!/usr/bin/env node\nx"); got != "Comment:#!/usr/bin/env node Ident:x" {
		t.Errorf("hashbang: got %s", got)
	}
}

func TestNumbers(t *testing.T) {
	for src, want := range map[string]string{
		"123n":          "Number:123n",
		"1_000n":        "Number:1_000n",
		"0xFFn":         "Number:0xFFn",
		"1_000.000_1":   "Number:1_000.000_1",
		"1e1_0":         "Number:1e1_0",
		"1..toString()": "Number:1. Punct:. Ident:toString Punct:( Punct:)",
		"a.5":           "Ident:a Number:.5",
	} {
		if got := kinds(t, src); got != want {
			t.Errorf("%q: got %s, want %s", src, got, want)
		}
	}
}

func TestOptionalChainVersusConditional(t *testing.T) {
	for src, want := range map[string]string{
		"a?.b":      "Ident:a Punct:?. Ident:b",
		"a?.[0]":    "Ident:a Punct:?. Punct:[ Number:0 Punct:]",
		"a?.(x)":    "Ident:a Punct:?. Punct:( Ident:x Punct:)",
		"a? .5:1":   "Ident:a Punct:? Number:.5 Punct:: Number:1",
		"a?.5:1":    "Ident:a Punct:? Number:.5 Punct:: Number:1",
		"a ?? b":    "Ident:a Punct:?? Ident:b",
		"a ??= b":   "Ident:a Punct:??= Ident:b",
		"a >>>= b":  "Ident:a Punct:>>>= Ident:b",
		"a **= b":   "Ident:a Punct:**= Ident:b",
		"a => b":    "Ident:a Punct:=> Ident:b",
		"a>>>b":     "Ident:a Punct:>>> Ident:b",
		"a>>>=b":    "Ident:a Punct:>>>= Ident:b",
		"a=>=b":     "Ident:a Punct:=> Punct:= Ident:b",
		"x ...y":    "Ident:x Punct:... Ident:y",
		"a?.b?.c()": "Ident:a Punct:?. Ident:b Punct:?. Ident:c Punct:( Punct:)",
	} {
		if got := kinds(t, src); got != want {
			t.Errorf("%q: got %s, want %s", src, got, want)
		}
	}
}

// TestJSXTags: "</" and "/>" are tag punctuation, not regex openers, so a closing tag does
// not swallow the rest of the line. JSX text itself is a named residual (doc.go).
func TestJSXTags(t *testing.T) {
	for src, want := range map[string]string{
		"<div>{x}</div>":  "Punct:< Ident:div Punct:> Punct:{ Ident:x Punct:} Punct:< Punct:/ Ident:div Punct:>",
		"<Foo bar={x} />": "Punct:< Ident:Foo Ident:bar Punct:= Punct:{ Ident:x Punct:} Punct:/ Punct:>",
		"<br/>":           "Punct:< Ident:br Punct:/ Punct:>",
	} {
		if got := kinds(t, src); got != want {
			t.Errorf("%q: got  %s\nwant %s", src, got, want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k := Illegal; k <= Punct; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "Kind(") {
			t.Errorf("kind %d has no name", int(k))
		}
	}
	if s := Kind(99).String(); s != "Kind(99)" {
		t.Errorf("Kind(99).String() = %q", s)
	}
	if !String.IsLiteral() || !TemplateMiddle.IsLiteral() || Ident.IsLiteral() || Punct.IsLiteral() {
		t.Error("IsLiteral is wrong")
	}
}

func TestLexerReuse(t *testing.T) {
	var lx Lexer
	lx.Init(NewFile("a.js", []byte("`a${")), nil) // leaves an open substitution
	for lx.Next().Kind != EOF {
	}
	f := NewFile("b.js", []byte("} / x"))
	lx.Init(f, nil)
	if tok := lx.Next(); tok.Kind != Punct || lx.ErrorCount != 0 {
		t.Errorf("state leaked across Init: %s, %d errors", tok.Kind, lx.ErrorCount)
	}
}
