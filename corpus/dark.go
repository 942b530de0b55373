package corpus

// This file counts the dark channels of a corpus (issue 9): per task and in total, the evidence
// bond could not see — planned files without coverage, gates red on the unmutated tree,
// candidates the budget cut, and lines skipped as unchanged behaviour — so that a held bond over
// a dark run is not read as evidence.

import (
	"fmt"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// DarkCounts are one task's (or the corpus's) dark channels.
type DarkCounts struct {
	// PlannedFiles counts the files holding added lines; NoCoverage those whose coverage was
	// unavailable (reach unknown) or that no oracle run loaded.
	PlannedFiles int `json:"planned_files"`
	NoCoverage   int `json:"files_without_coverage"`
	// Gates counts the gates; GatesRed those that failed on the unmutated tree (never witnesses).
	Gates    int `json:"gates"`
	GatesRed int `json:"gates_red"`
	// Candidates counts the mutants planned plus those the budget cut; Cut the cut ones, and
	// CutPerOperator those of them the per-operator cap cut (--per-operator, not --budget,
	// would have planned them).
	Candidates     int `json:"candidates"`
	Cut            int `json:"cut"`
	CutPerOperator int `json:"cut_per_operator"`
	// Unchanged counts the diff's source lines skipped as unchanged behaviour.
	Unchanged int `json:"unchanged_behaviour"`
}

// any reports whether some channel was dark.
func (d DarkCounts) any() bool {
	return d.NoCoverage > 0 || d.GatesRed > 0 || d.Cut > 0 || d.Unchanged > 0
}

func (d *DarkCounts) add(o DarkCounts) {
	d.PlannedFiles += o.PlannedFiles
	d.NoCoverage += o.NoCoverage
	d.Gates += o.Gates
	d.GatesRed += o.GatesRed
	d.Candidates += o.Candidates
	d.Cut += o.Cut
	d.CutPerOperator += o.CutPerOperator
	d.Unchanged += o.Unchanged
}

// TaskDark is one task's dark channels, naming the files and gates.
type TaskDark struct {
	Task string `json:"task"`
	Arm  string `json:"arm"`
	DarkCounts
	// FilesWithoutCoverage names each file and why ("unavailable: …", "not-loaded").
	FilesWithoutCoverage []string `json:"files_without_coverage_list"`
	// RedGates names the gates red on the unmutated tree.
	RedGates []string `json:"gates_red_list"`
}

// Dark is the corpus's dark channels: the totals over the measured tasks, and every task with
// at least one dark channel.
type Dark struct {
	Total DarkCounts `json:"total"`
	Tasks []TaskDark `json:"tasks"`
}

// darkOf counts the dark channels of the measured rows. An error row's partial report (an oracle
// red on the patched tree, a run stopped midway) is in no rate and in no count here either: its
// plan's cuts are not evidence the budget withheld from a measurement.
func darkOf(rows []Row) Dark {
	d := Dark{Tasks: []TaskDark{}}
	for i := range rows {
		r := &rows[i]
		if !r.Measured() {
			continue
		}
		td := taskDark(r.Task, r.Arm, r.Report)
		d.Total.add(td.DarkCounts)
		if td.any() {
			d.Tasks = append(d.Tasks, td)
		}
	}
	return d
}

// taskDark counts one report's dark channels.
func taskDark(task, arm string, rep *report.Report) TaskDark {
	td := TaskDark{Task: task, Arm: arm, FilesWithoutCoverage: []string{}, RedGates: []string{}}
	td.PlannedFiles = len(rep.Files)
	td.Candidates = len(rep.Mutants) + len(rep.Cut)
	td.Cut = len(rep.Cut)
	for _, c := range rep.Cut {
		if c.Reason == plan.ReasonPerOperator {
			td.CutPerOperator++
		}
	}
	td.Unchanged = rep.UnchangedCount()
	if b := rep.Baseline; b != nil {
		for _, f := range b.Reach.Files {
			if f.Unknown || f.Coverage == "unavailable" || f.Coverage == "not-loaded" {
				td.NoCoverage++
				why := f.Coverage
				if f.Detail != "" {
					why += ": " + firstLine(f.Detail)
				}
				td.FilesWithoutCoverage = append(td.FilesWithoutCoverage, fmt.Sprintf("%s (%s)", f.Path, why))
			}
		}
		td.Gates = len(b.Gates)
		for _, g := range b.Gates {
			// A red gate ran and failed (non-zero exit, or -1 at a timeout); a gate recorded
			// without a run (exit 0, not passed) is not red.
			if !g.Passed && (g.Ran || g.ExitCode != 0) { // rows before lazy gates have no ran field
				td.GatesRed++
				td.RedGates = append(td.RedGates, g.Name)
			}
		}
	}
	return td
}
