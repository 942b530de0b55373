// The sentences every certify format shares: the headline, the other regimes, reach, a mutant's
// change, status and witness, and what to do about it. Each takes a code function that quotes a
// data value (a path, a source fragment, a gate name) for the target format, so the words are
// bond's and only the data is escaped.

package render

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// code quotes a data value for one output format.
type code func(string) string

// plainCode is the quoting of the github format, whose message is escaped as a whole.
func plainCode(s string) string {
	if s == "" {
		return "(nothing)"
	}
	return s
}

// termCode is the quoting of the human format: one line, no terminal escapes.
func termCode(s string) string { return plainCode(termText(s)) }

// unpinnedLines lists the added executable lines that are not pinned, "path:line answer (why)",
// at most max of them and a count of the rest; q quotes the location, t the other text.
func unpinnedLines(r *report.Report, q code, t func(string) string, max int) []string {
	var out []string
	n := 0
	for _, l := range r.Lines {
		if l.Answer == report.LinePinned || l.Answer == report.LineNotExecutable {
			continue
		}
		n++
		if len(out) == max {
			continue
		}
		s := fmt.Sprintf("%s %s", q(fmt.Sprintf("%s:%d", l.Path, l.Line)), t(string(l.Answer)))
		if why := l.Why; why != "" {
			// A cut's hint comes in parentheses ("cut by budget (--budget 9 would plan it)"):
			// inside this line's own parentheses it reads after a semicolon.
			if i := strings.Index(why, " ("); i >= 0 && strings.HasSuffix(why, ")") {
				why = why[:i] + "; " + why[i+2:len(why)-1]
			}
			s += " (" + t(why) + ")"
		}
		out = append(out, s)
	}
	if n > len(out) {
		out = append(out, fmt.Sprintf("and %d more (bond inspect --format json, key lines)", n-len(out)))
	}
	return out
}

// otherRegimes lists the bond under the regimes other than the report's.
func otherRegimes(r *report.Report) string {
	var parts []string
	for _, reg := range report.Regimes {
		if reg == r.Bond.Regime {
			continue
		}
		if v := r.Bond.ByRegime[reg]; v != "" {
			parts = append(parts, string(reg)+" "+string(v))
		}
	}
	return strings.Join(parts, ", ")
}

// reachLine says how many added executable lines the oracle ran, per file. A file whose coverage
// is unavailable has unknown reach, said as such (never "0 of 0"), with why.
func reachLine(r *report.Report, q code) string {
	if r.Baseline == nil {
		return ""
	}
	re := r.Baseline.Reach
	// A file the tests never load has no executable-line list in the baseline's reach (nothing
	// was collected for it); the per-line answer counts its added executable lines, and so does
	// this line, so the two never disagree ("ran 0 of 0" beside "pinned 0 of 1").
	notLoaded := map[string]int{}
	for _, l := range r.Lines {
		if l.Answer != report.LineNotExecutable {
			notLoaded[l.Path]++
		}
	}
	var files, unknown []string
	for _, f := range re.Files {
		switch {
		case f.Unknown || f.Coverage == "unavailable":
			why := ""
			if f.Detail != "" {
				why = " (" + q(oneLine(f.Detail, 160)) + ")"
			}
			unknown = append(unknown, q(f.Path)+why)
			continue
		case f.Coverage == "not-loaded":
			if n := notLoaded[f.Path]; n > 0 && f.Executable == 0 {
				re.Executable += n
				files = append(files, fmt.Sprintf("%s 0/%d, not loaded", q(f.Path), n))
			} else {
				files = append(files, fmt.Sprintf("%s not loaded", q(f.Path)))
			}
			continue
		}
		files = append(files, fmt.Sprintf("%s %d/%d", q(f.Path), f.Ran, f.Executable))
	}
	var s string
	if len(unknown) > 0 && len(unknown) == len(re.Files) {
		s = "reach unknown: no coverage for " + strings.Join(unknown, ", ")
	} else {
		s = fmt.Sprintf("reach: the oracle ran %d of %d added executable lines", re.Ran, re.Executable)
		if len(files) > 0 {
			s += " (" + strings.Join(files, ", ") + ")"
		}
		if len(unknown) > 0 {
			s += "; unknown for " + strings.Join(unknown, ", ")
		}
	}
	if r.Baseline.UnstableLines > 0 {
		s += fmt.Sprintf("; %d unstable lines not used as evidence", r.Baseline.UnstableLines)
	}
	return s
}

// budgetLine says how many candidates the budget cut, or "" when it cut none: a bond over 6 of
// 16 candidates must not read like one over 6 of 6.
func budgetLine(r *report.Report) string {
	cut := len(r.Cut)
	if cut == 0 {
		return ""
	}
	n := len(r.Mutants) + cut
	return fmt.Sprintf("budget: %d of %d candidates run; %d cut by the budget (--budget %d, %d per operator)", len(r.Mutants), n, cut, r.Budget.Total, r.Budget.PerOperator)
}

// cutList lists the candidates the budget cut, "path:line operator (from → to)", at most max
// of them and a count of the rest; q quotes the data.
func cutList(r *report.Report, q code, max int) []string {
	var out []string
	for i, c := range r.Cut {
		if i == max {
			out = append(out, fmt.Sprintf("and %d more (bond inspect --format json, key cut)", len(r.Cut)-max))
			break
		}
		m := report.MutantResult{Mutant: c.Mutant}
		out = append(out, fmt.Sprintf("%s %s (%s)", q(fmt.Sprintf("%s:%d", c.Path, c.Line)), q(c.Operator), changeText(m, q)))
	}
	return out
}

// unknownReach reports whether the coverage of some planned file is unavailable, so that reach
// is unknown there (SPEC: absent is its own value, never "0 of 0").
func unknownReach(r *report.Report) bool {
	if r.Baseline == nil {
		return false
	}
	for _, f := range r.Baseline.Reach.Files {
		if f.Unknown || f.Coverage == "unavailable" {
			return true
		}
	}
	return false
}

// unchangedLine says how many of the diff's source lines were not new behaviour, or "".
func unchangedLine(r *report.Report) string {
	n := r.UnchangedCount()
	if n == 0 {
		return ""
	}
	w := "lines"
	if n == 1 {
		w = "line"
	}
	return fmt.Sprintf("unchanged behaviour: %d %s re-indented, re-wrapped, moved or copied, not mutated", n, w)
}

// changeText is a mutant's change: "from → to", or "line deleted".
func changeText(m report.MutantResult, q code) string {
	if m.Operator == "delete-statement" {
		return "line deleted"
	}
	return fmt.Sprintf("%s → %s", q(m.Change.From), q(m.Change.To))
}

// statusText is the mutant's status with its reason.
// incrementalText is the human --incremental line: how many outcomes were reused, from which
// file, and why none were when so.
func incrementalText(inc *report.IncrementalInfo) string {
	noun := "mutants"
	if inc.Reused == 1 {
		noun = "mutant"
	}
	s := fmt.Sprintf("%d %s reused from %s, %d ran", inc.Reused, noun, inc.Path, inc.Ran)
	if inc.Note != "" {
		s += " (" + inc.Note + ")"
	}
	return s
}

// parityText is the --parity line: what the real runner re-ran and how many it contradicted, or
// why it compared nothing (a dark channel is named, never dropped).
func parityText(p *report.ParityInfo) string {
	if p.Problem != "" {
		return "nothing compared: " + oneLine(p.Problem, 300)
	}
	if p.Checked == 0 {
		return "no embedded outcome decided the bond, so none was run again"
	}
	noun := "outcomes"
	if p.Checked == 1 {
		noun = "outcome"
	}
	s := fmt.Sprintf("%d deciding %s run again under the %s runner: %d agree", p.Checked, noun, p.Runner, p.Agreed)
	if p.Disagreed > 0 {
		s += fmt.Sprintf(", %d disagree (those mutants are errors with both outputs, reason parity-mismatch)", p.Disagreed)
	}
	return s
}

func statusText(m report.MutantResult) string {
	s := string(m.Status)
	if m.Reason != "" {
		s += " (" + string(m.Reason) + ")"
	}
	if m.Equivalence != "" {
		s += " [" + m.Equivalence + "]"
	}
	if m.Cached {
		s += " (cached)"
	}
	return string(s)
}

// killedByText names the first failing test of a mutant's run, cut to n characters, and how many
// more failed with it ("file › suite › test (+2 more failing)"), or "-" when the run named none.
// q quotes the name, which is the test file's text and so data.
func killedByText(m report.MutantResult, q code, n int) string {
	first, more := failing(m)
	if first == "" {
		return "-"
	}
	s := q(oneLine(first, n))
	if more > 0 {
		s += fmt.Sprintf(" (+%d more failing)", more)
	}
	return s
}

// failing is the first failing test of a mutant's run and the count of the others. The report
// keeps at most 20 names, then "(N more)", which counts too; a run whose runner named only the
// killer has KilledBy alone.
func failing(m report.MutantResult) (first string, more int) {
	names := m.FailedTests
	if k := len(names); k > 0 {
		var extra int
		if _, err := fmt.Sscanf(names[k-1], "(%d more)", &extra); err == nil && extra > 0 {
			names, more = names[:k-1], extra
		}
	}
	switch {
	case m.KilledBy != "":
		first = m.KilledBy
	case len(names) > 0:
		first = names[0]
	default:
		return "", 0
	}
	if len(names) > 1 {
		more += len(names) - 1
	}
	return first, more
}

// witnessText renders a mutant's witness for tables. Only accepted mutants are adjudicated; for
// the others the oracle's own refusal is the evidence, so the cell says "-" rather than
// "not-adjudicated", which reads like a gap. The JSON keeps the recorded kind.
func witnessText(m report.MutantResult, q code) string {
	if m.Status != report.StatusAccepted {
		return "-"
	}
	w := m.Witness
	switch w.Kind {
	case report.WitnessCoverage:
		if len(w.Lines) > 0 {
			l := w.Lines[0]
			more := ""
			if len(w.Lines) > 1 {
				more = fmt.Sprintf(" +%d", len(w.Lines)-1)
			}
			in := l.In
			if in != "baseline" && in != "mutant" {
				in = q(in)
			}
			return fmt.Sprintf("coverage (%s ran only in the %s%s)", q(fmt.Sprintf("%s:%d", l.Path, l.Line)), in, more)
		}
		return "coverage"
	case report.WitnessValue:
		if v := w.Value; v != nil {
			return fmt.Sprintf("value (%s: %s differs)", q(v.Callee), q(v.Path))
		}
		return "value"
	case report.WitnessSuite:
		return "suite (gate " + q(w.Gate) + " failed)"
	case report.WitnessCompile:
		return "compile (gate " + q(w.Gate) + " rejected it before any test ran)"
	case "":
		return string(report.WitnessNotAdjudicated)
	case report.WitnessNone, report.WitnessNotAdjudicated:
		// How hard bond looked, where the value detector could: equivalent candidates are
		// ordered by it. Where it could not for the whole run, the run's value-detector note
		// says why; where only this mutant's run left no trace (a test removed it, its process
		// died), the label says so, never a bare none.
		if v := w.Values; v != nil && v.Unavailable == "" {
			return fmt.Sprintf("%s (%d of %d calls differ)", w.Kind, v.Differ, v.Calls)
		}
		if v := w.Values; v != nil && strings.HasPrefix(v.Unavailable, report.ValueLostMutant) {
			return fmt.Sprintf("%s (value detector %s)", w.Kind, report.ValueLostMutant)
		}
		return string(w.Kind)
	}
	return q(string(w.Kind))
}

// advice says what to do about one mutant, or "" when nothing is to be done.
func advice(m report.MutantResult, q code) string {
	loc := q(fmt.Sprintf("%s:%d", m.Path, m.Line))
	switch {
	case m.Verdict == report.VerdictVacuous && m.Witness.Kind == report.WitnessValue && m.Witness.Value != nil:
		v := m.Witness.Value
		who := "a call they make sees it"
		if v.Origin == "neighbour" {
			who = "a neighbour of a call they make (one argument changed) sees it"
		}
		return fmt.Sprintf("%s: the tests ran this line and still passed with %s, yet %s: %s(%s) gives %s, under the mutant %s; %s", loc, changeText(m, q), who, q(v.Callee), q(oneLine(v.Args, 60)), q(oneLine(v.BaselineOutcome, 60)), q(oneLine(v.MutantOutcome, 60)), suggestedAdvice(m, q))
	case m.Verdict == report.VerdictVacuous:
		return fmt.Sprintf("%s: the tests ran this line and still passed with %s; add a test that fails on this change", loc, changeText(m, q))
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonNotRan:
		return fmt.Sprintf("%s: the oracle never ran this line; add a test that reaches it", loc)
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonCanarySurvived:
		return fmt.Sprintf("%s: the oracle still passed with a throw at the top of %s, so it does not load this file (a built copy, a bundle or a mock?); point the tests at the source", loc, q(m.Path))
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonCanaryError:
		return fmt.Sprintf("%s: the canary run of %s could not run, so bond cannot tell whether the oracle loads this file; see bond inspect %s", loc, q(m.Path), q(m.ID))
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonCoverageUnreadable:
		return fmt.Sprintf("%s: the tests accepted %s, but the coverage of that run could not be read, so bond could not look for a witness; see bond inspect %s", loc, changeText(m, q), q(m.ID))
	case m.Verdict == report.VerdictError && m.Reason == report.ReasonParity:
		return fmt.Sprintf("%s: the embedded runner and the real runner disagree on %s (bond picks neither); see bond inspect %s, and run with --runner node to take the real runner's word", loc, changeText(m, q), q(m.ID))
	case m.Verdict == report.VerdictError && m.Reason == report.ReasonMemoryLimit:
		return fmt.Sprintf("%s: the embedded runner stopped the run at its memory limit (not a kill); try --runner node", loc)
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonCoverageUnavailable:
		return fmt.Sprintf("%s: bond could not read coverage for %s, so it cannot tell whether the tests ran it", loc, q(m.Path))
	case m.Verdict == report.VerdictUnshown && m.Reason == report.ReasonUnstableReach:
		return fmt.Sprintf("%s: whether the tests run this line changes from run to run; make them deterministic", loc)
	case m.Verdict == report.VerdictUnshown && m.Witness.Kind == report.WitnessNotAdjudicated:
		return fmt.Sprintf("%s: the tests ran this line and still passed with %s; it was not adjudicated (the bond was already decided, or the suite cap was spent: --adjudicate all asks anyway); add a test that fails on it", loc, changeText(m, q))
	case m.Verdict == report.VerdictUnshown && m.Witness.Values != nil && strings.HasPrefix(m.Witness.Values.Unavailable, report.ValueLostMutant):
		return fmt.Sprintf("%s: the tests accepted %s, and the run under it left no value trace where the unmutated runs left one (its process died, or a test removed the trace), so the value detector could not look; see bond inspect %s", loc, changeText(m, q), q(m.ID))
	case m.Verdict == report.VerdictUnshown:
		return fmt.Sprintf("%s: the tests accepted %s and nothing showed the change matters (witness %s); add a test that fails on it, or record it as equivalent with --verdicts", loc, changeText(m, q), q(string(m.Witness.Kind)))
	case m.Verdict == report.VerdictError:
		return fmt.Sprintf("%s: the run did not complete (%s); see bond inspect %s", loc, q(string(m.Status)), q(m.ID))
	}
	return ""
}
