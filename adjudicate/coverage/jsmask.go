package coverage

// This file decides which bytes of a JavaScript or TypeScript source are code, so a line holding
// only whitespace and comments is never counted as executable.
//
// Executability rule (SPEC §3.3, written down here as the spec asks): a line is executable when it
// holds at least one byte that is neither whitespace nor inside a comment (`//…`, `/*…*/`, a
// leading `#!` line) and that byte is covered by some V8 range; it is executed when such a byte
// has a count > 0. For scripts mapped through a source map, the executable original lines are
// those a mapping segment points into at a code byte, and a line is executed when the generated
// code at the start of such a segment has a count > 0.
//
// The scanner is deliberately small: strings, template literals with nested `${…}`, regular
// expression literals (told from division by the previous significant token) and comments.
// Known residual: JSX text children (`<p>a // b</p>`) are read as code, so a `//` inside JSX text
// hides the rest of that line's code; such a line is then under-reported as not executable, never
// reported as executed when it was not.

import "github.com/bond-tool/bond/operators/lex"

// byteKind classifies one source byte.
type byteKind uint8

const (
	kindCode byteKind = iota
	kindSpace
	kindComment
)

// maskJS returns, for every byte of src, whether it is code, whitespace or comment.
func maskJS(src []byte) []byteKind {
	m := make([]byteKind, len(src))
	n := len(src)
	i := 0
	// regexOK: a `/` here opens a regular expression rather than dividing.
	regexOK := true
	// braces tracks template nesting: each entry is the brace depth at which a `${` opened.
	var tmpl []int
	depth := 0
	mark := func(from, to int, k byteKind) {
		for j := from; j < to && j < n; j++ {
			m[j] = k
		}
	}
	if n >= 2 && src[0] == '#' && src[1] == '!' {
		for i < n && src[i] != '\n' {
			m[i] = kindComment
			i++
		}
	}
	// scanTemplate scans template text from i (just after "`" or the "}" closing a substitution)
	// to the closing "`" or the next "${"; it returns the new position.
	scanTemplate := func(i int) int {
		for i < n {
			switch src[i] {
			case '\\':
				i += 2
			case '`':
				return i + 1
			case '$':
				if i+1 < n && src[i+1] == '{' {
					tmpl = append(tmpl, depth)
					depth++
					return i + 2
				}
				i++
			default:
				i++
			}
		}
		return n
	}
	for i < n {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			m[i] = kindSpace
			i++
		case c == 0xC2 && i+1 < n && src[i+1] == 0xA0: // U+00A0
			mark(i, i+2, kindSpace)
			i += 2
		case c == 0xEF && i+2 < n && src[i+1] == 0xBB && src[i+2] == 0xBF: // BOM
			mark(i, i+3, kindSpace)
			i += 3
		case c == '/' && i+1 < n && src[i+1] == '/':
			j := i
			for j < n && src[j] != '\n' {
				j++
			}
			mark(i, j, kindComment)
			i = j
		case c == '/' && i+1 < n && src[i+1] == '*':
			j := i + 2
			for j+1 < n && !(src[j] == '*' && src[j+1] == '/') {
				j++
			}
			j += 2
			if j > n {
				j = n
			}
			for k := i; k < j; k++ {
				if src[k] == '\n' || src[k] == '\r' {
					m[k] = kindSpace
				} else {
					m[k] = kindComment
				}
			}
			i = j
		case c == '/' && regexOK:
			j := i + 1
			inClass := false
			for j < n && src[j] != '\n' {
				if src[j] == '\\' {
					j += 2
					continue
				}
				if src[j] == '[' {
					inClass = true
				} else if src[j] == ']' {
					inClass = false
				} else if src[j] == '/' && !inClass {
					j++
					break
				}
				j++
			}
			for j < n && isIdentByte(src[j]) { // flags
				j++
			}
			i = j
			regexOK = false
		case c == '\'' || c == '"':
			j := i + 1
			for j < n && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
			regexOK = false
		case c == '`':
			i = scanTemplate(i + 1)
			regexOK = false
		case c == '{':
			depth++
			i++
			regexOK = true
		case c == '}':
			depth--
			i++
			if len(tmpl) > 0 && tmpl[len(tmpl)-1] == depth {
				tmpl = tmpl[:len(tmpl)-1]
				i = scanTemplate(i)
			}
			regexOK = false
		case c == ')' || c == ']':
			i++
			regexOK = false
		case isIdentByte(c) || c >= 0x80:
			j := i
			for j < n && (isIdentByte(src[j]) || src[j] >= 0x80) {
				j++
			}
			regexOK = regexAfterWord(string(src[i:j]))
			i = j
		default:
			// Punctuators: a `/` after any of them opens a pattern.
			i++
			regexOK = true
			if (c == '+' || c == '-') && i < n && src[i] == c {
				i++ // ++ and -- end an operand
				regexOK = false
			}
		}
	}
	if i > n {
		i = n
	}
	return m
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c == '#' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// regexAfterWord reports whether a `/` after word opens a regular expression: after a keyword that
// expects an expression it does, after an identifier or number it divides.
func regexAfterWord(w string) bool {
	switch w {
	case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
		"instanceof", "yield", "await":
		return true
	}
	return false
}

// maskLex is maskJS read from package lex's tokens: every byte of a comment is kindComment
// (its line breaks kindSpace), every byte of any other token kindCode, and every byte between
// tokens kindSpace.
func maskLex(src []byte) []byteKind {
	m := make([]byteKind, len(src))
	for i := range m {
		m[i] = kindSpace
	}
	var lx lex.Lexer
	lx.Init(lex.NewFile("", src), nil)
	for {
		t := lx.Next()
		if t.Kind == lex.EOF {
			return m
		}
		k := kindCode
		if t.Kind == lex.Comment {
			k = kindComment
		}
		for i := t.Pos; i < t.End; i++ {
			if k == kindComment && (src[i] == '\n' || src[i] == '\r') {
				m[i] = kindSpace
			} else {
				m[i] = k
			}
		}
	}
}
