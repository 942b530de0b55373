package lex

// This file scans the literal tokens for the lexer (lexer.go): strings, template pieces, regular
// expressions and numbers, each reporting an unterminated or malformed literal and recovering so
// that lexing goes on.

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
