// Package termsafe is the one escaping of foreign text (test names, output tails, paths, source
// lines: anything from the patch, the tests or their output) for text bond prints where people
// read it: a terminal and a CI log. Every human renderer calls it, certify's
// (cmd/bond/render) and contracts' alike, so a test name holding an escape sequence prints as
// text everywhere (issue 8 item 7, issue 23).
package termsafe

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Line returns s on one line with no terminal control: CR, LF and tab become a space, every
// other control character (C0, DEL, C1; ESC above all, so no CSI colour, OSC 8 link or title
// change survives) becomes \xNN, and invalid UTF-8 becomes U+FFFD.
func Line(s string) string { return controls(s, false) }

// Block is Line for a multi-line value (an output tail): LF and tab are kept, every other
// control character is shown as \xNN.
func Block(s string) string { return controls(s, true) }

// controls escapes control characters; with keepLines, LF and tab are kept.
func controls(s string, keepLines bool) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || IsControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n' || r == '\r' || r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError:
			b.WriteRune(utf8.RuneError)
		case IsControl(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// IsControl reports whether r is a control character: C0, DEL or C1.
func IsControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// ciPlain shows the CI log command sequences as text (see CI).
var ciPlain = strings.NewReplacer("::", `:\x3a`, "##[", `#\x23[`)

// CI returns s with every CI log command sequence ("::", which GitHub Actions reads as a
// workflow command at the start of a line, and "##[", a legacy one anywhere) shown as `:\x3a`
// and `#\x23[`, the \xNN convention of Line, so a log prints it and runs nothing (issue 24
// item 7). Apply it to the whole of a human output, after Line or Block on each foreign value.
func CI(s string) string { return ciPlain.Replace(s) }

// CIReplacer is CI as a replacer, for a renderer that writes its whole output through one
// (strings.Replacer.WriteString).
func CIReplacer() *strings.Replacer { return ciPlain }
