package testconfig

// This file is the literal reader's plain-data reading, by bytes: the spaces, words and token
// boundaries of plain data, and the faults that name the first place the text stops being
// plain data (literal.go).

import (
	"fmt"
	"strings"
)

// tokenAt returns the first token at or after byte o; clean is false when a token straddles o,
// so that plain data, read by bytes, ends where no token does.
func (r *litReader) tokenAt(o int) (next int, clean bool) {
	for next < len(r.toks) && int(r.toks[next].Pos) < o {
		next++
	}
	return next, next == 0 || int(r.toks[next-1].End) <= o
}

// gap returns the first byte before token i, after the token before it, that is not a space of
// plain data (a comment, a form feed, a byte-order mark), or -1.
func (r *litReader) gap(i int) int {
	from := 0
	if i > 0 {
		from = int(r.toks[i-1].End)
	}
	for o := from; o < int(r.toks[i].Pos); o++ {
		if strings.IndexByte(" \t\r\n", r.src[o]) < 0 {
			return o
		}
	}
	return -1
}

// space returns the first byte from o that is not a space of plain data.
func (r *litReader) space(o int) int {
	for o < len(r.src) && strings.IndexByte(" \t\r\n", r.src[o]) >= 0 {
		o++
	}
	return o
}

// word returns the bare word at o: letters, digits, _ and $, and - after the first.
func (r *litReader) word(o int) string {
	j := o
	for j < len(r.src) {
		c := r.src[j]
		if !(c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' && j > o) {
			break
		}
		j++
	}
	return string(r.src[o:j])
}

// rest is the text from o a fault quotes: up to 20 bytes.
func (r *litReader) rest(o int) string {
	s := string(r.src[min(o, len(r.src)):])
	if len(s) > 20 {
		s = s[:20] + "…"
	}
	return s
}

func (r *litReader) failf(format string, args ...any) {
	if r.fault == nil {
		r.fault = fmt.Errorf(format, args...)
	}
}

// failValue: a value should start at o.
func (r *litReader) failValue(o int) {
	if o >= len(r.src) {
		r.failf("unexpected end")
		return
	}
	r.failf("%q is not a literal", r.rest(o+len(r.word(o))))
}

// failKey: a key should start at o.
func (r *litReader) failKey(o int) { r.failf("%q is not a key", r.rest(o)) }

// failColon: key should be followed by ':'.
func (r *litReader) failColon(key string) {
	r.failf("expected ':' after %q (shorthand and computed properties are not literals)", key)
}

// failAfter: a value in the bracket in ended at o, and what follows does not go on from it.
func (r *litReader) failAfter(in byte, o int) {
	switch o = r.space(o); in {
	case '}':
		r.failf("expected ',' or '}' at %q", r.rest(o))
	case ']':
		r.failf("expected ',' or ']' at %q", r.rest(o))
	default:
		r.failf("unexpected %q after the value", r.rest(o))
	}
}
