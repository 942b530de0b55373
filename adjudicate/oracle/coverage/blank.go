package coverage

// This file blanks coverage-ignore hints out of a source file, so the runner that writes lcov
// measures every line of it (issue 9 item 3; SPEC §3.3).
//
// istanbul (`/* istanbul ignore next|if|else|file */`, honoured by babel-plugin-istanbul: jest's
// babel provider, vitest's istanbul provider), c8 and v8 (`/* c8 ignore next [n] */`,
// `/* c8 ignore start|stop */`, `/* v8 ignore … */`, honoured by v8-to-istanbul: vitest's v8
// provider) and Node's own `/* node:coverage ignore next|disable|enable */` hints take the
// lines under them out of the lcov, so a mutant there could never be shown run: bond would
// abstain. Measured on testdata/coverage: jest 22 dropped the `if` under `istanbul ignore next`
// (lines 5–7 of src/hinted.js), vitest 3.2.4's v8 provider the lines under `c8 ignore next 3` and
// between `v8 ignore start|stop`.

import (
	"regexp"

	"github.com/bond-tool/bond/operators/lex"
)

// ignoreHintRE matches a comment's text (delimiters included) that a coverage tool reads as an
// ignore hint. It is looser than each tool (a leading `*`, any word after `ignore`), since
// blanking a comment no tool would have read changes nothing a test can see.
var ignoreHintRE = regexp.MustCompile(`^(?://|/\*)[\s*]*(?:(?:istanbul|c8|v8)\s+ignore|node:coverage\s+(?:ignore|disable|enable))\b`)

// BlankIgnoreHints returns src with every coverage-ignore hint comment replaced by spaces, and
// how many it blanked. Only comments change, byte for byte: each of a hint's bytes becomes a
// space except line terminators (\n, \r, U+2028, U+2029), so the output has src's length and
// every byte offset, line and column stays where it was; comments are found with package lex's
// lexer, so a hint's text inside a string, template or regular expression is left alone. When
// nothing is blanked, src itself is returned; otherwise a new slice (src is not modified).
func BlankIgnoreHints(src []byte) (out []byte, n int) {
	var lx lex.Lexer
	lx.Init(lex.NewFile("", src), nil)
	for {
		tok := lx.Next()
		if tok.Kind == lex.EOF {
			break
		}
		if tok.Kind != lex.Comment || !ignoreHintRE.Match(src[tok.Pos:tok.End]) {
			continue
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		n++
		for i := int(tok.Pos); i < int(tok.End); i++ {
			switch {
			case out[i] == '\n' || out[i] == '\r':
			case out[i] == 0xE2 && i+2 < int(tok.End) && out[i+1] == 0x80 && (out[i+2] == 0xA8 || out[i+2] == 0xA9):
				i += 2 // U+2028, U+2029: line terminators in JavaScript
			default:
				out[i] = ' '
			}
		}
	}
	if out == nil {
		return src, 0
	}
	return out, n
}
