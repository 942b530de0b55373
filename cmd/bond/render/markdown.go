// The markdown format of certify, for a review comment or a job summary.

package render

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// MarkdownLimit is the most characters a markdown rendering may have: GitHub refuses an issue or
// pull-request comment of 65,536 characters or more (and the Action posts the rendering as one),
// so a report that would be longer is cut to fit and says so (issue 24 item 8).
const MarkdownLimit = 65535

// mdCut is how much of a report one markdown rendering shows: every data value cut to span
// characters, and at most rows mutant rows and rows "what to do" items. The zero value shows
// everything.
type mdCut struct {
	span, rows int
}

// Markdown writes the report as GitHub-flavoured markdown. Every data value (paths, source
// fragments, gate names, errors) is a code span (mdCode, mdCell in tables) and every other value
// read from the report is mdText, so a patch line such as
// `x = 1 // ![x](http://evil/) @admin <img src=x onerror=alert(1)>` renders as text: no image, no
// mention, no HTML, no link; CI log commands in any of it are neutralised (CIText), since the
// Action prints the comment in the job's log. Times are left out, so a sticky comment changes
// only with the facts. A rendering longer than MarkdownLimit is rendered again with long values
// cut and fewer rows, until it fits, and says what it left out.
func Markdown(w io.Writer, in Input) error {
	render := func(c mdCut) (string, error) {
		var b bytes.Buffer
		if err := markdown(&b, in, c); err != nil {
			return "", err
		}
		return CIText(b.String()), nil
	}
	s, err := render(mdCut{})
	if err != nil {
		return err
	}
	if utf8.RuneCountInString(s) > MarkdownLimit {
		rows := len(in.Report.Mutants)
		for {
			if s, err = render(mdCut{span: 200, rows: rows}); err != nil {
				return err
			}
			if utf8.RuneCountInString(s) <= MarkdownLimit || rows == 0 {
				break
			}
			rows /= 2
		}
		s = hardCut(s)
	}
	_, err = io.WriteString(w, s)
	return err
}

// hardCut is the last resort of the limit: when even the shortest rendering is too long (bond's
// own sentences about thousands of lines), it keeps whole lines up to the limit and says so.
func hardCut(s string) string {
	if utf8.RuneCountInString(s) <= MarkdownLimit {
		return s
	}
	const note = "\n\n**This comment is cut here to fit GitHub's 65,536-character limit; the full report: bond inspect on the JSON report (certify -o).**\n"
	keep := MarkdownLimit - utf8.RuneCountInString(note)
	n := 0
	for i := range s {
		if n == keep {
			s = s[:i]
			break
		}
		n++
	}
	if j := strings.LastIndexByte(s, '\n'); j > 0 {
		s = s[:j]
	}
	return s + note
}

func markdown(w io.Writer, in Input, cut mdCut) error {
	r := in.Report
	bw := &errWriter{w: w}
	code, cell := mdCode, mdCell
	if r.Parity != nil {
		fmt.Fprintf(bw, "\nParity: %s.\n", mdText(parityText(r.Parity)))
	}
	if cut.span > 0 {
		code = func(s string) string { return mdCode(cutValue(s, cut.span)) }
		cell = func(s string) string { return mdCell(cutValue(s, cut.span)) }
	}
	text := func(s string) string {
		if cut.span > 0 {
			s = cutValue(s, 4*cut.span)
		}
		return mdText(s)
	}
	fmt.Fprintf(bw, "### %s\n\n", text(answerBond(r)))
	if l := answerLines(r); l != "" {
		fmt.Fprintf(bw, "**%s**\n\n", mdText(l))
	}
	todo := todoItems(r, code)
	fmt.Fprintf(bw, "**%s**\n", mdText(answerTodo(len(todo))))
	if len(todo) > 0 {
		fmt.Fprintln(bw)
	}
	for i, a := range todo {
		if cut.span > 0 && i == cut.rows {
			fmt.Fprintf(bw, "- and %d more (cut to fit the comment)\n", len(todo)-i)
			break
		}
		fmt.Fprintf(bw, "- %s\n", a.Text)
		if a.Test != nil && cut.span == 0 {
			fmt.Fprintf(bw, "\n%s", mdTestBlock(a.Test, "  "))
		}
	}
	fmt.Fprintf(bw, "\nRan: %s. Words used here: %s.\n", ranLine(r, code), mdText(glossaryPointer))
	if o := otherRegimes(r); o != "" {
		fmt.Fprintf(bw, "\nOther regimes: %s.\n", mdText(o))
	}
	if l := reachLine(r, code); l != "" {
		fmt.Fprintf(bw, "\n%s\n", l)
	}
	for _, l := range []string{budgetLine(r), unchangedLine(r)} {
		if l != "" {
			fmt.Fprintf(bw, "\n%s\n", mdText(l))
		}
	}
	if ls := unpinnedLines(r, code, text, 10); len(ls) > 0 {
		fmt.Fprintf(bw, "\nLines not pinned: %s.\n", strings.Join(ls, ", "))
	}
	shown := len(r.Mutants)
	if cut.span > 0 {
		shown = min(shown, cut.rows)
	}
	if len(r.Mutants) > 0 {
		fmt.Fprintln(bw, "\n| location | operator | change | status | witness | verdict | killed by |")
		fmt.Fprintln(bw, "|---|---|---|---|---|---|---|")
		for _, m := range r.Mutants[:shown] {
			fmt.Fprintf(bw, "| %s | %s | %s | %s | %s | **%s** | %s |\n", cell(fmt.Sprintf("%s:%d", m.Path, m.Line)), mdText(m.Operator), changeText(m, cell), text(statusText(m)), witnessText(m, cell), mdText(string(m.Verdict)), killedByText(m, cell, 100))
		}
		if shown < len(r.Mutants) {
			fmt.Fprintf(bw, "\n%d more mutants not shown (cut to fit the comment).\n", len(r.Mutants)-shown)
		}
	}
	for _, n := range []struct{ what, note string }{{"Oracle", r.Run.OracleNote}, {"Runner", r.Run.RunnerNote}, {"Value detector", r.Run.ValueDetector}} {
		if n.note != "" {
			fmt.Fprintf(bw, "\n%s: %s\n", n.what, text(n.note))
		}
	}
	if len(r.Errors) > 0 || r.Partial {
		fmt.Fprintln(bw, "\n**Errors**")
		fmt.Fprintln(bw)
		for _, e := range r.Errors {
			fmt.Fprintf(bw, "- %s\n", mdCode(oneLine(e, 300)))
		}
		if r.Partial {
			fmt.Fprintln(bw, "- the report is partial: the run stopped before it finished")
		}
	}
	if r.Incremental != nil {
		// Counts only: the file's path and the note name the runner's directories.
		fmt.Fprintf(bw, "\nIncremental: %d of %d mutants reused from the previous run (marked cached).\n", r.Incremental.Reused, r.Incremental.Reused+r.Incremental.Ran)
	}
	if cut.span > 0 {
		fmt.Fprintf(bw, "\n**This comment is cut to fit GitHub's 65,536-character limit:** values longer than %d characters end in …, and %d of %d mutants are shown. The full report: `bond inspect` on the JSON report (`certify -o`), or `--format html`.\n", cut.span, shown, len(r.Mutants))
	}
	set := ""
	if r.Operators.Set > 0 {
		set = fmt.Sprintf("set %d ", r.Operators.Set)
	}
	fmt.Fprintf(bw, "\n<sub>bond %s · operators %s%s · budget %d/%d</sub>\n", mdText(r.Tool.Version), set, mdText(shortDigest(r.Operators.Digest)), r.Budget.Total, r.Budget.PerOperator)
	return bw.err
}

// cutValue cuts s to n characters, the last one …, for a rendering that must fit a limit.
func cutValue(s string, n int) string {
	k := 0
	for i := range s {
		if k == n-1 {
			if utf8.RuneCountInString(s[i:]) > 1 {
				return s[:i] + "…"
			}
			return s
		}
		k++
	}
	return s
}
