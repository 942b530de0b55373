// Rendering of one mutant for bond inspect: every recorded fact, then its output tails.

package render

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// Mutant prints every fact recorded about one mutant (bond inspect REPORT ID). Data values are
// on one line with control characters shown as \xNN; output tails keep their lines and tabs;
// CI log commands in any of it are neutralised (CIText).
func Mutant(w io.Writer, r *report.Report, m *report.MutantResult) error {
	return neutralised(w, ciPlain, func(w io.Writer) error { return mutant(w, r, m) })
}

func mutant(w io.Writer, r *report.Report, m *report.MutantResult) error {
	bw := &errWriter{w: safeWriter{w}}
	q := termText
	fmt.Fprintf(bw, "mutant %s  %s:%d:%d\n", q(m.ID), q(m.Path), m.Line, m.Column)
	fmt.Fprintf(bw, "operator   %s %s\n", q(m.Operator), q(m.OperatorVersion))
	fmt.Fprintf(bw, "- %s\n+ %s\n", q(m.Original), q(m.Mutated))
	fmt.Fprintf(bw, "change     %s\n", changeText(*m, termCode))
	fmt.Fprintf(bw, "status     %s (exit %d, %d ms, sandbox %d)\n", q(statusText(*m)), m.ExitCode, m.DurationMS, m.Sandbox)
	if m.KilledBy != "" {
		fmt.Fprintf(bw, "killed by  %s\n", q(m.KilledBy))
	}
	if len(m.FailedTests) > 1 {
		for i, name := range m.FailedTests {
			label := "          "
			if i == 0 {
				label = "failing   "
			}
			fmt.Fprintf(bw, "%s %s\n", label, q(name))
		}
	}
	fmt.Fprintf(bw, "ran        %v (in both baseline runs)\n", m.Ran)
	fmt.Fprintf(bw, "witness    %s\n", witnessText(*m, termCode))
	for _, l := range m.Witness.Lines {
		fmt.Fprintf(bw, "           %s:%d ran only in the %s run\n", q(l.Path), l.Line, q(l.In))
	}
	if w := m.Witness; w.Gate != "" {
		fmt.Fprintf(bw, "           gate %s: %s (exit %d)", q(w.Gate), q(string(w.GateStatus)), w.GateExitCode)
		if w.GateFailedTest != "" {
			fmt.Fprintf(bw, ", first failing test %s", q(w.GateFailedTest))
		}
		fmt.Fprintln(bw)
	}
	if d := m.Witness.Detail; d != "" {
		fmt.Fprintf(bw, "           %s\n", q(d))
	}
	if v := m.Witness.Value; v != nil {
		fmt.Fprintf(bw, "           call      %s(%s)", q(v.Callee), q(v.Args))
		if v.Test != "" {
			fmt.Fprintf(bw, " in %s", q(v.File+" › "+v.Test))
		}
		fmt.Fprintln(bw)
		fmt.Fprintf(bw, "           unmutated %s\n", q(v.BaselineOutcome))
		fmt.Fprintf(bw, "           mutant    %s\n", q(v.MutantOutcome))
		fmt.Fprintf(bw, "           first difference at %s: %s unmutated, %s under the mutant\n", q(v.Path), q(v.Baseline), q(v.Mutant))
	}
	if v := m.Witness.Values; v != nil {
		fmt.Fprintf(bw, "           value detector: %s\n", q(v.Text()))
	}
	suggestedInspect(bw, m.SuggestedTest, q)
	var regs []string
	for reg := range m.ByRegime {
		regs = append(regs, string(reg))
	}
	sort.Strings(regs)
	fmt.Fprintf(bw, "verdict    %s (%s)", q(string(m.Verdict)), q(string(r.Bond.Regime)))
	for _, reg := range regs {
		if reg != string(r.Bond.Regime) {
			fmt.Fprintf(bw, "; %s %s", q(reg), q(string(m.ByRegime[report.Regime(reg)])))
		}
	}
	fmt.Fprintln(bw)
	if m.Note != "" {
		fmt.Fprintf(bw, "note       %s\n", q(m.Note))
	}
	if pr := m.Parity; pr != nil {
		agree := "agrees"
		if !pr.Agrees {
			agree = "disagrees"
		}
		fmt.Fprintf(bw, "parity     the %s runner: %s (exit %d", q(pr.Runner), q(string(pr.Status)), pr.ExitCode)
		if pr.KilledBy != "" {
			fmt.Fprintf(bw, ", killed by %s", q(pr.KilledBy))
		}
		fmt.Fprintf(bw, "); the embedded runner: %s; %s\n", q(string(pr.EmbeddedStatus)), agree)
	}
	if a := advice(*m, termCode); a != "" {
		fmt.Fprintf(bw, "next       %s\n", a)
	}
	printTail(bw, "output", m.OutputTail)
	printTail(bw, "gate "+q(m.Witness.Gate)+" output", m.Witness.GateOutputTail)
	if pr := m.Parity; pr != nil && pr.Agrees {
		// A disagreement's output above already holds both runs.
		printTail(bw, "parity run's output", pr.OutputTail)
	}
	return bw.err
}

// printTail prints a recorded output tail under a heading, if there is one.
func printTail(w io.Writer, what, tail string) {
	if tail == "" {
		return
	}
	fmt.Fprintf(w, "\n%s (last %d bytes):\n%s", what, len(tail), termBlock(tail))
	if !strings.HasSuffix(tail, "\n") {
		fmt.Fprintln(w)
	}
}
