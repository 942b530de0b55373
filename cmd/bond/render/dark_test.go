package render

import (
	"bytes"
	"encoding/json"
	"html"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
	"github.com/bond-tool/bond/plan"
)

// TestDarkFactsShown: the facts a reader must know are said by human and markdown, each as what
// it is (issue 9 item 6): unknown reach, budget cuts, unchanged-behaviour lines, an empty diff, a
// canary that errored, unreadable coverage, a run stopped at the memory limit.
func TestDarkFactsShown(t *testing.T) {
	full, empty := darkReports()
	for _, tt := range []struct {
		name string
		r    *report.Report
		want []string
		not  []string
	}{
		{"dark facts", full, []string{
			"reach unknown: no coverage for ", "lib/a.js", "jest wrote no coverage",
			"2 of 5 candidates run; 3 cut by the budget",
			"unchanged behaviour: 2 lines",
			"coverage-unreadable", "coverage of that run could not be read",
			"memory-limit", "memory limit (not a kill)",
		}, []string{"0 of 0"}},
		{"empty diff", empty, []string{"the diff adds no source line"}, nil},
	} {
		for _, format := range []string{"human", "markdown"} {
			var b bytes.Buffer
			if err := Formats[format](&b, Input{Report: tt.r}); err != nil {
				t.Fatal(err)
			}
			out := strings.ReplaceAll(b.String(), "\u2060", "")
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("%s %s: output lacks %q:\n%s", tt.name, format, w, out)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(out, w) {
					t.Errorf("%s %s: output has %q:\n%s", tt.name, format, w, out)
				}
			}
		}
	}
	var b bytes.Buffer
	Formats["human"](&b, Input{Report: full})
	if !strings.Contains(b.String(), "canary in lib/a.js could not run") {
		t.Errorf("human output does not say the canary could not run:\n%s", b.String())
	}
}

// darkReports are a report with every dark fact (unknown reach, a budget cut, unchanged lines,
// a canary that errored, unreadable coverage, a memory stop) and one of an empty diff.
func darkReports() (full, empty *report.Report) {
	mut := func(line int, st report.Status, reason report.Reason, v report.Verdict) report.MutantResult {
		return report.MutantResult{
			Mutant: plan.Mutant{ID: "0123456789abcde" + string(rune('0'+line)), Path: "lib/a.js", Line: line, Operator: "invert-comparison", Change: plan.Change{From: "<", To: ">="}},
			Status: st, Reason: reason, Witness: report.Witness{Kind: report.WitnessNotAdjudicated}, Verdict: v,
		}
	}
	full = &report.Report{
		Front: plan.Front{
			Budget: plan.BudgetInfo{Total: 2, PerOperator: 2},
			Files:  []plan.FileInfo{{Path: "lib/a.js", Added: []int{1, 2, 3}}},
			Cut: []plan.Candidate{
				{Mutant: plan.Mutant{ID: "c1", Path: "lib/a.js", Line: 3, Operator: "swap-arithmetic-operands", Change: plan.Change{From: "a - b", To: "b - a"}}, Reason: plan.ReasonBudget},
				{Mutant: plan.Mutant{ID: "c2", Path: "lib/a.js", Line: 4, Operator: "return-sentinel", Change: plan.Change{From: "x", To: "undefined"}}, Reason: plan.ReasonBudget},
				{Mutant: plan.Mutant{ID: "c3", Path: "lib/<b>.js", Line: 5, Operator: "delete-statement"}, Reason: plan.ReasonBudget},
			},
			Unchanged: []plan.UnchangedLines{{Path: "lib/a.js", Lines: []int{7, 8}}},
		},
		Mutants: []report.MutantResult{
			mut(1, report.StatusAccepted, report.ReasonCoverageUnreadable, report.VerdictUnshown),
			mut(2, report.StatusError, report.ReasonMemoryLimit, report.VerdictError),
		},
		SelfCheck: []report.Canary{{Path: "lib/a.js", Result: report.CanaryError}},
		Baseline: &report.Baseline{Reach: report.Reach{
			Files:   []report.FileReach{{Path: "lib/a.js", Coverage: "unavailable", Detail: "jest wrote no coverage", Unknown: true}},
			Unknown: []string{"lib/a.js"},
		}},
	}
	full.Bond = report.Bond([]report.Verdict{report.VerdictUnshown, report.VerdictError}, report.RegimeWitnessRecorded, false)
	empty = &report.Report{}
	empty.Bond = report.Bond(nil, report.RegimeWitnessRecorded, false)
	empty.Bond.Reason = "the diff adds no source line"
	return full, empty
}

// TestDarkFactsInHTMLAndSARIF: the html page and the SARIF log say the dark facts human and
// markdown say — unknown reach, the budget cut (the page lists what was cut), unchanged lines —
// the page as text, the log as tool notifications that validate against the schema.
func TestDarkFactsInHTMLAndSARIF(t *testing.T) {
	full, _ := darkReports()
	facts := []string{"reach unknown: no coverage for lib/a.js (jest wrote no coverage)", "budget: 2 of 5 candidates run; 3 cut by the budget (--budget 2, 2 per operator)", "unchanged behaviour: 2 lines"}
	var h bytes.Buffer
	if err := HTML(&h, Input{Report: full}); err != nil {
		t.Fatal(err)
	}
	page := html.UnescapeString(h.String())
	for _, w := range append(facts, "lib/a.js:3 swap-arithmetic-operands (a - b → b - a)", "lib/a.js:4 return-sentinel (x → undefined)", "lib/<b>.js:5 delete-statement (line deleted)") {
		if !strings.Contains(page, w) {
			t.Errorf("the html page lacks %q:\n%s", w, page)
		}
	}
	if strings.Contains(h.String(), "<b>") {
		t.Errorf("a cut path became markup:\n%s", h.String())
	}

	var s bytes.Buffer
	if err := SARIF(&s, Input{Report: full}); err != nil {
		t.Fatal(err)
	}
	validate(t, sarifSchema, s.Bytes())
	var log sarifLog
	if err := json.Unmarshal(s.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	var got []string
	for _, n := range run.Invocation[0].Notifications {
		got = append(got, n.Level+" "+n.Descriptor.ID+" "+n.Message.Text)
	}
	for i, w := range []string{"warning bond/reach-unknown " + facts[0], "note bond/budget-cut " + facts[1] + ": lib/a.js:3", "note bond/unchanged " + facts[2]} {
		if i >= len(got) || !strings.HasPrefix(got[i], w) {
			t.Errorf("notification %d is not %q; the notifications are:\n%s", i, w, strings.Join(got, "\n"))
		}
	}
	if b := run.Properties.Budget; b != (sarifBudget{Total: 2, PerOperator: 2, Candidates: 5, Cut: 3}) || run.Properties.UnchangedLines != 2 {
		t.Errorf("run properties: budget %+v, unchanged lines %d", b, run.Properties.UnchangedLines)
	}
}

// TestCorpusDarkChannelsShown: corpus report's human and markdown outputs name the dark channels
// per task and in total (issue 9 item 8).
func TestCorpusDarkChannelsShown(t *testing.T) {
	r := row("t-dark", "mined", corpus.SampleOut, corpus.HeldbackNone, 9, killed("d1", "invert-comparison"))
	r.Report.Files = []plan.FileInfo{{Path: "lib/a.js"}}
	r.Report.Cut = []plan.Candidate{{Mutant: plan.Mutant{ID: "d2", Operator: "invert-comparison"}, Reason: plan.ReasonBudget}}
	r.Report.Unchanged = []plan.UnchangedLines{{Path: "lib/a.js", Lines: []int{4}}}
	r.Report.Baseline = &report.Baseline{
		Reach: report.Reach{Files: []report.FileReach{{Path: "lib/a.js", Coverage: "unavailable", Detail: "jest wrote no coverage", Unknown: true}}},
		Gates: []report.GateRecord{{Name: "unit", ExitCode: 1}},
	}
	rep := corpusReport(t, append(fixtureRows(), r))
	for name, f := range map[string]func(*bytes.Buffer) error{
		"human":    func(b *bytes.Buffer) error { return CorpusHuman(b, rep) },
		"markdown": func(b *bytes.Buffer) error { return CorpusMarkdown(b, rep) },
	} {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatal(err)
		}
		out := strings.ReplaceAll(b.String(), "\u2060", "")
		for _, w := range []string{"1 of 1 planned files without coverage", "1 of 1 gates red on the unmutated tree", "1 of 11 candidates cut (0 by the per-operator cap)", "1 unchanged-behaviour line skipped", "t-dark", "lib/a.js (unavailable: jest wrote no coverage)", "unit"} {
			if !strings.Contains(out, w) {
				t.Errorf("%s corpus report lacks %q:\n%s", name, w, out)
			}
		}
	}
}
