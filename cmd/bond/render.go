package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/bond-tool/bond/adjudicate"
)

// Report formats of certify (SPEC §4). Every renderer is a func(io.Writer, *Report) error whose
// bytes depend only on the report; markdown and github also leave out times, so a sticky review
// comment does not churn between runs of the same patch.
var renderers = map[string]func(io.Writer, *adjudicate.Report) error{
	"human":    renderHuman,
	"json":     renderJSON,
	"markdown": renderMarkdown,
	"github":   renderGithub,
}

func renderJSON(w io.Writer, r *adjudicate.Report) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// headline is the one-sentence answer: the bond, the regime, and whether it refuses.
func headline(r *adjudicate.Report) string {
	b := r.Bond
	refuse := "does not refuse the patch"
	if b.Refuses {
		refuse = "refuses the patch"
	}
	return fmt.Sprintf("bond %s under %s: %s; %s", strings.ToUpper(string(b.Verdict)), b.Regime, b.Reason, refuse)
}

// otherRegimes lists the bond under the regimes other than the report's.
func otherRegimes(r *adjudicate.Report) string {
	var parts []string
	for _, reg := range adjudicate.Regimes {
		if reg == r.Bond.Regime {
			continue
		}
		if v := r.Bond.ByRegime[reg]; v != "" {
			parts = append(parts, string(reg)+" "+string(v))
		}
	}
	return strings.Join(parts, ", ")
}

func reachLine(r *adjudicate.Report) string {
	if r.Baseline == nil {
		return ""
	}
	re := r.Baseline.Reach
	var files []string
	for _, f := range re.Files {
		switch f.Coverage {
		case "unavailable":
			files = append(files, fmt.Sprintf("%s coverage unavailable", f.Path))
			continue
		case "not-loaded":
			files = append(files, fmt.Sprintf("%s not loaded", f.Path))
			continue
		}
		files = append(files, fmt.Sprintf("%s %d/%d", f.Path, f.Ran, f.Executable))
	}
	s := fmt.Sprintf("reach: the oracle ran %d of %d added executable lines", re.Ran, re.Executable)
	if len(files) > 0 {
		s += " (" + strings.Join(files, ", ") + ")"
	}
	if r.Baseline.UnstableLines > 0 {
		s += fmt.Sprintf("; %d unstable lines not used as evidence", r.Baseline.UnstableLines)
	}
	return s
}

func changeText(m adjudicate.MutantResult) string {
	if m.Operator == "delete-statement" {
		return "line deleted"
	}
	return fmt.Sprintf("%s → %s", quoteCode(m.Change.From), quoteCode(m.Change.To))
}

func quoteCode(s string) string {
	if s == "" {
		return "(nothing)"
	}
	return s
}

// statusText is the mutant's status with its reason.
func statusText(m adjudicate.MutantResult) string {
	s := string(m.Status)
	if m.Reason != "" {
		s += " (" + string(m.Reason) + ")"
	}
	if m.Equivalence != "" {
		s += " [" + m.Equivalence + "]"
	}
	return s
}

// witnessText renders a mutant's witness for tables. Only accepted mutants are adjudicated; for
// the others the oracle's own refusal is the evidence, so the cell says "-" rather than
// "not-adjudicated", which reads like a gap. The JSON keeps the recorded kind.
func witnessText(m adjudicate.MutantResult) string {
	if m.Status != adjudicate.StatusAccepted {
		return "-"
	}
	w := m.Witness
	switch w.Kind {
	case adjudicate.WitnessCoverage:
		if len(w.Lines) > 0 {
			l := w.Lines[0]
			more := ""
			if len(w.Lines) > 1 {
				more = fmt.Sprintf(" +%d", len(w.Lines)-1)
			}
			return fmt.Sprintf("coverage (%s:%d ran only in the %s%s)", l.Path, l.Line, l.In, more)
		}
		return "coverage"
	case adjudicate.WitnessSuite:
		return "suite (gate " + w.Gate + " failed)"
	case "":
		return string(adjudicate.WitnessNotAdjudicated)
	}
	return string(w.Kind)
}

// advice says what to do about one mutant, or "" when nothing is to be done.
func advice(m adjudicate.MutantResult) string {
	loc := fmt.Sprintf("%s:%d", m.Path, m.Line)
	switch {
	case m.Verdict == adjudicate.VerdictVacuous:
		return fmt.Sprintf("%s: the tests ran this line and still passed with %s; add a test that fails on this change", loc, changeText(m))
	case m.Verdict == adjudicate.VerdictUnshown && m.Reason == adjudicate.ReasonNotRan:
		return fmt.Sprintf("%s: the oracle never ran this line; add a test that reaches it", loc)
	case m.Verdict == adjudicate.VerdictUnshown && m.Reason == adjudicate.ReasonCanarySurvived:
		return fmt.Sprintf("%s: the oracle still passed with a throw at the top of %s, so it does not load this file (a built copy, a bundle or a mock?); point the tests at the source", loc, m.Path)
	case m.Verdict == adjudicate.VerdictUnshown && m.Reason == adjudicate.ReasonCoverageUnavailable:
		return fmt.Sprintf("%s: bond could not read coverage for %s, so it cannot tell whether the tests ran it", loc, m.Path)
	case m.Verdict == adjudicate.VerdictUnshown && m.Reason == adjudicate.ReasonUnstableReach:
		return fmt.Sprintf("%s: whether the tests run this line changes from run to run; make them deterministic", loc)
	case m.Verdict == adjudicate.VerdictUnshown && m.Witness.Kind == adjudicate.WitnessNotAdjudicated:
		return fmt.Sprintf("%s: the tests accepted %s; it was not adjudicated (the bond was already decided, or the suite cap was spent: --adjudicate all asks anyway); add a test that fails on it", loc, changeText(m))
	case m.Verdict == adjudicate.VerdictUnshown:
		return fmt.Sprintf("%s: the tests accepted %s and nothing showed the change matters (witness %s); add a test that fails on it, or record it as equivalent with --verdicts", loc, changeText(m), m.Witness.Kind)
	case m.Verdict == adjudicate.VerdictError:
		return fmt.Sprintf("%s: the run did not complete (%s); see bond inspect %s", loc, m.Status, m.ID)
	}
	return ""
}

func renderHuman(w io.Writer, r *adjudicate.Report) error {
	bw := &errWriter{w: w}
	fmt.Fprintln(bw, headline(r))
	if o := otherRegimes(r); o != "" {
		fmt.Fprintf(bw, "other regimes: %s\n", o)
	}
	if l := reachLine(r); l != "" {
		fmt.Fprintln(bw, l)
	}
	if len(r.Mutants) > 0 {
		fmt.Fprintln(bw)
		tw := tabwriter.NewWriter(bw, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tLOCATION\tOPERATOR\tCHANGE\tSTATUS\tWITNESS\tVERDICT")
		for _, m := range r.Mutants {
			fmt.Fprintf(tw, "%s\t%s:%d\t%s\t%s\t%s\t%s\t%s\n", m.ID, m.Path, m.Line, m.Operator, oneLine(changeText(m), 40), statusText(m), witnessText(m), m.Verdict)
		}
		tw.Flush()
	}
	for _, c := range r.SelfCheck {
		if c.Result != adjudicate.CanaryKilled {
			fmt.Fprintf(bw, "\nself-check: the canary in %s %s: the oracle does not load that file\n", c.Path, c.Result)
		}
	}
	if r.Baseline != nil {
		for _, g := range r.Baseline.Gates {
			if !g.Passed {
				fmt.Fprintf(bw, "gate %s fails on the unmutated patched tree (exit %d); it is never read as a witness\n", g.Name, g.ExitCode)
				fmt.Fprintf(bw, "  if it passes in your checkout: sandboxes hold only the files git lists, so ignored build output (dist/, lib/) is not there; build it in the gate, e.g. --gate '%s=npm run build && %s'\n", g.Name, g.Cmd)
			}
		}
	}
	if n := len(r.TreeChanges); n > 0 {
		list := r.TreeChanges
		more := ""
		if n > 8 {
			list, more = list[:8], fmt.Sprintf(" and %d more (bond inspect --format json)", n-8)
		}
		fmt.Fprintf(bw, "\nthe tests wrote into their sandbox (your tree is untouched): %s%s\n", strings.Join(list, ", "), more)
	}
	var todo []string
	for _, m := range r.Mutants {
		if a := advice(m); a != "" {
			todo = append(todo, a)
		}
	}
	if len(todo) > 0 {
		fmt.Fprintln(bw, "\nwhat to do next:")
		for _, a := range todo {
			fmt.Fprintf(bw, "  - %s\n", a)
		}
	}
	for _, e := range r.Errors {
		fmt.Fprintf(bw, "error: %s\n", e)
	}
	if r.Partial {
		fmt.Fprintln(bw, "this report is partial: the run stopped before it finished")
	}
	if r.Run.WorkDir != "" {
		fmt.Fprintf(bw, "sandboxes kept in %s (--keep)\n", r.Run.WorkDir)
	}
	if r.Run.RunnerNote != "" {
		fmt.Fprintf(bw, "runner: %s\n", r.Run.RunnerNote)
	}
	t := r.Timings
	fmt.Fprintf(bw, "\ntook %.1fs, of which oracle and gate runs %.1fs; details: bond inspect [ID]\n", float64(t.TotalMS)/1000, float64(t.RunWallMS)/1000)
	return bw.err
}

// mdCell escapes a table cell and wraps code.
func mdCode(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	if s == "" {
		return "(nothing)"
	}
	tick := "`"
	if strings.Contains(s, "`") {
		tick = "``"
		s = " " + s + " "
	}
	return tick + s + tick
}

func mdText(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func renderMarkdown(w io.Writer, r *adjudicate.Report) error {
	bw := &errWriter{w: w}
	b := r.Bond
	refuse := "does not refuse"
	if b.Refuses {
		refuse = "refuses"
	}
	fmt.Fprintf(bw, "### bond: **%s** (%s, %s the patch)\n\n", b.Verdict, b.Regime, refuse)
	fmt.Fprintf(bw, "%s.", mdText(b.Reason))
	if o := otherRegimes(r); o != "" {
		fmt.Fprintf(bw, " Other regimes: %s.", o)
	}
	fmt.Fprintln(bw)
	if l := reachLine(r); l != "" {
		fmt.Fprintf(bw, "\n%s\n", mdText(l))
	}
	if len(r.Mutants) > 0 {
		fmt.Fprintln(bw, "\n| location | operator | change | status | witness | verdict |")
		fmt.Fprintln(bw, "|---|---|---|---|---|---|")
		for _, m := range r.Mutants {
			change := "line deleted"
			if m.Operator != "delete-statement" {
				change = mdCode(m.Change.From) + " → " + mdCode(m.Change.To)
			}
			fmt.Fprintf(bw, "| `%s:%d` | %s | %s | %s | %s | **%s** |\n", m.Path, m.Line, m.Operator, change, mdText(statusText(m)), mdText(witnessText(m)), m.Verdict)
		}
	}
	var todo []string
	for _, m := range r.Mutants {
		if a := advice(m); a != "" {
			todo = append(todo, a)
		}
	}
	if len(todo) > 0 {
		fmt.Fprintln(bw, "\n**What to do**")
		fmt.Fprintln(bw)
		for _, a := range todo {
			fmt.Fprintf(bw, "- %s\n", mdText(a))
		}
	}
	if len(r.Errors) > 0 || r.Partial {
		fmt.Fprintln(bw, "\n**Errors**")
		fmt.Fprintln(bw)
		for _, e := range r.Errors {
			fmt.Fprintf(bw, "- %s\n", mdText(oneLine(e, 300)))
		}
		if r.Partial {
			fmt.Fprintln(bw, "- the report is partial: the run stopped before it finished")
		}
	}
	fmt.Fprintf(bw, "\n<sub>bond %s · operators %s · budget %d/%d</sub>\n", r.Tool.Version, shortDigest(r.Operators.Digest), r.Budget.Total, r.Budget.PerOperator)
	return bw.err
}

func shortDigest(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}

// ghEscape escapes a workflow-command message; ghProp a property value.
func ghEscape(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// renderGithub prints workflow-command annotations: a warning on every vacuous or unshown mutant's
// line, and the bond as an error (refused) or a notice.
func renderGithub(w io.Writer, r *adjudicate.Report) error {
	bw := &errWriter{w: w}
	for _, m := range r.Mutants {
		if m.Verdict != adjudicate.VerdictVacuous && m.Verdict != adjudicate.VerdictUnshown {
			continue
		}
		msg := fmt.Sprintf("%s: %s; status %s, witness %s. %s", m.Operator, changeText(m), statusText(m), witnessText(m), advice(m))
		fmt.Fprintf(bw, "::warning file=%s,line=%d,title=%s::%s\n", ghProp(m.Path), m.Line, ghProp("bond "+string(m.Verdict)+" mutant "+m.ID), ghEscape(msg))
	}
	kind := "notice"
	if r.Bond.Refuses {
		kind = "error"
	}
	fmt.Fprintf(bw, "::%s title=%s::%s\n", kind, ghProp("bond "+string(r.Bond.Verdict)), ghEscape(headline(r)))
	return bw.err
}

func oneLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len([]rune(s)) > n {
		return string([]rune(s)[:n-1]) + "…"
	}
	return s
}

// errWriter remembers the first write error so renderers can check once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// formatNames lists the renderers for help and errors.
func formatNames() string {
	var names []string
	for n := range renderers {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}
