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
// The bytes are classified from package lex's tokens, the same lexer the operators read: strings,
// template literals with nested `${…}` and regular expressions (told from division by the
// previous significant token) are code, comments are not. Known residual: JSX text children
// (`<p>a // b</p>`) are lexed as code, so a `//` inside JSX text hides the rest of that line's
// code; such a line is then under-reported as not executable, never reported as executed when it
// was not.

import "github.com/bond-tool/bond/operators/lex"

// byteKind classifies one source byte.
type byteKind uint8

const (
	kindCode byteKind = iota
	kindSpace
	kindComment
)

// maskJS returns, for every byte of src, whether it is code, whitespace or comment: every byte of
// a comment token is kindComment (its line breaks kindSpace), every byte of any other token
// kindCode, and every byte between tokens kindSpace. Malformed input (an unterminated string,
// comment or template) is classified as the lexer recovers from it; no byte is left out.
func maskJS(src []byte) []byteKind {
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
