package lex

// This file is the lexer's vocabulary: the token kinds (with the pieces template literals come
// in), their names and which of them are literals, and the Token the lexer returns.

import "strconv"

// Kind is the class of a Token.
type Kind int

// The token kinds. Template literals come in pieces so that the code in a `${ … }`
// substitution is lexed as code: a literal without substitutions is one Template token; one
// with substitutions is a TemplateHead ("`…${"), zero or more TemplateMiddle ("}…${") and a
// TemplateTail ("}…`"), with the substitutions' tokens between them. Operators treat a head
// as an opening bracket and a tail as a closing one, so a comma in a substitution is never an
// argument separator of a call around the template.
const (
	Illegal        Kind = iota // a byte no token starts with, or an unterminated construct's error recovery
	EOF                        // end of input; Pos == End == len(Src)
	Comment                    // line comment, block comment (possibly spanning lines) or hashbang
	Ident                      // identifier, including a reserved word used as a property name (a.if)
	Keyword                    // reserved word or contextual keyword in keyword position
	PrivateName                // #name
	Number                     // numeric literal: decimal, 0x/0o/0b, separators (1_000), BigInt (10n)
	String                     // '…' or "…", with escapes
	Template                   // `…` with no substitution
	TemplateHead               // `…${
	TemplateMiddle             // }…${
	TemplateTail               // }…`
	Regex                      // /pattern/flags
	Punct                      // punctuator, longest match
)

var kindNames = [...]string{
	Illegal:        "Illegal",
	EOF:            "EOF",
	Comment:        "Comment",
	Ident:          "Ident",
	Keyword:        "Keyword",
	PrivateName:    "PrivateName",
	Number:         "Number",
	String:         "String",
	Template:       "Template",
	TemplateHead:   "TemplateHead",
	TemplateMiddle: "TemplateMiddle",
	TemplateTail:   "TemplateTail",
	Regex:          "Regex",
	Punct:          "Punct",
}

// String returns the kind's name, or Kind(n) for a value outside the table.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsLiteral reports whether k is a string, number, regex or template piece: text no operator
// may edit from inside.
func (k Kind) IsLiteral() bool {
	switch k {
	case Number, String, Template, TemplateHead, TemplateMiddle, TemplateTail, Regex:
		return true
	}
	return false
}

// Token is one token: its kind and its byte span [Pos, End) in the file.
type Token struct {
	Kind     Kind
	Pos, End Pos // End is exclusive
}
