package corpus

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/tomlcheck"
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
	Audit                  []TaskRef  `json:"audit"`
	FalseRefusalCandidates []TaskRef  `json:"false_refusal_candidates"`
	FalseGreens            []TaskRef  `json:"false_greens"`
	Errors                 []ErrorRef `json:"errors"`
	// FalseRefusals and UnjudgedRefusals are the refusals the ground truth calls false (every
	// vacuous mutant judged equivalent) and those it cannot judge, per regime; empty without
	// --truth. GroundTruth names the corpus file the truth was read from.
	FalseRefusals    []TaskRef       `json:"false_refusals"`
	UnjudgedRefusals []TaskRef       `json:"refusals_unjudged"`
	GroundTruth      string          `json:"ground_truth,omitempty"`
	Operators        []OperatorStats `json:"operators"`
	// Mismatches are recorded bonds that differ from the ones re-derived from the facts.
	Mismatches []Mismatch `json:"mismatches"`
	// Dark is, per task and in total, the evidence channels that were dark.
	Dark Dark `json:"dark"`
	// Lines is the per-line answers of the measured tasks added up.
	Lines LineTotals `json:"lines"`
	// TaskBonds lists every task's bond under each regime (only with ReportOptions.Tasks).
	TaskBonds []TaskBond    `json:"task_bonds,omitempty"`
	Warnings  []string      `json:"warnings"`
	Prereg    *PreregResult `json:"prereg,omitempty"`
	// RequireReach is the reach requirement the bonds were derived under (absent: none), and
	// how many measured tasks it made refuse (ReachRefused, under witness-recorded).
	RequireReach *ReachRequirement `json:"require_reach,omitempty"`
}

// ReachRequirement is the reach requirement a report's bonds were derived under.
type ReachRequirement struct {
	Percent int `json:"percent"`
	// Tasks lists the measured tasks whose reach is not met (the oracle ran fewer of the added
	// executable lines, or the coverage could not say), with what was measured.
	Tasks []ReachTask `json:"tasks"`
}

// ReachTask is one task whose reach requirement is not met.
type ReachTask struct {
	Task       string `json:"task"`
	Known      bool   `json:"known"`
	Ran        int    `json:"ran"`
	Executable int    `json:"executable"`
	// Refused is true when the reach alone makes the task refuse under witness-recorded (its
	// bond held or unshown there).
	Refused bool `json:"refused"`
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
	// Truth, when set, is the ground truth the rows are judged against (gap_recall,
	// false_refusals and the StrykerJS cost comparison).
	Truth *GroundTruth
	// RequireReach (1–100; 0 for none) derives every bond as certify --require-reach would:
	// a task whose oracle ran fewer of its added executable lines refuses. A pre-registration's
	// own requirement is used when the options leave it 0; the two may not differ.
	RequireReach int
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
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("the rows come from %d operator digests (%s); figures mix operator sets — use bond corpus compare to set them side by side", len(rep.OperatorDigests), strings.Join(tomlcheck.SortedKeys(rep.OperatorDigests), ", ")))
	}

	sampleOf := func(r *Row) string { return r.Sample }
	reach := opts.RequireReach
	if rec := opts.Prereg; rec != nil {
		switch {
		case reach == 0:
			reach = rec.RequireReach
		case reach != rec.RequireReach:
			return nil, input.Errorf("--require-reach %d differs from the pre-registration %s, which froze require_reach = %d; leave the flag out to use the record's", reach, opts.PreregPath, rec.RequireReach)
		}
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

	if g := opts.Truth; g != nil {
		rep.GroundTruth = g.Path
		if opts.Prereg != nil && opts.Prereg.Corpus.SHA256 != g.SHA256 {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("the ground truth %s (SHA-256 %s) is not the corpus file the pre-registration froze (SHA-256 %s): its known_gap verdicts may have changed since", g.Path, g.SHA256, opts.Prereg.Corpus.SHA256))
		}
		var missing []string
		for _, r := range rows {
			if _, ok := g.Tasks[r.Task]; !ok {
				missing = append(missing, r.Task)
			}
		}
		if len(missing) > 0 {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("%s of the rows %s not in the ground truth %s: %s", plural(len(missing), "task", "tasks"), map[bool]string{true: "is", false: "are"}[len(missing) == 1], g.Path, strings.Join(missing, ", ")))
		}
	}
	views := make([]*taskView, len(rows))
	for i := range rows {
		v, mism := deriveView(&rows[i], sampleOf(&rows[i]), reach)
		if g := opts.Truth; g != nil {
			tt := g.Tasks[rows[i].Task]
			v.truth = &tt
		}
		views[i] = &v
		rep.Mismatches = append(rep.Mismatches, mism...)
	}
	for _, m := range rep.Mismatches {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("task %q: the row records bond %s under %s but its facts give %s; the figures use the facts", m.Task, m.Recorded, m.Regime, m.Derived))
	}

	if reach > 0 {
		rep.RequireReach = reachRequirementOf(views, reach)
	}
	rep.Overall = sampleMetrics(views)
	arms := map[string][]*taskView{}
	for _, v := range views {
		arms[v.row.Arm] = append(arms[v.row.Arm], v)
	}
	for _, a := range tomlcheck.SortedKeys(arms) {
		rep.Arms = append(rep.Arms, ArmMetrics{Arm: a, SampleMetrics: sampleMetrics(arms[a])})
	}
	rep.Audit, rep.FalseRefusalCandidates, rep.FalseGreens, rep.Errors = lists(views)
	if opts.Truth != nil {
		rep.FalseRefusals, rep.UnjudgedRefusals = truthLists(views)
	}
	rep.Operators = operatorStats(views)
	rep.Dark = darkOf(rows)
	rep.Lines = lineTotalsOf(rows)
	if opts.Tasks {
		for _, v := range views {
			tb := TaskBond{Task: v.row.Task, Arm: v.row.Arm, Sample: v.sample, Bonds: map[string]string{}, Heldback: v.row.Heldback, Error: firstLine(v.row.Error)}
			for ri, r := range report.Regimes {
				tb.Bonds[string(r)] = bondOrError(v, ri)
			}
			if v.row.Report != nil {
				for _, m := range v.row.Report.Mutants {
					tb.Mutants++
					if m.Status == report.StatusAccepted {
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

// reachRequirementOf lists the measured tasks whose reach requirement is not met.
func reachRequirementOf(views []*taskView, pct int) *ReachRequirement {
	rr := &ReachRequirement{Percent: pct, Tasks: []ReachTask{}}
	recorded := 0
	for i, r := range report.Regimes {
		if r == report.RegimeWitnessRecorded {
			recorded = i
		}
	}
	for _, v := range views {
		if v.reach == nil || v.reach.Met {
			continue
		}
		rr.Tasks = append(rr.Tasks, ReachTask{Task: v.row.Task, Known: v.reach.Known, Ran: v.reach.Ran, Executable: v.reach.Executable, Refused: v.reachOnly[recorded]})
	}
	return rr
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
	for _, d := range tomlcheck.SortedKeys(byDigest) {
		parts = append(parts, fmt.Sprintf("operator digest %s: %s", d, strings.Join(byDigest[d], ", ")))
	}
	return input.Errorf("pre-registration %s froze operator digest %s, but these rows were produced with other operators:\n  %s\nre-run those tasks with the frozen operators, or freeze a new record", path, rec.Operators.Digest, strings.Join(parts, "\n  "))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}
