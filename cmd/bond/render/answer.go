// The answer every certify rendering leads with (issue 26 item 1), in the same words in the
// terminal, markdown (the review comment and the job summary), html and the github format, and
// SARIF's run properties for the per-line headline: the bond and what it means for the exit
// code; the per-line headline; what to do, one item per line of source. Then what ran: the
// oracle, the runner and the operator set.

package render

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// glossaryPointer is where every rendering sends a reader for its words: `bond help terms`
// prints the glossary, the README's Glossary section holds the same text. It is text, not a
// link: the html page needs no network and a review comment carries no link bond did not need.
const glossaryPointer = "bond help terms (the README's Glossary)"

// bondMeaning is one sentence per bond: what it says about the patch's tests.
var bondMeaning = map[report.Verdict]string{
	report.VerdictHeld:       "the tests refused at least one change to the added lines, and none was shown vacuous",
	report.VerdictVacuous:    "the tests ran an added line and still passed with a change to it",
	report.VerdictUnshown:    "an abstention: no change was refused and none was shown vacuous, so whether the tests pin these lines is not shown",
	"not-bonded":             "no change could be planned on the added lines, so there is nothing to answer (never read as held)",
	report.VerdictError:      "the run did not complete",
	report.VerdictEquivalent: "every change was judged equivalent",
}

// answerBond is the first answer line: the bond, the regime, the exit code in words, what the
// bond means, and bond's reason.
func answerBond(r *report.Report) string {
	b := r.Bond
	exit := "not refused (certify exits 0)"
	if b.Refuses {
		exit = "refused (certify exits 1)"
	}
	s := fmt.Sprintf("bond %s under %s — %s", strings.ToUpper(string(b.Verdict)), b.Regime, exit)
	if m := bondMeaning[b.Verdict]; m != "" {
		s += ": " + m
	}
	if b.Reason != "" {
		s += " (" + b.Reason + ")"
	}
	return s
}

// answerLines is the second answer line, the per-line headline with its one denominator named
// ("pinned 1 of 4 added executable lines · 2 have a gap · 1 never run by the tests"), or "" for a
// report without the per-line answer (absent, or no added executable line: the bond says why).
func answerLines(r *report.Report) string {
	if len(r.Lines) == 0 {
		return ""
	}
	s := r.CountLines()
	noun := "lines"
	if s.Executable == 1 {
		noun = "line"
	}
	parts := []string{fmt.Sprintf("pinned %d of %d added executable %s", s.Pinned, s.Executable, noun)}
	verb := func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	}
	for _, p := range []struct {
		n    int
		what string
	}{
		{s.Vacuous, verb(s.Vacuous, "has a gap (a change to it passed the tests)", "have a gap (a change to them passed the tests)")},
		{s.Unshown, "unshown (bond could not tell: see what to do)"},
		{s.NotRun, "never run by the tests"},
		{s.NotMutated, "not mutated"},
	} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	h := strings.Join(parts, " · ")
	if s.ReachUnknown > 0 {
		h += fmt.Sprintf(" (in %d %s the coverage could not say which lines run: there, every added line that holds code is counted)", s.ReachUnknown, verb(s.ReachUnknown, "file", "files"))
	}
	return h
}

// todoItem is one thing to do, at one line of source.
type todoItem struct {
	ID, Path string
	Line     int
	// Text is the whole advice ("src/a.js:3: add a test …"), its data quoted by the renderer's
	// code function; What is the advice after its location, for a rendering that links the
	// location itself.
	Text, What string
	// Test is the mutant's verified suggested test, shown under the item; nil when none.
	Test *report.SuggestedTest
}

// todoItems lists what to do, one item per mutant that has advice, in report order.
func todoItems(r *report.Report, q code) []todoItem {
	var out []todoItem
	for _, m := range r.Mutants {
		if a := advice(m, q); a != "" {
			what := strings.TrimPrefix(a, q(fmt.Sprintf("%s:%d", m.Path, m.Line))+": ")
			out = append(out, todoItem{ID: m.ID, Path: m.Path, Line: m.Line, Text: a, What: what, Test: shownTest(m)})
		}
	}
	return append(out, reachItems(r, q, out)...)
}

// reachItems are the items an unmet --require-reach adds: each file whose reach the coverage
// could not measure, and each added executable line the oracle never ran that no mutant item
// already names. A patch refused for its reach alone would otherwise read "what to do: nothing".
func reachItems(r *report.Report, q code, have []todoItem) []todoItem {
	c := r.RequireReach
	if c == nil || c.Met {
		return nil
	}
	named := map[string]bool{}
	for _, it := range have {
		named[fmt.Sprintf("%s:%d", it.Path, it.Line)] = true
	}
	var out []todoItem
	if !c.Known && r.Baseline != nil {
		// A reach bond could not measure refuses as an abstention does under --require held;
		// what to do is to give the coverage a way to see the file, named per file.
		for _, f := range r.Baseline.Reach.Files {
			if !f.Unknown && f.Coverage != "unavailable" {
				continue
			}
			why := ""
			if f.Detail != "" {
				why = " (" + q(oneLine(f.Detail, 160)) + ")"
			}
			what := fmt.Sprintf("the coverage could not say which of its added lines the tests run%s, and --require-reach %d%% needs that; make the tests load this file itself (or a build with a source map back to it), or certify without --require-reach", why, c.Percent)
			out = append(out, todoItem{Path: f.Path, Text: q(f.Path) + ": " + what, What: what})
		}
	}
	for _, l := range r.Lines {
		loc := fmt.Sprintf("%s:%d", l.Path, l.Line)
		if l.Answer != report.LineNotRun || named[loc] {
			continue
		}
		what := fmt.Sprintf("no test runs this line, and --require-reach %d%% needs the tests to run more of the added lines; add a test that reaches it", c.Percent)
		out = append(out, todoItem{Path: l.Path, Line: l.Line, Text: q(loc) + ": " + what, What: what})
	}
	return out
}

// answerTodo is the third answer line's heading: how many things there are to do, or that there
// are none.
func answerTodo(n int) string {
	switch n {
	case 0:
		return "what to do: nothing"
	case 1:
		return "what to do (1 item):"
	}
	return fmt.Sprintf("what to do (%d items):", n)
}

// ranLine says what ran: the oracle (its command, or its test files), the runner, the operator
// set with its digest and the budget; q quotes the data.
func ranLine(r *report.Report, q code) string {
	var tests string
	switch {
	case r.Run.OracleCmd != "":
		tests = "tests " + q(r.Run.OracleCmd)
	case len(r.Run.Oracle) > 0:
		files := make([]string, len(r.Run.Oracle))
		for i, f := range r.Run.Oracle {
			files[i] = q(f)
		}
		tests = "tests " + strings.Join(files, " ")
	default:
		tests = "tests not recorded"
	}
	runner := r.Run.Runner
	if runner == "" {
		runner = "not recorded"
	}
	set := r.Operators.Set
	if set == 0 {
		set = 1
	}
	per := fmt.Sprintf("%d per operator", r.Budget.PerOperator)
	if r.Budget.PerOperator == 0 {
		per = "no per-operator cap"
	}
	return fmt.Sprintf("%s · runner %s · operator set %d (%s) · budget %d, %s", tests, q(runner), set, q(shortDigest(r.Operators.Digest)), r.Budget.Total, per)
}
