// The human format of certify: the answer (answer.go), then reach, a table of mutants and the
// notes.

package render

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
)

// Human writes the report for a person at a terminal. Every data value is put on one line with
// its control characters shown as \xNN, and the whole output goes through safeWriter, so a
// hostile source line or test output cannot drive the terminal, nor (CIText) a CI log.
func Human(w io.Writer, in Input) error {
	return neutralised(w, ciPlain, func(w io.Writer) error { return human(w, in) })
}

func human(w io.Writer, in Input) error {
	r := in.Report
	bw := &errWriter{w: safeWriter{w}}
	q := termCode
	fmt.Fprintln(bw, termText(answerBond(r)))
	if l := answerLines(r); l != "" {
		fmt.Fprintln(bw, l)
	}
	todo := todoItems(r, q)
	fmt.Fprintln(bw, answerTodo(len(todo)))
	for _, a := range todo {
		fmt.Fprintf(bw, "  - %s\n", a.Text)
		if a.Test != nil {
			writeTermTest(bw, a.Test, "      ")
		}
	}
	fmt.Fprintf(bw, "ran: %s\n", ranLine(r, q))
	fmt.Fprintf(bw, "words used here: %s\n", glossaryPointer)
	fmt.Fprintln(bw)
	if o := otherRegimes(r); o != "" {
		fmt.Fprintf(bw, "other regimes: %s\n", termText(o))
	}
	if l := reachLine(r, termText); l != "" {
		fmt.Fprintln(bw, l)
	}
	for _, l := range []string{budgetLine(r), unchangedLine(r)} {
		if l != "" {
			fmt.Fprintln(bw, l)
		}
	}
	if ls := unpinnedLines(r, q, termText, 10); len(ls) > 0 {
		fmt.Fprintf(bw, "lines not pinned: %s\n", strings.Join(ls, ", "))
	}
	if len(r.Mutants) > 0 {
		fmt.Fprintln(bw)
		tw := tabwriter.NewWriter(bw, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tLOCATION\tOPERATOR\tCHANGE\tSTATUS\tWITNESS\tVERDICT\tKILLED BY")
		for _, m := range r.Mutants {
			fmt.Fprintf(tw, "%s\t%s:%d\t%s\t%s\t%s\t%s\t%s\t%s\n", q(m.ID), q(m.Path), m.Line, q(m.Operator), oneLine(changeText(m, q), 40), termText(statusText(m)), witnessText(m, q), q(string(m.Verdict)), killedByText(m, q, 60))
		}
		tw.Flush()
	}
	for _, c := range r.SelfCheck {
		switch c.Result {
		case report.CanaryKilled, report.CanaryNotRun:
		case report.CanarySwallowed:
			fmt.Fprintf(bw, "\nself-check: the canary in %s was swallowed: its throw ran and the oracle still passed (a test catches the error a file throws on load), so the oracle loads that file\n", q(c.Path))
		case report.CanaryError:
			fmt.Fprintf(bw, "\nself-check: the canary in %s could not run (error): bond cannot tell whether the oracle loads that file\n", q(c.Path))
		default:
			fmt.Fprintf(bw, "\nself-check: the canary in %s %s: the oracle does not load that file\n", q(c.Path), q(c.Result))
		}
	}
	if r.Baseline != nil {
		var notRun []string
		for _, g := range r.Baseline.Gates {
			if !g.Ran {
				notRun = append(notRun, q(g.Name))
				continue
			}
			if !g.Passed {
				fmt.Fprintf(bw, "gate %s fails on the unmutated patched tree (exit %d); it is never read as a witness\n", q(g.Name), g.ExitCode)
				fmt.Fprintf(bw, "  if it passes in your checkout: sandboxes mirror your working tree but leave out caches (.cache/, coverage/, .nyc_output/); see bond inspect --format json, baseline.gates, for its output\n")
			}
		}
		if len(notRun) > 0 {
			fmt.Fprintf(bw, "gates not run: %s (no mutant needed the suite detector)\n", strings.Join(notRun, ", "))
		}
	}
	if n := len(r.TreeChanges); n > 0 {
		list := r.TreeChanges
		more := ""
		if n > 8 {
			list, more = list[:8], fmt.Sprintf(" and %d more (bond inspect --format json)", n-8)
		}
		quoted := make([]string, len(list))
		for i, p := range list {
			quoted[i] = q(p)
		}
		fmt.Fprintf(bw, "\nthe tests wrote into their sandbox (your tree is untouched): %s%s\n", strings.Join(quoted, ", "), more)
	}
	for _, e := range r.Errors {
		fmt.Fprintf(bw, "error: %s\n", termText(e))
	}
	if r.Partial {
		fmt.Fprintln(bw, "this report is partial: the run stopped before it finished")
	}
	if r.Run.WorkDir != "" {
		fmt.Fprintf(bw, "sandboxes kept in %s (--keep)\n", q(r.Run.WorkDir))
	}
	if r.Run.OracleNote != "" {
		fmt.Fprintf(bw, "oracle: %s\n", termText(r.Run.OracleNote))
	}
	if r.Run.RunnerNote != "" {
		fmt.Fprintf(bw, "runner: %s\n", termText(r.Run.RunnerNote))
	}
	if r.Run.Warm != nil {
		fmt.Fprintf(bw, "warm: %s\n", termText(warmText(r.Run.Warm)))
	}
	if r.Run.ValueDetector != "" {
		fmt.Fprintf(bw, "value detector: %s\n", termText(r.Run.ValueDetector))
	}
	if r.Incremental != nil {
		fmt.Fprintf(bw, "incremental: %s\n", termText(incrementalText(r.Incremental)))
	}
	if r.Parity != nil {
		fmt.Fprintf(bw, "parity: %s\n", termText(parityText(r.Parity)))
	}
	if s := r.Sandbox; s != nil && s.Protection == confine.Detect {
		fmt.Fprintf(bw, "protection: detection only: node_modules was writable to the tests and checked after each run, since this host allows no read-only mount (%s)\n", termText(s.Why))
	}
	t := r.Timings
	fmt.Fprintf(bw, "\ntook %.1fs (%s), of which oracle and gate runs %.1fs; details: bond inspect [ID]\n", float64(t.TotalMS)/1000, whereTimeWent(t), float64(t.RunWallMS)/1000)
	return bw.err
}

// whereTimeWent names the phases that took time, slowest first: "mutants 8.1s, baseline 2.0s".
func whereTimeWent(t report.Timings) string {
	phases := t.Phases()
	sort.SliceStable(phases, func(i, j int) bool { return phases[i].MS > phases[j].MS })
	var parts []string
	for _, p := range phases {
		if p.MS >= 50 {
			parts = append(parts, fmt.Sprintf("%s %.1fs", p.Name, float64(p.MS)/1000))
		}
	}
	if len(parts) == 0 {
		return "no phase took long"
	}
	return strings.Join(parts, ", ")
}

// warmText is the one line --warm's record reads as: what the worker decided and what ran cold.
func warmText(w *report.WarmInfo) string {
	if w.Worker == "" || w.Started == 0 {
		return "no warm worker ran: " + w.Refused
	}
	t := fmt.Sprintf("%s worker (%d started, %d controls): %d kills taken warm, %d accepted mutants run again cold", w.Worker, w.Started, w.Controls, w.Killed, w.Confirmed)
	if w.ColdDisagreed > 0 {
		t += fmt.Sprintf(" (%d killed cold)", w.ColdDisagreed)
	}
	if w.Discarded > 0 {
		t += fmt.Sprintf(", %d answers discarded and run cold (first: %s)", w.Discarded, w.Why[0])
	}
	if w.Refused != "" {
		t += "; then stopped: " + w.Refused
	}
	return t
}
