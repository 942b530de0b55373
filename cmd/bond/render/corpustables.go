// The tables of the corpus report's html format: the figures every plot is drawn from (one table
// per group of arms and sample, the three regimes side by side, each cell with an id the plots
// point at), then the lists, the errors, the dark channels, the added lines, the per-operator
// table and the pre-registered conditions.

package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
)

// htmlTable is one table of the page; a cell with an ID is one a plot was drawn from.
type htmlTable struct {
	ID, Caption, Note string
	Head              []string
	Rows              []htmlTRow
}

type htmlTRow struct {
	Class string
	Cells []htmlCell
}

type htmlCell struct {
	ID, Text string
	Num      bool
}

func textCells(ss ...string) []htmlCell {
	cs := make([]htmlCell, len(ss))
	for i, s := range ss {
		cs[i] = htmlCell{Text: s}
	}
	return cs
}

func numCells(ns ...int) []htmlCell {
	cs := make([]htmlCell, len(ns))
	for i, n := range ns {
		cs[i] = htmlCell{Text: fmt.Sprint(n), Num: true}
	}
	return cs
}

// corpusTables lists the page's tables in the order the other formats print them.
func corpusTables(rep *corpus.Report) []htmlTable {
	var ts []htmlTable
	if p := rep.Prereg; p != nil {
		ts = append(ts, preregTables(p)...)
	}
	frName := falseRefusalMetric(rep)
	for _, g := range corpusGroups(rep) {
		for _, s := range corpus.Samples {
			rm := g.SM.Get(s)
			n := rm[string(headlineRegime)].Tasks
			if s != corpus.SampleAll && n == 0 {
				continue
			}
			t := htmlTable{ID: "m-" + g.Key + "-" + s, Caption: fmt.Sprintf("%s, %s (%s)", g.Label, sampleTitle[s], plural(n, "task", "tasks")),
				Head: append([]string{"metric"}, report.RegimeNames()...)}
			names := append(slices.Clone(metricNames(rep)), frName)
			for _, name := range names {
				row := htmlTRow{Cells: []htmlCell{{Text: name}}}
				for _, r := range report.Regimes {
					text := ""
					if name == frName {
						text = falseRefusalRate(rep, rm[string(r)]).String()
					} else {
						text = metricCell(rm[string(r)], name)
					}
					row.Cells = append(row.Cells, htmlCell{ID: cellID(g.Key, s, name, r), Text: text, Num: true})
				}
				t.Rows = append(t.Rows, row)
			}
			t.Note = frName + " is this page's: " + map[bool]string{true: "false_refusals of refused", false: "false_refusal_candidates of refused"}[rep.GroundTruth != ""] + ", with its 95% Wilson interval."
			ts = append(ts, t)
		}
	}
	if len(rep.TaskBonds) > 0 {
		t := htmlTable{ID: "tasks", Caption: "Tasks", Head: append(append([]string{"task", "arm", "sample"}, report.RegimeNames()...), "held-back", "mutants", "accepted")}
		for _, b := range rep.TaskBonds {
			cells := textCells(b.Task, b.Arm, b.Sample)
			for _, r := range report.Regimes {
				cells = append(cells, htmlCell{Text: b.Bonds[string(r)]})
			}
			cells = append(cells, htmlCell{Text: b.Heldback})
			t.Rows = append(t.Rows, htmlTRow{Cells: append(cells, numCells(b.Mutants, b.Accepted)...)})
		}
		ts = append(ts, t)
	}
	ts = append(ts,
		refsTable("audit", "Audit set (refusals whose only witness is none)", rep.Audit),
		refsTable("false-refusal-candidates", "Candidate false refusals (refused; the held-back oracle passed)", rep.FalseRefusalCandidates),
		refsTable("false-greens", "False greens (certified; the held-back oracle failed)", rep.FalseGreens))
	if rep.GroundTruth != "" {
		ts = append(ts,
			refsTable("false-refusals", "False refusals (every vacuous mutant judged equivalent in the ground truth "+rep.GroundTruth+")", rep.FalseRefusals),
			refsTable("unjudged-refusals", "Refusals the ground truth does not judge (no vacuous mutant judged real, some not judged)", rep.UnjudgedRefusals))
	}
	errs := htmlTable{ID: "errors", Caption: fmt.Sprintf("Errors (tasks without a measurement, in no rate): %d", len(rep.Errors)), Head: []string{"task", "arm", "sample", "phase", "error"}}
	for _, e := range rep.Errors {
		errs.Rows = append(errs.Rows, htmlTRow{Cells: textCells(e.Task, e.Arm, e.Sample, orDash(e.Phase), firstLine(e.Error))})
	}
	ts = append(ts, errs, darkTable(&rep.Dark), linesTable(rep.Lines), operatorsTable(rep.Operators))
	return ts
}

// refsTable lists tasks of one list, each with the mutants the list names.
func refsTable(id, caption string, refs []corpus.TaskRef) htmlTable {
	t := htmlTable{ID: id, Caption: fmt.Sprintf("%s: %d", caption, len(refs)), Head: []string{"regime", "task", "arm", "sample", "bond", "held-back", "mutants"}}
	for _, r := range refs {
		var ms []string
		for _, m := range r.Mutants {
			ms = append(ms, fmt.Sprintf("%s %s:%d %s: %s → %s", m.ID, m.Path, m.Line, m.Operator, m.Original, m.Mutated))
		}
		t.Rows = append(t.Rows, htmlTRow{Cells: textCells(r.Regime, r.Task, r.Arm, r.Sample, r.Bond, r.Heldback, strings.Join(ms, "; "))})
	}
	return t
}

// darkTable is the dark channels: the totals in the note, one row per task that had any.
func darkTable(d *corpus.Dark) htmlTable {
	t := htmlTable{ID: "dark", Caption: "Dark channels (evidence bond could not see)", Note: darkTotals(d.Total) + ".",
		Head: []string{"task", "arm", "no coverage", "gates red", "cut", "unchanged", "files without coverage", "red gates"}}
	for _, td := range d.Tasks {
		t.Rows = append(t.Rows, htmlTRow{Cells: textCells(td.Task, td.Arm, fmt.Sprintf("%d/%d", td.NoCoverage, td.PlannedFiles), fmt.Sprintf("%d/%d", td.GatesRed, td.Gates),
			fmt.Sprintf("%d/%d", td.Cut, td.Candidates), fmt.Sprint(td.Unchanged), strings.Join(td.FilesWithoutCoverage, "; "), strings.Join(td.RedGates, ", "))})
	}
	return t
}

// linesTable is the per-line totals of the measured tasks, one answer per row.
func linesTable(l corpus.LineTotals) htmlTable {
	t := htmlTable{ID: "lines", Caption: "Added lines (measured tasks)", Note: lineTotals(l) + ".", Head: []string{"answer", "lines"}}
	add := func(what string, n int, class string) {
		t.Rows = append(t.Rows, htmlTRow{Class: class, Cells: append(textCells(what), numCells(n)...)})
	}
	add("executable", l.Executable, "")
	add("pinned", l.Pinned, "sub")
	add("vacuous", l.Vacuous, "sub")
	add("not run", l.NotRun, "sub")
	add("unshown", l.Unshown, "sub")
	add("not mutated", l.NotMutated, "sub")
	for _, c := range l.NotMutatedBy {
		add("not mutated: "+c.What, c.Lines, "sub2")
	}
	add("not executable", l.NotExecutable, "")
	for _, c := range l.NotExecutableBy {
		add("not executable: "+c.What, c.Lines, "sub")
	}
	return t
}

// operatorsTable is the per-operator table.
func operatorsTable(ops []corpus.OperatorStats) htmlTable {
	t := htmlTable{ID: "operators", Caption: "Per operator (measured tasks; vacuous and unshown under witness-recorded)",
		Head: []string{"operator", "proposed", "discarded", "cut", "planned", "killed", "accepted", "vacuous: coverage", "vacuous: value", "vacuous: suite", "vacuous: compile", "vacuous: none", "unshown", "equivalent", "errors"}}
	for _, o := range ops {
		t.Rows = append(t.Rows, htmlTRow{Cells: append(textCells(o.Operator), numCells(o.Proposed, o.Discarded, o.Cut, o.Planned, o.Killed, o.Accepted, o.VacuousCoverage, o.VacuousValue, o.VacuousSuite, o.VacuousCompile, o.VacuousNone, o.Unshown, o.Equivalent, o.Errors)...)})
	}
	return t
}

// preregTables are the rule's conditions on the whole corpus, then on each arm.
func preregTables(p *corpus.PreregResult) []htmlTable {
	pass := func(ok bool) string {
		if ok {
			return "PASS"
		}
		return "FAIL"
	}
	whole := htmlTable{ID: "prereg", Caption: "Pre-registered conditions, on the whole corpus",
		Note: fmt.Sprintf("Record %s (sha256 %s), frozen %s, operator digest %s. Decision: %s.", p.Path, p.SHA256, p.Created.UTC().Format("2006-01-02T15:04:05Z"), p.OperatorDigest, p.Decision),
		Head: []string{"condition", "rule", "observed", "result"}}
	for _, c := range p.Conditions {
		whole.Rows = append(whole.Rows, htmlTRow{Class: strings.ToLower(pass(c.Pass)), Cells: textCells(c.Name, c.Describe, c.Observed, pass(c.Pass))})
	}
	if len(p.BeforeFreeze) > 0 {
		whole.Note += " Rows produced before the freeze: " + strings.Join(p.BeforeFreeze, ", ") + "."
	}
	if len(p.Missing) > 0 {
		whole.Note += " Corpus tasks without a row: " + strings.Join(p.Missing, ", ") + "."
	}
	ts := []htmlTable{whole}
	if len(p.Arms) == 0 {
		return ts
	}
	arms := htmlTable{ID: "prereg-arms", Caption: "The rule's metric conditions, on each arm's figures", Head: []string{"arm", "condition", "rule", "observed", "result"}}
	for _, a := range p.Arms {
		for _, c := range a.Conditions {
			arms.Rows = append(arms.Rows, htmlTRow{Class: strings.ToLower(pass(c.Pass)), Cells: textCells(a.Arm, c.Name, c.Describe, c.Observed, pass(c.Pass))})
		}
	}
	return append(ts, arms)
}
