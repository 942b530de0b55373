// The escaping module every renderer shares (issue 8 item 7): one function per output language,
// applied to every string that comes from the patch, the tests or their output (source lines,
// test names, output tails, paths) and to every value read back from a stored report.

package render

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/bond-tool/bond/internal/termsafe"
)

// mdCode renders s as a markdown code span: the fence is one backtick longer than the longest
// run of backticks inside, and s is padded with a space when it starts or ends with a backtick or
// a space, so the span always closes where it should. Inside a code span GitHub renders no HTML,
// no links, no images and no @mentions. Line breaks and other control characters become spaces
// or \xNN, so a span never spills over a table row or a list item. An empty string is "(nothing)".
func mdCode(s string) string {
	if s == "" {
		return "(nothing)"
	}
	s = oneLineControls(s)
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' || s[len(s)-1] == ' ' {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdCell is mdCode for a table cell: GitHub splits table rows at every unescaped |, code span or
// not, and reads \| inside a code span in a table as a literal |.
func mdCell(s string) string {
	return strings.ReplaceAll(mdCode(s), "|", `\|`)
}

// mdText renders s as plain markdown text, mid-line: the characters that start emphasis, code,
// links, images, entities, math or a table cell are backslash-escaped, < and > (HTML) become
// &lt; and &gt;, line breaks become
// spaces, and a
// word joiner (U+2060) follows every @ and the : of "://" and precedes "www." so GitHub's
// autolinker and mention processing, which run on the rendered text, find neither a mention nor
// a URL. No other : gets one, so bond's own "budget: 6 of 8" has no invisible character. Use it for
// bond's own prose and vocabulary read from a report; data (paths, source, test output) goes in
// mdCode.
func mdText(s string) string {
	s = oneLineControls(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '@' || (c == ':' && strings.HasPrefix(s[i+1:], "//")):
			b.WriteByte(c)
			b.WriteString("\u2060")
			continue
		case c == 'w' && strings.HasPrefix(s[i:], "www."):
			b.WriteString("\u2060")
		case c == '<':
			// An entity, not \<: every renderer reads &lt; as text, while a backslash escape
			// before a tag relies on the renderer following CommonMark.
			b.WriteString("&lt;")
			continue
		case c == '>':
			b.WriteString("&gt;")
			continue
		case strings.IndexByte("\\`*_[]!|~&$", c) >= 0:
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// ghMessage escapes the message of a GitHub workflow command (the text after ::): %, CR and LF.
func ghMessage(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProp escapes a property value of a workflow command (file=, title=): the message's escapes
// plus : and , which end a property.
func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// oneLineControls replaces CR, LF and tab with a space and every other control character (C0,
// DEL, C1) with \xNN, and invalid UTF-8 with U+FFFD, so a value stays on one line and cannot
// drive a terminal: termsafe.Line, the one escaping contracts' renderer uses too.
func oneLineControls(s string) string { return termsafe.Line(s) }

// termText is a data value in the human output: on one line, no terminal escapes.
func termText(s string) string { return oneLineControls(s) }

// termBlock is a multi-line value (an output tail) in the human output: lines and tabs kept,
// every other control character (ESC above all) shown as \xNN.
func termBlock(s string) string { return termsafe.Block(s) }

// safeWriter is the last line of defence of the human renderers: any ASCII control byte other
// than LF and tab that reaches the terminal is written as \xNN.
type safeWriter struct{ w io.Writer }

func (s safeWriter) Write(p []byte) (int, error) {
	clean := true
	for _, c := range p {
		if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			clean = false
			break
		}
	}
	if clean {
		return s.w.Write(p)
	}
	var b []byte
	for _, c := range p {
		if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			b = fmt.Appendf(b, `\x%02x`, c)
			continue
		}
		b = append(b, c)
	}
	if _, err := s.w.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// uriPath turns a repository-relative path into a relative URI reference (SARIF's
// artifactLocation.uri): each segment percent-encoded, and "./" in front when the first segment
// has a colon, which would otherwise read as a URI scheme.
func uriPath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	out := strings.Join(segs, "/")
	if strings.Contains(segs[0], ":") {
		out = "./" + out
	}
	return out
}

// A CI log runs commands written in its text: GitHub Actions reads a line that starts with "::"
// (after leading blanks) as a workflow command (::error, ::add-mask::, ::stop-commands::) and
// "##[" anywhere in a line as a legacy one, and other CI systems read similar markers. Text from
// the patch, the tests and their output (source lines, test names, output tails, paths) must
// reach the log as text (issue 24 item 7). Every renderer's output goes through one of the three
// neutralisers below, chosen by the output's language, so no command survives in any format:
//   - CIText, for text read by people (human, markdown, github messages, bond's stderr): "::"
//     becomes `:\x3a` and "##[" becomes `#\x23[`, the \xNN convention bond already uses for
//     control characters;
//   - ciJSON, for JSON documents (json, sarif, mutation-testing): the same characters as the
//     JSON escapes \u003a and \u0023, so the document decodes to exactly the same values;
//   - ciHTML, for the html page: the same characters as the entities &#58; and &#35;, which
//     render exactly as before.
var (
	ciPlain = termsafe.CIReplacer()
	ciJSON  = strings.NewReplacer("::", `:\u003a`, "##[", `#\u0023[`)
	ciHTML  = strings.NewReplacer("::", ":&#58;", "##[", "#&#35;[")
)

// CIText returns s with every CI log command sequence ("::" and "##[", at any position) shown
// as `:\x3a` and `#\x23[`, so a log prints it and runs nothing. Use it for any text bond writes
// to stdout or stderr that carries data from the patch or the tests.
func CIText(s string) string { return termsafe.CI(s) }

// StopCommandsToken returns a fresh, unguessable token for a ::stop-commands:: pair: 128 bits
// from the system's random source, so text inside the pair cannot end it early.
func StopCommandsToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("no random token for ::stop-commands:: (%w); the log block was not written", err)
	}
	return "bond-" + hex.EncodeToString(b[:]), nil
}

// WriteLogBlock writes block to w for a GitHub Actions log (--format github): inside a one-time
// "::stop-commands::TOKEN" … "::TOKEN::" pair with a random token, so the runner executes no
// command in it, and the block itself keeps its bytes (control characters aside) so the log
// shows the text as it was. A block that does not end in a newline gets one.
func WriteLogBlock(w io.Writer, block string) error {
	tok, err := StopCommandsToken()
	if err != nil {
		return err
	}
	block = termsafe.Block(block)
	if !strings.HasSuffix(block, "\n") {
		block += "\n"
	}
	_, err = fmt.Fprintf(w, "::stop-commands::%s\n%s::%s::\n", tok, block, tok)
	return err
}

// neutralised renders with fill into a buffer and writes the result to w through esc, so the
// whole output of a format is neutralised in one place, whatever its parts.
func neutralised(w io.Writer, esc *strings.Replacer, fill func(io.Writer) error) error {
	var b bytes.Buffer
	if err := fill(&b); err != nil {
		return err
	}
	_, err := esc.WriteString(w, b.String())
	return err
}
