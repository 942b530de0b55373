package operators

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
	return "Kind(" + itoa(int(k)) + ")"
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

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Token is one token: its kind and its byte span [Pos, End) in the file.
type Token struct {
	Kind     Kind
	Pos, End Pos // End is exclusive
}

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

// str scans a '…' or "…" literal. An unterminated literal ends before the line break (error
// recovery: the next line lexes normally). A backslash before a line break continues it.
func (lx *Lexer) str(q byte) {
	start := lx.off
	lx.off++
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch c {
		case q:
			lx.off++
			return
		case '\\':
			lx.off++
			if lx.off < len(lx.src) {
				if lx.src[lx.off] == '\r' && lx.peek(1) == '\n' {
					lx.off++
				}
				lx.off++
			}
			continue
		case '\n', '\r':
			lx.error(start, "string literal not terminated")
			return
		}
		lx.off++
	}
	lx.error(start, "string literal not terminated")
}

// template scans template text after "`" (head true) or after the "}" closing a substitution.
func (lx *Lexer) template(head bool) Kind {
	start := lx.off - 1
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == '`':
			lx.off++
			if head {
				return Template
			}
			return TemplateTail
		case c == '\\':
			lx.off += 2
			if lx.off > len(lx.src) {
				lx.off = len(lx.src)
			}
			continue
		case c == '$' && lx.peek(1) == '{':
			lx.off += 2
			lx.tmpl = append(lx.tmpl, lx.braces)
			if head {
				return TemplateHead
			}
			return TemplateMiddle
		}
		lx.off++
	}
	lx.error(start, "template literal not terminated")
	if head {
		return Template
	}
	return TemplateTail
}

// regex scans /pattern/flags. An unterminated pattern ends before the line break.
func (lx *Lexer) regex() {
	start := lx.off
	lx.off++
	class := false
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == '\n' || c == '\r':
			lx.error(start, "regular expression not terminated")
			return
		case c == '\\':
			lx.off++
			if lx.off < len(lx.src) && lx.src[lx.off] != '\n' && lx.src[lx.off] != '\r' {
				lx.off++
			}
			continue
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			lx.off++
			for lx.off < len(lx.src) && isIdentPart(lx.src[lx.off]) {
				lx.off++
			}
			return
		}
		lx.off++
	}
	lx.error(start, "regular expression not terminated")
}

// number scans a numeric literal: 0x/0o/0b prefixes, decimals with fraction and exponent,
// '_' separators (only between digits) and a BigInt 'n' suffix.
func (lx *Lexer) number() {
	start := lx.off
	digits := func(ok func(byte) bool) {
		prevDigit := false
		for lx.off < len(lx.src) {
			c := lx.src[lx.off]
			if c == '_' {
				if !prevDigit || !ok(lx.peek(1)) {
					lx.error(lx.off, "numeric separator '_' must be between digits")
				}
				prevDigit = false
				lx.off++
				continue
			}
			if !ok(c) {
				return
			}
			prevDigit = true
			lx.off++
		}
	}
	c := lx.src[lx.off]
	if c == '0' && (lx.peek(1)|0x20 == 'x' || lx.peek(1)|0x20 == 'o' || lx.peek(1)|0x20 == 'b') {
		var ok func(byte) bool
		switch lx.peek(1) | 0x20 {
		case 'x':
			ok = func(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }
		case 'o':
			ok = func(c byte) bool { return c >= '0' && c <= '7' }
		default:
			ok = func(c byte) bool { return c == '0' || c == '1' }
		}
		lx.off += 2
		before := lx.off
		digits(ok)
		if lx.off == before {
			lx.error(start, "numeric literal has no digits after its prefix")
		}
	} else {
		digits(isDigit)
		if lx.off < len(lx.src) && lx.src[lx.off] == '.' {
			lx.off++
			digits(isDigit)
		}
		if lx.off < len(lx.src) && lx.src[lx.off]|0x20 == 'e' {
			n := 1
			if s := lx.peek(1); s == '+' || s == '-' {
				n = 2
			}
			if isDigit(lx.peek(n)) {
				lx.off += n
				digits(isDigit)
			} else {
				lx.error(lx.off, "exponent has no digits")
				lx.off++
			}
		}
	}
	if lx.off < len(lx.src) && lx.src[lx.off] == 'n' {
		lx.off++
	}
	if lx.off < len(lx.src) && isIdentStart(lx.src[lx.off]) && lx.src[lx.off] < 0x80 {
		lx.error(lx.off, "identifier starts immediately after numeric literal")
		for lx.off < len(lx.src) && isIdentPart(lx.src[lx.off]) {
			lx.off++
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
