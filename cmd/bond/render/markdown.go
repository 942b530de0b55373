// The markdown format of certify, for a review comment or a job summary.

package render

import (
	"fmt"
	"io"
	"strings"
)

// Markdown writes the report as GitHub-flavoured markdown. Every data value (paths, source
// fragments, gate names, errors) is a code span (mdCode, mdCell in tables) and every other value
// read from the report is mdText, so a patch line such as
// `x = 1 // ![x](http://evil/) @admin <img src=x onerror=alert(1)>` renders as text: no image, no
// mention, no HTML, no link. Times are left out, so a sticky comment changes only with the facts.
func Markdown(w io.Writer, in Input) error {
	r := in.Report
	bw := &errWriter{w: w}
	b := r.Bond
	refuse := "does not refuse"
	if b.Refuses {
		refuse = "refuses"
	}
	fmt.Fprintf(bw, "### bond: **%s** (%s, %s the patch)\n\n", mdText(string(b.Verdict)), mdText(string(b.Regime)), refuse)
	if l := linesHeadline(r); l != "" {
		fmt.Fprintf(bw, "**%s.**\n\n", mdText(l))
	}
	fmt.Fprintf(bw, "%s.", mdText(b.Reason))
	if o := otherRegimes(r); o != "" {
		fmt.Fprintf(bw, " Other regimes: %s.", mdText(o))
	}
	fmt.Fprintln(bw)
	if l := reachLine(r, mdCode); l != "" {
		fmt.Fprintf(bw, "\n%s\n", l)
	}
	for _, l := range []string{budgetLine(r), unchangedLine(r)} {
		if l != "" {
			fmt.Fprintf(bw, "\n%s\n", mdText(l))
		}
	}
	if ls := unpinnedLines(r, mdCode, mdText, 10); len(ls) > 0 {
		fmt.Fprintf(bw, "\nLines not pinned: %s.\n", strings.Join(ls, ", "))
	}
	if len(r.Mutants) > 0 {
		fmt.Fprintln(bw, "\n| location | operator | change | status | witness | verdict | killed by |")
		fmt.Fprintln(bw, "|---|---|---|---|---|---|---|")
		for _, m := range r.Mutants {
			fmt.Fprintf(bw, "| %s | %s | %s | %s | %s | **%s** | %s |\n", mdCell(fmt.Sprintf("%s:%d", m.Path, m.Line)), mdText(m.Operator), changeText(m, mdCell), mdText(statusText(m)), witnessText(m, mdCell), mdText(string(m.Verdict)), killedByText(m, mdCell, 100))
		}
	}
	if todo := todo(r, mdCode); len(todo) > 0 {
		fmt.Fprintln(bw, "\n**What to do**")
		fmt.Fprintln(bw)
		for _, a := range todo {
			fmt.Fprintf(bw, "- %s\n", a)
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
	set := ""
	if r.Operators.Set > 0 {
		set = fmt.Sprintf("set %d ", r.Operators.Set)
	}
	fmt.Fprintf(bw, "\n<sub>bond %s · operators %s%s · budget %d/%d</sub>\n", mdText(r.Tool.Version), set, mdText(shortDigest(r.Operators.Digest)), r.Budget.Total, r.Budget.PerOperator)
	return bw.err
}
