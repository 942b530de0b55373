package render

// This file's one job: the suggested test of a value witness (adjudicate/suggestrun.go) in the
// renderings: a verified one is shown whole under the advice (terminal, markdown, HTML, inspect);
// one that was dropped or not attempted is named with its reason in inspect only, and the
// advice says none is shown.

import (
	"fmt"
	"io"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// shownTest is m's suggested test when it is one bond may show: it passed on the patched tree
// and failed on the mutant.
func shownTest(m report.MutantResult) *report.SuggestedTest {
	if st := m.SuggestedTest; st != nil && st.Verified && st.Code != "" {
		return st
	}
	return nil
}

// suggestedAdvice is the advice's tail about the suggestion: where to add the verified test,
// or that none is shown and where to read why.
func suggestedAdvice(m report.MutantResult, q code) string {
	st := m.SuggestedTest
	switch {
	case st == nil:
		return "assert on that"
	case shownTest(m) != nil:
		return fmt.Sprintf("bond wrote a %s test that passes on the patched code and fails on the mutant: add it as %s", q(st.Framework), q(st.Path))
	}
	return fmt.Sprintf("assert on that (bond suggests no test: see bond inspect %s)", q(m.ID))
}

// codeLines are a suggestion's lines, each made safe for a terminal or a markdown block.
func codeLines(code string) []string {
	lines := strings.Split(strings.TrimRight(code, "\n"), "\n")
	for i, l := range lines {
		lines[i] = termText(l)
	}
	return lines
}

// writeTermTest writes a verified suggestion under a terminal item, indented by pad.
func writeTermTest(w io.Writer, st *report.SuggestedTest, pad string) {
	for _, l := range codeLines(st.Code) {
		if l == "" {
			fmt.Fprintln(w)
			continue
		}
		fmt.Fprintf(w, "%s%s\n", pad, l)
	}
}

// mdTestBlock is a verified suggestion as a fenced code block, indented by pad (a list item's
// continuation): the fence is longer than any backtick run in the code.
func mdTestBlock(st *report.SuggestedTest, pad string) string {
	lines := codeLines(st.Code)
	longest := 2
	for _, l := range lines {
		run := 0
		for i := 0; i < len(l); i++ {
			if l[i] == '`' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	fence := strings.Repeat("`", longest+1)
	var b strings.Builder
	fmt.Fprintf(&b, "%s%sjs\n", pad, fence)
	for _, l := range lines {
		if l == "" {
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(&b, "%s%s\n", pad, l)
	}
	fmt.Fprintf(&b, "%s%s\n", pad, fence)
	return b.String()
}

// suggestedInspect is inspect's account of a suggestion: verified with its code, or why it was
// dropped or not attempted.
func suggestedInspect(w io.Writer, st *report.SuggestedTest, q code) {
	if st == nil {
		return
	}
	switch {
	case st.NotAttempted != "":
		fmt.Fprintf(w, "suggested  none: %s\n", q(st.NotAttempted))
		return
	case st.Dropped != "":
		fmt.Fprintf(w, "suggested  dropped (%s test %s: patched %s, mutant %s): %s\n", q(st.Framework), q(st.Path), q(orNotRun(st.Patched)), q(orNotRun(st.Mutant)), q(st.Dropped))
		return
	}
	fmt.Fprintf(w, "suggested  %s test %s: passed on the patched tree (%dms), failed on the mutant (%dms)\n", q(st.Framework), q(st.Path), st.PatchedMS, st.MutantMS)
	writeTermTest(w, st, "           ")
}

func orNotRun(s string) string {
	if s == "" {
		return "not run"
	}
	return s
}
