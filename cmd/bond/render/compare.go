// Rendering of `bond corpus compare` (SPEC §6.3): two row files' bonds and mutant outcomes, task
// by task, as JSON or for a person.

package render

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
)

// ComparisonJSON writes the comparison as indented JSON.
func ComparisonJSON(w io.Writer, c *corpus.Comparison) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(c)
}

// ComparisonHuman writes the comparison for a person.
func ComparisonHuman(w io.Writer, c *corpus.Comparison) error {
	bw := &printer{errWriter: errWriter{w: safeWriter{w}}}
	bw.printf("bond corpus compare\n  A: %s (operator digest %s)\n  B: %s (operator digest %s)\n", c.A, strings.Join(c.DigestsA, ", "), c.B, strings.Join(c.DigestsB, ", "))
	for _, warn := range c.Warnings {
		bw.printf("warning: %s\n", warn)
	}
	bw.printf("%s in both, %d changed", plural(c.Common, "task", "tasks"), len(c.Changed))
	if len(c.OnlyA) > 0 {
		bw.printf(", %d only in A (%s)", len(c.OnlyA), strings.Join(c.OnlyA, ", "))
	}
	if len(c.OnlyB) > 0 {
		bw.printf(", %d only in B (%s)", len(c.OnlyB), strings.Join(c.OnlyB, ", "))
	}
	bw.printf("\n")
	for _, t := range c.Changed {
		bw.printf("\ntask %s [%s]\n", t.Task, t.Arm)
		for _, r := range report.Regimes {
			ab := t.Bonds[string(r)]
			mark := "="
			if ab[0] != ab[1] {
				mark = "changed"
			}
			bw.printf("  %-17s %s → %s  %s\n", r, ab[0], ab[1], mark)
		}
		for _, m := range t.Mutants {
			bw.printf("  mutant %s %s:%d %s: %s → %s\n", m.ID, m.Path, m.Line, m.Operator, m.A, m.B)
		}
	}
	if len(c.Mismatches) > 0 {
		bw.printf("\nRows whose recorded bond differs from the one re-derived from their facts (the comparison uses the facts): %d\n", len(c.Mismatches))
		for _, m := range c.Mismatches {
			bw.printf("  %s %s under %s: recorded %s, facts give %s\n", strings.ToUpper(m.Side), m.Task, m.Regime, m.Recorded, m.Derived)
		}
	}
	bw.printf("\nChanges per regime\n")
	for _, r := range report.Regimes {
		counts := c.Counts[string(r)]
		if len(counts) == 0 {
			bw.printf("  %-17s none\n", r)
			continue
		}
		keys := slices.Sorted(maps.Keys(counts))
		sort.SliceStable(keys, func(i, j int) bool { return counts[keys[i]] > counts[keys[j]] })
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s: %d", k, counts[k])
		}
		bw.printf("  %-17s %s\n", r, strings.Join(parts, "; "))
	}
	return bw.err
}
