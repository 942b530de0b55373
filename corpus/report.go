package corpus

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/version"
)

// Report is what corpus report prints, computed off the rows alone (SPEC §6.3).
type Report struct {
	SchemaVersion string        `json:"schema_version"`
	Files         []FileSummary `json:"files"`
	// Tasks is the number of distinct tasks (after duplicates were resolved).
	Tasks      int         `json:"tasks"`
	Duplicates []Duplicate `json:"duplicates"`
	// OperatorDigests maps each operator digest in the rows to how many rows carry it.
	OperatorDigests map[string]int `json:"operator_digests"`
	Overall         SampleMetrics  `json:"overall"`
	Arms            []ArmMetrics   `json:"arms"`
	// Audit is the audit set: refusals whose vacuous mutants all have witness none, per regime.
	Audit                  []TaskRef       `json:"audit"`
	FalseRefusalCandidates []TaskRef       `json:"false_refusal_candidates"`
	FalseGreens            []TaskRef       `json:"false_greens"`
	Errors                 []ErrorRef      `json:"errors"`
	Operators              []OperatorStats `json:"operators"`
	// Mismatches are recorded bonds that differ from the ones re-derived from the facts.
	Mismatches []Mismatch `json:"mismatches"`
	// TaskBonds lists every task's bond under each regime (only with ReportOptions.Tasks).
	TaskBonds []TaskBond    `json:"task_bonds,omitempty"`
	Warnings  []string      `json:"warnings"`
	Prereg    *PreregResult `json:"prereg,omitempty"`
}

// FileSummary says what was read from one rows file.
type FileSummary struct {
	Path      string `json:"path"`
	Rows      int    `json:"rows"`
	Truncated bool   `json:"truncated"`
}

// ReportOptions are the inputs of BuildReport besides the rows. The zero value reports the rows
// with the samples they carry.
type ReportOptions struct {
	// Prereg, when set, is the frozen record the rows are checked against (SPEC §6.5).
	Prereg *Record
	// PreregPath names the record in messages.
	PreregPath string
	// Tasks adds the per-task list of bonds (TaskBonds).
	Tasks bool
}

// TaskBond is one task's bond under each regime (BondError when the row has no measurement),
// its held-back result and its mutants' statuses counted.
type TaskBond struct {
	Task     string            `json:"task"`
	Arm      string            `json:"arm"`
	Sample   string            `json:"sample"`
	Bonds    map[string]string `json:"bonds"`
	Heldback string            `json:"heldback"`
	Mutants  int               `json:"mutants"`
	Accepted int               `json:"accepted"`
	Error    string            `json:"error,omitempty"`
}

// BuildReport computes the report of rows (already merged, one per task). With a pre-
// registration it refuses rows of another operator digest (input.Error naming both digests
// and the tasks), takes in/out of sample from the record, marks rows produced before the freeze
// and evaluates every condition.
func BuildReport(files []*RowsFile, rows []Row, dups []Duplicate, opts ReportOptions) (*Report, error) {
	rep := &Report{SchemaVersion: version.Schema, Tasks: len(rows), Duplicates: dups, OperatorDigests: describeDigests(rows)}
	for _, f := range files {
		rep.Files = append(rep.Files, FileSummary{Path: f.Path, Rows: len(f.Rows), Truncated: f.Truncated})
		if f.Truncated {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s: the last line was half-written (an interrupted run) and was ignored", f.Path))
		}
	}
	for _, d := range dups {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("task %q has %d rows; the one that finished last (%s) is used", d.Task, d.Count, d.Kept))
	}
	for _, r := range rows {
		if r.Report != nil && r.Report.Operators.Digest != "" && r.Report.Operators.Digest != r.OperatorDigest {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("task %q: the row's operator digest %s differs from its report's %s", r.Task, r.OperatorDigest, r.Report.Operators.Digest))
		}
	}
	if len(rep.OperatorDigests) > 1 && opts.Prereg == nil {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("the rows come from %d operator digests (%s); figures mix operator sets — use bond corpus compare to set them side by side", len(rep.OperatorDigests), strings.Join(sortedKeys(rep.OperatorDigests), ", ")))
	}

	sampleOf := func(r *Row) string { return r.Sample }
	if rec := opts.Prereg; rec != nil {
		if err := checkDigests(rec, opts.PreregPath, rows); err != nil {
			return nil, err
		}
		in := map[string]bool{}
		for _, id := range rec.InSample {
			in[id] = true
		}
		sampleOf = func(r *Row) string {
			if in[r.Task] {
				return SampleIn
			}
			return SampleOut
		}
	}

	views := make([]*taskView, len(rows))
	for i := range rows {
		v, mism := deriveView(&rows[i], sampleOf(&rows[i]))
		views[i] = &v
		rep.Mismatches = append(rep.Mismatches, mism...)
	}
	for _, m := range rep.Mismatches {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("task %q: the row records bond %s under %s but its facts give %s; the figures use the facts", m.Task, m.Recorded, m.Regime, m.Derived))
	}

	rep.Overall = sampleMetrics(views)
	arms := map[string][]*taskView{}
	for _, v := range views {
		arms[v.row.Arm] = append(arms[v.row.Arm], v)
	}
	for _, a := range sortedKeys(arms) {
		rep.Arms = append(rep.Arms, ArmMetrics{Arm: a, SampleMetrics: sampleMetrics(arms[a])})
	}
	rep.Audit, rep.FalseRefusalCandidates, rep.FalseGreens, rep.Errors = lists(views)
	rep.Operators = operatorStats(views)
	if opts.Tasks {
		for _, v := range views {
			tb := TaskBond{Task: v.row.Task, Arm: v.row.Arm, Sample: v.sample, Bonds: map[string]string{}, Heldback: v.row.Heldback, Error: firstLine(v.row.Error)}
			for ri, r := range adjudicate.Regimes {
				tb.Bonds[string(r)] = bondOrError(v, ri)
			}
			if v.row.Report != nil {
				for _, m := range v.row.Report.Mutants {
					tb.Mutants++
					if m.Status == adjudicate.StatusAccepted {
						tb.Accepted++
					}
				}
			}
			rep.TaskBonds = append(rep.TaskBonds, tb)
		}
	}
	if opts.Prereg != nil {
		rep.Prereg = evaluatePrereg(opts.Prereg, opts.PreregPath, rows, views, rep)
	}
	return rep, nil
}

// checkDigests refuses rows produced by another operator set than the record's.
func checkDigests(rec *Record, path string, rows []Row) error {
	byDigest := map[string][]string{}
	for _, r := range rows {
		d := r.OperatorDigest
		if r.Report != nil && r.Report.Operators.Digest != "" && r.Report.Operators.Digest != rec.Operators.Digest {
			d = r.Report.Operators.Digest
		}
		if d != rec.Operators.Digest {
			byDigest[d] = append(byDigest[d], r.Task)
		}
	}
	if len(byDigest) == 0 {
		return nil
	}
	var parts []string
	for _, d := range sortedKeys(byDigest) {
		parts = append(parts, fmt.Sprintf("operator digest %s: %s", d, strings.Join(byDigest[d], ", ")))
	}
	return input.Errorf("pre-registration %s froze operator digest %s, but these rows were produced with other operators:\n  %s\nre-run those tasks with the frozen operators, or freeze a new record", path, rec.Operators.Digest, strings.Join(parts, "\n  "))
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, rep *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// metricCell renders one metric for text and markdown.
func metricCell(m *Metrics, name string) string {
	switch name {
	case "certified_rate":
		return m.Intervals.CertifiedRate.String()
	case "false_green_rate":
		return m.Intervals.FalseGreenRate.String()
	}
	v, _, _ := m.Value(name)
	return fmt.Sprintf("%d", int(v))
}

var sampleTitle = map[string]string{SampleOut: "out of sample", SampleIn: "in sample", SampleAll: "all samples"}

// WriteHuman writes the report for a person: the metrics of each sample with the three regimes
// side by side, overall and per arm, then the lists, the per-operator table and, with a
// pre-registration, every condition and the decision.
func WriteHuman(w io.Writer, rep *Report) error {
	bw := &errWriter{w: w}
	bw.printf("bond corpus report: %s from %s\n", plural(rep.Tasks, "task", "tasks"), plural(len(rep.Files), "rows file", "rows files"))
	for _, f := range rep.Files {
		bw.printf("  %s: %s\n", f.Path, plural(f.Rows, "row", "rows"))
	}
	for _, d := range sortedKeys(rep.OperatorDigests) {
		bw.printf("operator digest %s (%s)\n", d, plural(rep.OperatorDigests[d], "row", "rows"))
	}
	for _, warn := range rep.Warnings {
		bw.printf("warning: %s\n", warn)
	}
	writeSamples := func(title string, sm *SampleMetrics) {
		for _, s := range Samples {
			rm := sm.Get(s)
			n := rm[string(adjudicate.RegimeWitnessRecorded)].Tasks
			if s != SampleAll && n == 0 {
				bw.printf("\n%s, %s: no tasks\n", title, sampleTitle[s])
				continue
			}
			bw.printf("\n%s, %s (%s)\n", title, sampleTitle[s], plural(n, "task", "tasks"))
			tw := tabwriter.NewWriter(bw, 0, 0, 3, ' ', 0)
			fmt.Fprintf(tw, "  metric\t%s\n", strings.Join(adjudicate.RegimeNames(), "\t"))
			for _, name := range MetricNames {
				cells := make([]string, len(adjudicate.Regimes))
				for i, r := range adjudicate.Regimes {
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

	writeRefs := func(title string, refs []TaskRef, withMutants bool) {
		bw.printf("\n%s: %d\n", title, len(refs))
		for _, r := range refs {
			bw.printf("  %-17s %s [%s, %s] bond %s, held-back %s\n", r.Regime, r.Task, r.Arm, r.Sample, r.Bond, r.Heldback)
			if withMutants {
				for _, m := range r.Mutants {
					bw.printf("      mutant %s %s:%d %s\n        - %s\n        + %s\n", m.ID, m.Path, m.Line, m.Operator, m.Original, m.Mutated)
				}
			}
		}
	}
	if len(rep.TaskBonds) > 0 {
		bw.printf("\nTasks\n")
		tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "  task\tarm\tsample\t%s\theld-back\tmutants\taccepted\n", strings.Join(adjudicate.RegimeNames(), "\t"))
		for _, t := range rep.TaskBonds {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\n", t.Task, t.Arm, t.Sample, t.Bonds[string(adjudicate.Regimes[0])], t.Bonds[string(adjudicate.Regimes[1])], t.Bonds[string(adjudicate.Regimes[2])], t.Heldback, t.Mutants, t.Accepted)
		}
		tw.Flush()
	}
	writeRefs("Audit set (refusals whose only witness is none)", rep.Audit, true)
	writeRefs("Candidate false refusals (refused; the held-back oracle passed)", rep.FalseRefusalCandidates, false)
	writeRefs("False greens (certified; the held-back oracle failed)", rep.FalseGreens, false)
	bw.printf("\nErrors (tasks without a measurement, in no rate): %d\n", len(rep.Errors))
	for _, e := range rep.Errors {
		bw.printf("  %s [%s, %s] %s: %s\n", e.Task, e.Arm, e.Sample, orDash(e.Phase), firstLine(e.Error))
	}

	bw.printf("\nPer operator (measured tasks; vacuous and unshown under witness-recorded)\n")
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  operator\tproposed\tdiscarded\tcut\tplanned\tkilled\taccepted\tvacuous:coverage\tvacuous:suite\tvacuous:none\tunshown\tequivalent\terrors\n")
	for _, o := range rep.Operators {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", o.Operator, o.Proposed, o.Discarded, o.Cut, o.Planned, o.Killed, o.Accepted, o.VacuousCoverage, o.VacuousSuite, o.VacuousNone, o.Unshown, o.Equivalent, o.Errors)
	}
	tw.Flush()

	if p := rep.Prereg; p != nil {
		writePreregHuman(bw, p)
	}
	return bw.err
}

// WriteMarkdown writes the same figures as markdown tables.
func WriteMarkdown(w io.Writer, rep *Report) error {
	bw := &errWriter{w: w}
	bw.printf("## bond corpus report\n\n%s from %s", plural(rep.Tasks, "task", "tasks"), plural(len(rep.Files), "rows file", "rows files"))
	for _, d := range sortedKeys(rep.OperatorDigests) {
		bw.printf("; operator digest `%s`", d)
	}
	bw.printf(".\n")
	for _, warn := range rep.Warnings {
		bw.printf("\n> warning: %s\n", mdEscape(warn))
	}
	writeSamples := func(title string, sm *SampleMetrics) {
		for _, s := range Samples {
			rm := sm.Get(s)
			n := rm[string(adjudicate.RegimeWitnessRecorded)].Tasks
			if s != SampleAll && n == 0 {
				continue
			}
			bw.printf("\n### %s, %s (%s)\n\n| metric | %s |\n|---|---|---|---|\n", title, sampleTitle[s], plural(n, "task", "tasks"), strings.Join(adjudicate.RegimeNames(), " | "))
			for _, name := range MetricNames {
				cells := make([]string, len(adjudicate.Regimes))
				for i, r := range adjudicate.Regimes {
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
	writeRefs := func(title string, refs []TaskRef) {
		bw.printf("\n### %s: %d\n", title, len(refs))
		if len(refs) == 0 {
			return
		}
		bw.printf("\n| regime | task | arm | sample | bond | held-back | mutants |\n|---|---|---|---|---|---|---|\n")
		for _, r := range refs {
			var ms []string
			for _, m := range r.Mutants {
				ms = append(ms, fmt.Sprintf("`%s` %s:%d %s", m.ID, mdEscape(m.Path), m.Line, m.Operator))
			}
			bw.printf("| %s | %s | %s | %s | %s | %s | %s |\n", r.Regime, mdEscape(r.Task), mdEscape(r.Arm), r.Sample, r.Bond, r.Heldback, strings.Join(ms, "<br>"))
		}
	}
	writeRefs("Audit set (refusals whose only witness is none)", rep.Audit)
	writeRefs("Candidate false refusals", rep.FalseRefusalCandidates)
	writeRefs("False greens", rep.FalseGreens)
	bw.printf("\n### Errors: %d\n", len(rep.Errors))
	if len(rep.Errors) > 0 {
		bw.printf("\n| task | phase | error |\n|---|---|---|\n")
		for _, e := range rep.Errors {
			bw.printf("| %s | %s | %s |\n", mdEscape(e.Task), orDash(e.Phase), mdEscape(firstLine(e.Error)))
		}
	}
	bw.printf("\n### Per operator\n\n| operator | proposed | discarded | cut | planned | killed | accepted | vacuous: coverage | vacuous: suite | vacuous: none | unshown | equivalent | errors |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, o := range rep.Operators {
		bw.printf("| `%s` | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", o.Operator, o.Proposed, o.Discarded, o.Cut, o.Planned, o.Killed, o.Accepted, o.VacuousCoverage, o.VacuousSuite, o.VacuousNone, o.Unshown, o.Equivalent, o.Errors)
	}
	if p := rep.Prereg; p != nil {
		bw.printf("\n### Pre-registered decision\n\nRecord `%s` (sha256 `%s`), frozen %s, operator digest `%s`.\n", mdEscape(p.Path), p.SHA256, p.Created.UTC().Format("2006-01-02T15:04:05Z"), p.OperatorDigest)
		if len(p.BeforeFreeze) > 0 {
			bw.printf("\nRows produced before the freeze: %s.\n", mdEscape(strings.Join(p.BeforeFreeze, ", ")))
		}
		bw.printf("\n| condition | observed | result |\n|---|---|---|\n")
		for _, c := range p.Conditions {
			res := "PASS"
			if !c.Pass {
				res = "**FAIL**"
			}
			bw.printf("| %s: %s | %s | %s |\n", mdEscape(c.Name), mdEscape(c.Describe), mdEscape(c.Observed), res)
		}
		bw.printf("\n**Decision:** %s\n", mdEscape(p.Decision))
	}
	return bw.err
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ", "<", "&lt;", ">", "&gt;").Replace(s)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// errWriter keeps the first write error so renderers can write freely and check once.
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

func (e *errWriter) printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }
