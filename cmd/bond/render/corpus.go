// Rendering of the corpus report (SPEC §6.3): human, markdown, JSON; compare.go renders the
// comparison of two row files.

package render

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
)

// CorpusJSON writes the corpus report as indented JSON.
func CorpusJSON(w io.Writer, rep *corpus.Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// metricCell renders one metric for text and markdown.
func metricCell(m *corpus.Metrics, name string) string {
	switch name {
	case "certified_rate":
		return m.Intervals.CertifiedRate.String()
	case "false_green_rate":
		return m.Intervals.FalseGreenRate.String()
	}
	v, defined, _ := m.Value(name)
	switch {
	case name == "gap_recall":
		return m.Intervals.GapRecall.String()
	case !defined:
		return "n/a"
	case name == "oracle_runs_vs_stryker" || name == "wall_vs_stryker":
		return corpus.Percent1(v) + "%"
	case name == "adjudication_runs_per_accepted":
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%d", int64(v))
}

// metricNames lists the metric rows of a report: the ground-truth metrics only when it was
// judged against a ground truth (corpus report --truth).
func metricNames(rep *corpus.Report) []string {
	if rep.GroundTruth != "" {
		return corpus.MetricNames
	}
	skip := map[string]bool{}
	for _, n := range corpus.TruthMetricNames {
		skip[n] = true
	}
	var names []string
	for _, n := range corpus.MetricNames {
		if !skip[n] {
			names = append(names, n)
		}
	}
	return names
}

var sampleTitle = map[string]string{corpus.SampleOut: "out of sample", corpus.SampleIn: "in sample", corpus.SampleAll: "all samples"}

// CorpusHuman writes the corpus report for a person: the metrics of each sample with the three regimes
// side by side, overall and per arm, then the lists, the per-operator table and, with a
// pre-registration, every condition and the decision.
func CorpusHuman(w io.Writer, rep *corpus.Report) error {
	bw := &printer{errWriter: errWriter{w: safeWriter{w}}}
	bw.printf("bond corpus report: %s from %s\n", plural(rep.Tasks, "task", "tasks"), plural(len(rep.Files), "rows file", "rows files"))
	for _, f := range rep.Files {
		bw.printf("  %s: %s\n", f.Path, plural(f.Rows, "row", "rows"))
	}
	for _, d := range slices.Sorted(maps.Keys(rep.OperatorDigests)) {
		bw.printf("operator digest %s (%s)\n", d, plural(rep.OperatorDigests[d], "row", "rows"))
	}
	for _, warn := range rep.Warnings {
		bw.printf("warning: %s\n", warn)
	}
	if rr := rep.RequireReach; rr != nil {
		bw.printf("%s\n", reachSentence(rr))
		for _, t := range rr.Tasks {
			bw.printf("  %s: %s\n", t.Task, reachTaskText(t))
		}
	}
	writeSamples := func(title string, sm *corpus.SampleMetrics) {
		for _, s := range corpus.Samples {
			rm := sm.Get(s)
			n := rm[string(report.RegimeWitnessRecorded)].Tasks
			if s != corpus.SampleAll && n == 0 {
				bw.printf("\n%s, %s: no tasks\n", title, sampleTitle[s])
				continue
			}
			bw.printf("\n%s, %s (%s)\n", title, sampleTitle[s], plural(n, "task", "tasks"))
			tw := tabwriter.NewWriter(bw, 0, 0, 3, ' ', 0)
			fmt.Fprintf(tw, "  metric\t%s\n", strings.Join(report.RegimeNames(), "\t"))
			for _, name := range metricNames(rep) {
				cells := make([]string, len(report.Regimes))
				for i, r := range report.Regimes {
					cells[i] = metricCell(rm[string(r)], name)
				}
				fmt.Fprintf(tw, "  %s\t%s\n", name, strings.Join(cells, "\t"))
			}
			tw.Flush()
		}
	}
	writeSamples("All arms", &rep.Overall)
	if len(rep.Arms) > 1 {
		for i := range rep.Arms {
			writeSamples("Arm "+rep.Arms[i].Arm, &rep.Arms[i].SampleMetrics)
		}
	}

	writeRefs := func(title string, refs []corpus.TaskRef, withMutants bool) {
		bw.printf("\n%s: %d\n", title, len(refs))
		for _, r := range refs {
			bw.printf("  %-17s %s [%s, %s] bond %s, held-back %s\n", r.Regime, r.Task, r.Arm, r.Sample, r.Bond, r.Heldback)
			if withMutants {
				for _, m := range r.Mutants {
					looked := ""
					if m.CallsCompared > 0 {
						looked = fmt.Sprintf(" (value detector: 0 of %d calls differ", m.CallsCompared)
						if m.Neighbours > 0 {
							looked += fmt.Sprintf(", %d of them neighbours", m.Neighbours)
						}
						looked += ")"
					}
					bw.printf("      mutant %s %s:%d %s%s\n        - %s\n        + %s\n", m.ID, m.Path, m.Line, m.Operator, looked, m.Original, m.Mutated)
				}
			}
		}
	}
	if len(rep.TaskBonds) > 0 {
		bw.printf("\nTasks\n")
		tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "  task\tarm\tsample\t%s\theld-back\tmutants\taccepted\n", strings.Join(report.RegimeNames(), "\t"))
		for _, t := range rep.TaskBonds {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\n", t.Task, t.Arm, t.Sample, t.Bonds[string(report.Regimes[0])], t.Bonds[string(report.Regimes[1])], t.Bonds[string(report.Regimes[2])], t.Heldback, t.Mutants, t.Accepted)
		}
		tw.Flush()
	}
	writeRefs("Audit set (refusals whose only witness is none)", rep.Audit, true)
	writeRefs("Candidate false refusals (refused; the held-back oracle passed)", rep.FalseRefusalCandidates, false)
	writeRefs("False greens (certified; the held-back oracle failed)", rep.FalseGreens, false)
	if rep.GroundTruth != "" {
		writeRefs("False refusals (every vacuous mutant judged equivalent in the ground truth "+rep.GroundTruth+")", rep.FalseRefusals, true)
		writeRefs("Refusals the ground truth does not judge (no vacuous mutant judged real, some not judged)", rep.UnjudgedRefusals, true)
	}
	bw.printf("\nErrors (tasks without a measurement, in no rate): %d\n", len(rep.Errors))
	for _, e := range rep.Errors {
		bw.printf("  %s [%s, %s] %s: %s\n", e.Task, e.Arm, e.Sample, orDash(e.Phase), firstLine(e.Error))
	}

	writeDarkHuman(bw, &rep.Dark)
	bw.printf("\nAdded lines (measured tasks): %s\n", lineTotals(rep.Lines))

	bw.printf("\nPer operator (measured tasks; vacuous and unshown under witness-recorded)\n")
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  operator\tproposed\tdiscarded\tcut\tplanned\tkilled\taccepted\tvacuous:coverage\tvacuous:value\tvacuous:suite\tvacuous:compile\tvacuous:none\tunshown\tequivalent\terrors\n")
	for _, o := range rep.Operators {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", o.Operator, o.Proposed, o.Discarded, o.Cut, o.Planned, o.Killed, o.Accepted, o.VacuousCoverage, o.VacuousValue, o.VacuousSuite, o.VacuousCompile, o.VacuousNone, o.Unshown, o.Equivalent, o.Errors)
	}
	tw.Flush()

	if p := rep.Prereg; p != nil {
		writePreregHuman(bw, p)
	}
	return bw.err
}

// reachSentence says which reach requirement the bonds were derived under and how many tasks
// fall below it.
func reachSentence(rr *corpus.ReachRequirement) string {
	return fmt.Sprintf("reach requirement: the oracle must run %d%% of a task's added executable lines (bonds derived as certify --require-reach %d gives them); %s below it:",
		rr.Percent, rr.Percent, plural(len(rr.Tasks), "task", "tasks"))
}

// reachTaskText is one task below the reach requirement.
func reachTaskText(t corpus.ReachTask) string {
	what := fmt.Sprintf("ran %d of %d added executable lines", t.Ran, t.Executable)
	if !t.Known {
		what = "the coverage could not say which added lines ran"
	}
	if t.Refused {
		return what + "; refused for reach alone under witness-recorded"
	}
	return what
}

// CorpusMarkdown writes the same figures as markdown tables.
func CorpusMarkdown(w io.Writer, rep *corpus.Report) error {
	bw := &printer{errWriter: errWriter{w: safeWriter{w}}}
	bw.printf("## bond corpus report\n\n%s from %s", plural(rep.Tasks, "task", "tasks"), plural(len(rep.Files), "rows file", "rows files"))
	for _, d := range slices.Sorted(maps.Keys(rep.OperatorDigests)) {
		bw.printf("; operator digest `%s`", d)
	}
	bw.printf(".\n")
	for _, warn := range rep.Warnings {
		bw.printf("\n> warning: %s\n", mdText(warn))
	}
	if rr := rep.RequireReach; rr != nil {
		bw.printf("\n%s\n", mdText(reachSentence(rr)))
		for _, t := range rr.Tasks {
			bw.printf("- %s: %s\n", mdCell(t.Task), mdText(reachTaskText(t)))
		}
	}
	writeSamples := func(title string, sm *corpus.SampleMetrics) {
		for _, s := range corpus.Samples {
			rm := sm.Get(s)
			n := rm[string(report.RegimeWitnessRecorded)].Tasks
			if s != corpus.SampleAll && n == 0 {
				continue
			}
			bw.printf("\n### %s, %s (%s)\n\n| metric | %s |\n|---|---|---|---|\n", title, sampleTitle[s], plural(n, "task", "tasks"), strings.Join(report.RegimeNames(), " | "))
			for _, name := range metricNames(rep) {
				cells := make([]string, len(report.Regimes))
				for i, r := range report.Regimes {
					cells[i] = metricCell(rm[string(r)], name)
				}
				bw.printf("| `%s` | %s |\n", name, strings.Join(cells, " | "))
			}
		}
	}
	writeSamples("All arms", &rep.Overall)
	if len(rep.Arms) > 1 {
		for i := range rep.Arms {
			writeSamples("Arm "+rep.Arms[i].Arm, &rep.Arms[i].SampleMetrics)
		}
	}
	writeRefs := func(title string, refs []corpus.TaskRef) {
		bw.printf("\n### %s: %d\n", title, len(refs))
		if len(refs) == 0 {
			return
		}
		bw.printf("\n| regime | task | arm | sample | bond | held-back | mutants |\n|---|---|---|---|---|---|---|\n")
		for _, r := range refs {
			var ms []string
			for _, m := range r.Mutants {
				ms = append(ms, fmt.Sprintf("%s %s %s", mdCell(m.ID), mdCell(fmt.Sprintf("%s:%d", m.Path, m.Line)), mdText(m.Operator)))
			}
			bw.printf("| %s | %s | %s | %s | %s | %s | %s |\n", mdText(r.Regime), mdCell(r.Task), mdCell(r.Arm), mdText(r.Sample), mdText(r.Bond), mdText(r.Heldback), strings.Join(ms, "<br>"))
		}
	}
	writeRefs("Audit set (refusals whose only witness is none)", rep.Audit)
	writeRefs("Candidate false refusals", rep.FalseRefusalCandidates)
	writeRefs("False greens", rep.FalseGreens)
	if rep.GroundTruth != "" {
		writeRefs("False refusals (ground truth "+rep.GroundTruth+")", rep.FalseRefusals)
		writeRefs("Refusals the ground truth does not judge", rep.UnjudgedRefusals)
	}
	bw.printf("\n### Errors: %d\n", len(rep.Errors))
	if len(rep.Errors) > 0 {
		bw.printf("\n| task | phase | error |\n|---|---|---|\n")
		for _, e := range rep.Errors {
			bw.printf("| %s | %s | %s |\n", mdCell(e.Task), mdText(orDash(e.Phase)), mdCell(firstLine(e.Error)))
		}
	}
	writeDarkMarkdown(bw, &rep.Dark)
	bw.printf("\n### Added lines\n\n%s.\n", mdText(lineTotals(rep.Lines)))
	bw.printf("\n### Per operator\n\n| operator | proposed | discarded | cut | planned | killed | accepted | vacuous: coverage | vacuous: value | vacuous: suite | vacuous: compile | vacuous: none | unshown | equivalent | errors |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, o := range rep.Operators {
		bw.printf("| `%s` | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", o.Operator, o.Proposed, o.Discarded, o.Cut, o.Planned, o.Killed, o.Accepted, o.VacuousCoverage, o.VacuousValue, o.VacuousSuite, o.VacuousCompile, o.VacuousNone, o.Unshown, o.Equivalent, o.Errors)
	}
	if p := rep.Prereg; p != nil {
		bw.printf("\n### Pre-registered decision\n\nRecord %s (sha256 `%s`), frozen %s, operator digest `%s`.\n", mdCode(p.Path), p.SHA256, p.Created.UTC().Format("2006-01-02T15:04:05Z"), p.OperatorDigest)
		if len(p.BeforeFreeze) > 0 {
			bw.printf("\nRows produced before the freeze: %s.\n", mdCode(strings.Join(p.BeforeFreeze, ", ")))
		}
		bw.printf("\n| condition | observed | result |\n|---|---|---|\n")
		for _, c := range p.Conditions {
			res := "PASS"
			if !c.Pass {
				res = "**FAIL**"
			}
			bw.printf("| %s: %s | %s | %s |\n", mdText(c.Name), mdText(c.Describe), mdText(c.Observed), res)
		}
		bw.printf("\n**Decision:** %s\n", mdText(p.Decision))
		if len(p.Arms) > 1 {
			bw.printf("\nPer arm (the rule's metric conditions on each arm's own figures; the decision is the whole corpus's):\n\n")
			for _, a := range p.Arms {
				bw.printf("- %s: %s\n", mdCode(a.Arm), mdText(a.Summary))
			}
		}
	}
	return bw.err
}

// darkTotals is the one-line summary of the dark channels.
func darkTotals(t corpus.DarkCounts) string {
	return fmt.Sprintf("%d of %d planned files without coverage, %d of %d gates red on the unmutated tree, %d of %d candidates cut (%d by the per-operator cap), %s skipped",
		t.NoCoverage, t.PlannedFiles, t.GatesRed, t.Gates, t.Cut, t.Candidates, t.CutPerOperator, plural(t.Unchanged, "unchanged-behaviour line", "unchanged-behaviour lines"))
}

// lineTotals is the per-line totals in one line: "9 executable: 3 pinned, 1 vacuous, 2 not run,
// 0 unshown, 3 not mutated (2 no operator fired, 1 cut by budget); 4 not executable (3
// punctuation, 1 comment)".
func lineTotals(t corpus.LineTotals) string {
	by := func(cs []corpus.Count) string {
		if len(cs) == 0 {
			return ""
		}
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = fmt.Sprintf("%d %s", c.Lines, c.What)
		}
		return " (" + strings.Join(parts, ", ") + ")"
	}
	s := fmt.Sprintf("%d executable: %d pinned, %d vacuous, %d not run, %d unshown, %d not mutated%s; %d not executable%s",
		t.Executable, t.Pinned, t.Vacuous, t.NotRun, t.Unshown, t.NotMutated, by(t.NotMutatedBy), t.NotExecutable, by(t.NotExecutableBy))
	if t.WithoutLines > 0 {
		s += fmt.Sprintf("; %s written before per-line answers, not counted", plural(t.WithoutLines, "task's report", "tasks' reports"))
	}
	return s
}

// writeDarkHuman writes the dark channels: the totals, then each task with a dark channel.
func writeDarkHuman(bw *printer, d *corpus.Dark) {
	bw.printf("\nDark channels (evidence bond could not see): %s\n", darkTotals(d.Total))
	if len(d.Tasks) == 0 {
		return
	}
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  task\tarm\tno coverage\tgates red\tcut\tunchanged\n")
	for _, t := range d.Tasks {
		fmt.Fprintf(tw, "  %s\t%s\t%d/%d\t%d/%d\t%d/%d\t%d\n", t.Task, t.Arm, t.NoCoverage, t.PlannedFiles, t.GatesRed, t.Gates, t.Cut, t.Candidates, t.Unchanged)
	}
	tw.Flush()
	for _, t := range d.Tasks {
		for _, f := range t.FilesWithoutCoverage {
			bw.printf("  %s: no coverage for %s\n", t.Task, f)
		}
		if len(t.RedGates) > 0 {
			bw.printf("  %s: red on the unmutated tree: %s\n", t.Task, strings.Join(t.RedGates, ", "))
		}
	}
}

// writeDarkMarkdown writes the dark channels as a markdown table.
func writeDarkMarkdown(bw *printer, d *corpus.Dark) {
	bw.printf("\n### Dark channels\n\n%s.\n", mdText(darkTotals(d.Total)))
	if len(d.Tasks) == 0 {
		return
	}
	bw.printf("\n| task | arm | no coverage | gates red | cut | unchanged | files without coverage | red gates |\n|---|---|---|---|---|---|---|---|\n")
	for _, t := range d.Tasks {
		files := make([]string, len(t.FilesWithoutCoverage))
		for i, f := range t.FilesWithoutCoverage {
			files[i] = mdCell(f)
		}
		gates := make([]string, len(t.RedGates))
		for i, g := range t.RedGates {
			gates[i] = mdCell(g)
		}
		bw.printf("| %s | %s | %d/%d | %d/%d | %d/%d | %d | %s | %s |\n", mdCell(t.Task), mdCell(t.Arm), t.NoCoverage, t.PlannedFiles, t.GatesRed, t.Gates, t.Cut, t.Candidates, t.Unchanged, strings.Join(files, "<br>"), strings.Join(gates, "<br>"))
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func writePreregHuman(bw *printer, p *corpus.PreregResult) {
	bw.printf("\nPre-registration %s (sha256 %s)\n", p.Path, p.SHA256)
	bw.printf("  frozen %s with operator digest %s; in/out of sample taken from the record\n", p.Created.UTC().Format(time.RFC3339), p.OperatorDigest)
	if p.RequireReach > 0 {
		bw.printf("  every bond derived under the record's require_reach %d%%\n", p.RequireReach)
	}
	if len(p.BeforeFreeze) > 0 {
		bw.printf("  rows produced before the freeze (%d): %s\n", len(p.BeforeFreeze), strings.Join(p.BeforeFreeze, ", "))
	}
	if len(p.Missing) > 0 {
		bw.printf("  corpus tasks without a row (%d): %s\n", len(p.Missing), strings.Join(p.Missing, ", "))
	}
	if len(p.NotInCorpus) > 0 {
		bw.printf("  rows of tasks not in the frozen corpus (%d): %s\n", len(p.NotInCorpus), strings.Join(p.NotInCorpus, ", "))
	}
	if len(p.Relabeled) > 0 {
		bw.printf("  rows whose sample label the record overrides (%d): %s\n", len(p.Relabeled), strings.Join(p.Relabeled, ", "))
	}
	for _, c := range p.Conditions {
		res := "PASS"
		if !c.Pass {
			res = "FAIL"
		}
		bw.printf("  %s  %s: %s; observed %s\n", res, c.Name, c.Describe, c.Observed)
	}
	bw.printf("Decision: %s\n", p.Decision)
	if len(p.Arms) > 1 {
		bw.printf("Per arm (the rule's metric conditions on each arm's own figures; the decision is the whole corpus's)\n")
		for _, a := range p.Arms {
			bw.printf("  %s: %s\n", a.Arm, a.Summary)
		}
	}
}

// printer is an errWriter with printf, for the corpus renderers.
type printer struct{ errWriter }

func (p *printer) printf(format string, args ...any) { fmt.Fprintf(p, format, args...) }

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
