package corpus

// This file is the per-line totals of a corpus (issue 27): over the measured tasks, how many added
// executable lines their oracles pinned, left vacuous, never ran, left unshown, or did not mutate
// and why, read off each row's per-line answer (the report's `lines`), so a corpus's held bonds
// can be set against how much of the patches' code they speak for.

import (
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

// LineTotals are the per-line answers of the measured tasks added up. Each row's answers are
// under its own report's regime (corpus run's is the corpus file's, witness-recorded by default).
type LineTotals struct {
	// Tasks counts the measured tasks whose reports answer per line; WithoutLines those whose
	// reports were written before bond answered per line (they add nothing here).
	Tasks        int `json:"tasks"`
	WithoutLines int `json:"tasks_without_lines"`
	// Executable counts the added executable lines: Pinned + Vacuous + NotRun + Unshown +
	// NotMutated.
	Executable int `json:"executable"`
	Pinned     int `json:"pinned"`
	Vacuous    int `json:"vacuous"`
	NotRun     int `json:"not_run"`
	Unshown    int `json:"unshown"`
	NotMutated int `json:"not_mutated"`
	// NotMutatedBy splits NotMutated by why (a cut's hint left out: "cut by budget", "cut by
	// per-operator cap", "no operator fired", …).
	NotMutatedBy []Count `json:"not_mutated_by"`
	// NotExecutable counts the added lines that hold no executable code, split by kind (blank,
	// comment, punctuation; "no code in the coverage" for code lines the coverage records
	// nothing on).
	NotExecutable   int     `json:"not_executable"`
	NotExecutableBy []Count `json:"not_executable_by"`
}

// Count is one reason or kind and how many lines have it.
type Count struct {
	What  string `json:"what"`
	Lines int    `json:"lines"`
}

// lineTotalsOf adds up the per-line answers of the measured rows.
func lineTotalsOf(rows []Row) LineTotals {
	t := LineTotals{NotMutatedBy: []Count{}, NotExecutableBy: []Count{}}
	notMutated, notExecutable := map[string]int{}, map[string]int{}
	for i := range rows {
		r := &rows[i]
		if !r.Measured() {
			continue
		}
		if r.Report.Lines == nil {
			t.WithoutLines++
			continue
		}
		t.Tasks++
		for _, l := range r.Report.Lines {
			switch l.Answer {
			case report.LineNotExecutable:
				t.NotExecutable++
				what := l.Kind
				if what == "" {
					what = "no code in the coverage"
				}
				notExecutable[what]++
				continue
			case report.LinePinned:
				t.Pinned++
			case report.LineVacuous:
				t.Vacuous++
			case report.LineNotRun:
				t.NotRun++
			case report.LineUnshown:
				t.Unshown++
			default:
				t.NotMutated++
				why, _, _ := strings.Cut(l.Why, " (") // a cut's hint is per line, not a reason
				notMutated[why]++
			}
			t.Executable++
		}
	}
	t.NotMutatedBy = counts(notMutated)
	t.NotExecutableBy = counts(notExecutable)
	return t
}

// counts lists m by count, largest first, then by name.
func counts(m map[string]int) []Count {
	out := make([]Count, 0, len(m))
	for w, n := range m {
		out = append(out, Count{What: w, Lines: n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Lines != out[j].Lines {
			return out[i].Lines > out[j].Lines
		}
		return out[i].What < out[j].What
	})
	return out
}
