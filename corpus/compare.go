package corpus

import (
	"fmt"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/tomlcheck"
	"github.com/bond-tool/bond/internal/version"
)

// BondError stands for the bond of a task whose row has no measurement, in comparisons.
const BondError = "error"

// Comparison is what corpus compare prints (SPEC §6.4): for the tasks in both rows files whose
// bond under some regime, or some mutant's status, changed, the bond under each regime in A and
// B and the status changes per mutant id; and per regime the count of each kind of change.
type Comparison struct {
	SchemaVersion string   `json:"schema_version"`
	A             string   `json:"a"`
	B             string   `json:"b"`
	DigestsA      []string `json:"operator_digests_a"`
	DigestsB      []string `json:"operator_digests_b"`
	// Common counts the tasks with a row in both; OnlyA and OnlyB list the others.
	Common  int          `json:"common"`
	OnlyA   []string     `json:"only_a"`
	OnlyB   []string     `json:"only_b"`
	Changed []TaskChange `json:"changed"`
	// Counts maps regime → "from → to" → number of tasks.
	Counts map[string]map[string]int `json:"counts"`
	// Mismatches are the rows (of either side, named by Side) whose recorded bond differs from
	// the one re-derived from their facts: the comparison uses the re-derived bonds, and lists
	// these so the difference is not silent.
	Mismatches []Mismatch `json:"mismatches"`
	Warnings   []string   `json:"warnings"`
}

// TaskChange is one task that changed between A and B.
type TaskChange struct {
	Task string `json:"task"`
	Arm  string `json:"arm"`
	// Bonds maps regime → [bond in A, bond in B].
	Bonds   map[string][2]string `json:"bonds"`
	Mutants []MutantChange       `json:"mutants"`
}

// MutantChange is a mutant id whose status differs between A and B; "absent" when the mutant
// is planned on one side only.
type MutantChange struct {
	ID       string `json:"id"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Operator string `json:"operator"`
	A        string `json:"a"`
	B        string `json:"b"`
}

// Absent marks a mutant id planned on one side of a comparison only.
const Absent = "absent"

// Compare compares two sets of merged rows.
func Compare(aPath string, a []Row, bPath string, b []Row) *Comparison {
	c := &Comparison{SchemaVersion: version.Schema, A: aPath, B: bPath, Counts: map[string]map[string]int{}, OnlyA: []string{}, OnlyB: []string{}, Changed: []TaskChange{}, Mismatches: []Mismatch{}, Warnings: []string{}}
	c.DigestsA = tomlcheck.SortedKeys(describeDigests(a))
	c.DigestsB = tomlcheck.SortedKeys(describeDigests(b))
	for _, r := range report.Regimes {
		c.Counts[string(r)] = map[string]int{}
	}
	bByTask := map[string]*Row{}
	for i := range b {
		bByTask[b[i].Task] = &b[i]
	}
	seen := map[string]bool{}
	for i := range a {
		ra := &a[i]
		seen[ra.Task] = true
		rb := bByTask[ra.Task]
		if rb == nil {
			c.OnlyA = append(c.OnlyA, ra.Task)
			continue
		}
		c.Common++
		va, ma := deriveView(ra, ra.Sample, 0)
		vb, mb := deriveView(rb, rb.Sample, 0)
		for _, m := range ma {
			m.Side = "a"
			c.Mismatches = append(c.Mismatches, m)
		}
		for _, m := range mb {
			m.Side = "b"
			c.Mismatches = append(c.Mismatches, m)
		}
		tc := TaskChange{Task: ra.Task, Arm: ra.Arm, Bonds: map[string][2]string{}}
		changed := false
		for ri, regime := range report.Regimes {
			ba, bb := bondOrError(&va, ri), bondOrError(&vb, ri)
			tc.Bonds[string(regime)] = [2]string{ba, bb}
			if ba != bb {
				changed = true
				c.Counts[string(regime)][ba+" → "+bb]++
			}
		}
		tc.Mutants = mutantChanges(ra, rb)
		if len(tc.Mutants) > 0 {
			changed = true
		}
		if changed {
			c.Changed = append(c.Changed, tc)
			if ra.Fingerprint != "" && ra.Fingerprint == rb.Fingerprint {
				c.Warnings = append(c.Warnings, fmt.Sprintf("task %q has the same fingerprint in A and B (same inputs, bond build and operators) yet changed: its oracle or runs are not deterministic", ra.Task))
			}
		}
	}
	for i := range b {
		if !seen[b[i].Task] {
			c.OnlyB = append(c.OnlyB, b[i].Task)
		}
	}
	return c
}

func bondOrError(v *taskView, ri int) string {
	if !v.row.Measured() {
		return BondError
	}
	return string(v.bond[ri])
}

// mutantChanges lists the mutant ids whose status differs, in A's order then B's new ones.
func mutantChanges(a, b *Row) []MutantChange {
	var out []MutantChange
	if a.Report == nil || b.Report == nil {
		return out
	}
	inB := map[string]*report.MutantResult{}
	for i := range b.Report.Mutants {
		inB[b.Report.Mutants[i].ID] = &b.Report.Mutants[i]
	}
	inA := map[string]bool{}
	for _, m := range a.Report.Mutants {
		inA[m.ID] = true
		mc := MutantChange{ID: m.ID, Path: m.Path, Line: m.Line, Operator: m.Operator, A: string(m.Status), B: Absent}
		if mb := inB[m.ID]; mb != nil {
			mc.B = string(mb.Status)
		}
		if mc.A != mc.B {
			out = append(out, mc)
		}
	}
	for _, m := range b.Report.Mutants {
		if !inA[m.ID] {
			out = append(out, MutantChange{ID: m.ID, Path: m.Path, Line: m.Line, Operator: m.Operator, A: Absent, B: string(m.Status)})
		}
	}
	return out
}
