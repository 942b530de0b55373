package lex

// This file is the lexer: the Lexer's state and its Next, which skips white space, decides
// whether a '/' opens a regular expression and a word is a keyword from the previous token, and
// scans comments, identifiers and punctuators. The literals are literal.go; the token kinds
// token.go.

// ErrorHandler receives each lexical error with its position. It may be nil.
type ErrorHandler func(pos Position, msg string)

// keywords are the words lexed as Keyword (unless they follow '.' or '?.', where they are
// property names and lexed as Ident). TypeScript's contextual words (type, interface,
// declare, as, …) stay Ident: they are ordinary identifiers in JavaScript, and the operators
// that care read their text.
var keywords = map[string]bool{
	"break": true, "case": true, "catch": true, "class": true, "const": true, "continue": true,
	"debugger": true, "default": true, "delete": true, "do": true, "else": true, "enum": true,
	"export": true, "extends": true, "false": true, "finally": true, "for": true,
	"function": true, "if": true, "import": true, "in": true, "instanceof": true, "new": true,
	"null": true, "return": true, "super": true, "switch": true, "this": true, "throw": true,
	"true": true, "try": true, "typeof": true, "var": true, "void": true, "while": true,
	"with": true, "yield": true, "let": true, "await": true, "of": true, "static": true,
	"async": true,
}

// valueKeywords end an operand: a '/' after them divides.
var valueKeywords = map[string]bool{"this": true, "super": true, "null": true, "true": true, "false": true}

// IsValueKeyword reports whether word is a keyword that is an operand by itself (this, super,
// null, true, false): a '/' after it divides, and an operator may treat it as an atom.
func IsValueKeyword(word string) bool { return valueKeywords[word] }

// Lexer tokenizes one File. Use: var lx Lexer; lx.Init(f, errh); then call Next until it
// returns EOF. Init resets every field, so a Lexer can be reused. The lexer never panics:
// malformed input (unterminated strings, comments, templates, regexes, stray bytes, invalid
// UTF-8) is reported to the handler and lexing goes on.
type Lexer struct {
	f    *File
	src  []byte
	errh ErrorHandler
	off  int

	// ErrorCount is the number of errors reported since Init.
	ErrorCount int

	regexOK  bool  // a '/' here opens a pattern (decided by the previous significant token)
	afterDot bool  // the previous significant token was '.' or '?.': a word is a property name
	afterLT  bool  // the previous significant token was '<': "</" is a JSX closing tag
	afterRB  bool  // the previous significant token was '}': "/>" closes a JSX element
	braces   int   // '{' opened and not closed, outside template text
	tmpl     []int // for each open `${`, the value of braces when it opened
}

// Init prepares lx to tokenize f from its first byte, reporting errors to errh.
func (lx *Lexer) Init(f *File, errh ErrorHandler) {
	*lx = Lexer{f: f, src: f.Src, errh: errh, regexOK: true, tmpl: lx.tmpl[:0]}
	if len(lx.src) >= 3 && lx.src[0] == 0xEF && lx.src[1] == 0xBB && lx.src[2] == 0xBF {
		lx.off = 3 // byte order mark
	}
}

func (lx *Lexer) error(off int, msg string) {
	lx.ErrorCount++
	if lx.errh != nil {
		lx.errh(lx.f.Position(Pos(off)), msg)
	}
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$' || c == '\\' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (lx *Lexer) peek(i int) byte {
	if lx.off+i < len(lx.src) {
		return lx.src[lx.off+i]
	}
	return 0
}

// Next returns the next token. At the end of input it returns an EOF token, again and again.
func (lx *Lexer) Next() Token {
	lx.skipSpace()
	start := lx.off
	if start >= len(lx.src) {
		if len(lx.tmpl) > 0 {
			lx.error(start, "template substitution not terminated")
			lx.tmpl = lx.tmpl[:0]
		}
		return Token{EOF, Pos(start), Pos(start)}
	}
	kind := lx.scan()
	if lx.off <= start { // defensive: always make progress
		lx.off = start + 1
		kind = Illegal
	}
	tok := Token{kind, Pos(start), Pos(lx.off)}
	if kind != Comment {
		lx.note(tok)
	}
	return tok
}

// note records what the token means for the next '/', word and '}'.
func (lx *Lexer) note(t Token) {
	text := lx.src[t.Pos:t.End]
	lx.afterDot, lx.afterLT, lx.afterRB = false, false, false
	switch t.Kind {
	case Ident, PrivateName, Number, String, Template, TemplateTail, Regex:
		lx.regexOK = false
	case Keyword:
		lx.regexOK = !valueKeywords[string(text)]
	case TemplateHead, TemplateMiddle, Illegal:
		lx.regexOK = true
	case Punct:
		s := string(text)
		switch s {
		case ")", "]", "++", "--":
			lx.regexOK = false
		case "}":
			lx.regexOK = true
			lx.afterRB = true
		case ".", "?.":
			lx.regexOK = true
			lx.afterDot = true
		case "<":
			lx.regexOK = true
			lx.afterLT = true
		default:
			lx.regexOK = true
		}
	}
}

func (lx *Lexer) skipSpace() {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			lx.off++
		case c == 0xC2 && lx.peek(1) == 0xA0: // U+00A0 no-break space
			lx.off += 2
		case c == 0xE2 && lx.peek(1) == 0x80 && (lx.peek(2) == 0xA8 || lx.peek(2) == 0xA9): // U+2028, U+2029
			lx.off += 3
		case c == 0xEF && lx.peek(1) == 0xBB && lx.peek(2) == 0xBF: // U+FEFF
			lx.off += 3
		default:
			return
		}
	}
}

func (lx *Lexer) scan() Kind {
	c := lx.src[lx.off]
	switch {
	case c == '/':
		switch lx.peek(1) {
		case '/':
			lx.lineComment()
			return Comment
		case '*':
			lx.blockComment()
			return Comment
		}
		if lx.afterLT || (lx.afterRB && lx.peek(1) == '>') || !lx.regexOK {
			return lx.punct()
		}
		lx.regex()
		return Regex
	case c == '#':
		if lx.off == 0 && lx.peek(1) == '!' {
			lx.lineComment()
			return Comment
		}
		if isIdentStart(lx.peek(1)) {
			lx.off++
			lx.ident()
			return PrivateName
		}
		lx.error(lx.off, "'#' not followed by a name")
		lx.off++
		return Illegal
	case c == '"' || c == '\'':
		lx.str(c)
		return String
	case c == '`':
		lx.off++
		return lx.template(true)
	case c == '}' && len(lx.tmpl) > 0 && lx.braces == lx.tmpl[len(lx.tmpl)-1]:
		lx.tmpl = lx.tmpl[:len(lx.tmpl)-1]
		lx.off++
		return lx.template(false)
	case isDigit(c) || c == '.' && isDigit(lx.peek(1)):
		lx.number()
		return Number
	case isIdentStart(c):
		start := lx.off
		lx.ident()
		if !lx.afterDot && keywords[string(lx.src[start:lx.off])] {
			return Keyword
		}
		return Ident
	}
	return lx.punct()
}

func (lx *Lexer) lineComment() {
	for lx.off < len(lx.src) && lx.src[lx.off] != '\n' && lx.src[lx.off] != '\r' {
		lx.off++
	}
}

func (lx *Lexer) blockComment() {
	start := lx.off
	lx.off += 2
	for lx.off < len(lx.src) {
		if lx.src[lx.off] == '*' && lx.peek(1) == '/' {
			lx.off += 2
			return
		}
		lx.off++
	}
	lx.error(start, "comment not terminated")
}

func (lx *Lexer) ident() {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		if !isIdentPart(c) {
			return
		}
		lx.off++
		if c == '\\' && lx.off < len(lx.src) && lx.src[lx.off] == 'u' {
			lx.off++ // \uXXXX or \u{…}: the rest is ident parts and braces
			if lx.off < len(lx.src) && lx.src[lx.off] == '{' {
				for lx.off < len(lx.src) && lx.src[lx.off] != '}' && lx.src[lx.off] != '\n' {
					lx.off++
				}
				if lx.off < len(lx.src) && lx.src[lx.off] == '}' {
					lx.off++
				}
			}
		}
	}
}

// punct scans a punctuator, longest match: >>>=, then ... === !== **= <<= >>= >>> &&= ||=
// ??=, then => == != <= >= && || ?? ?. ++ -- += -= *= /= %= &= |= ^= << >> **, then one
// character. "?." followed by a digit is '?' (a ? .5 : b).
func (lx *Lexer) punct() Kind {
	c, c1, c2 := lx.src[lx.off], lx.peek(1), lx.peek(2)
	n := 1
	switch c {
	case '{':
		lx.braces++
	case '}':
		if lx.braces > 0 {
			lx.braces--
		}
	case '(', ')', '[', ']', ';', ',', '~', '@', ':':
	case '.':
		if c1 == '.' && c2 == '.' {
			n = 3
		}
	case '?':
		if c1 == '?' {
			n = 2
			if c2 == '=' {
				n = 3
			}
		} else if c1 == '.' && !isDigit(c2) {
			n = 2
		}
	case '=', '!':
		if c1 == '=' {
			n = 2
			if c2 == '=' {
				n = 3
			}
		} else if c == '=' && c1 == '>' {
			n = 2
		}
	case '<':
		if c1 == '<' {
			n = 2
			if c2 == '=' {
				n = 3
			}
		} else if c1 == '=' {
			n = 2
		}
	case '>':
		if c1 == '>' {
			n = 2
			if c2 == '>' {
				n = 3
				if lx.peek(3) == '=' {
					n = 4
				}
			} else if c2 == '=' {
				n = 3
			}
		} else if c1 == '=' {
			n = 2
		}
	case '*', '&', '|':
		if c1 == c {
			n = 2
			if c2 == '=' {
				n = 3
			}
		} else if c1 == '=' {
			n = 2
		}
	case '+', '-':
		if c1 == c || c1 == '=' {
			n = 2
		}
	case '/', '%', '^':
		if c1 == '=' {
			n = 2
		}
	default:
		lx.error(lx.off, "unexpected character")
		lx.off++
		for lx.off < len(lx.src) && lx.src[lx.off] >= 0x80 && lx.src[lx.off] < 0xC0 {
			lx.off++ // the rest of a multi-byte sequence
		}
		return Illegal
	}
	lx.off += n
	return Punct
}
