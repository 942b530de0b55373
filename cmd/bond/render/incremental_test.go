package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// A mutant --incremental reused is marked cached in the tables, and the human output and markdown
// say how many were reused; markdown leaves out the file's path (a runner's directories).
func TestIncrementalRendering(t *testing.T) {
	r := &report.Report{
		Mutants: []report.MutantResult{
			{Mutant: plan.Mutant{ID: "0123456789abcdef", Path: "src/a.js", Line: 3, Operator: "invert-comparison", Change: plan.Change{From: "<", To: ">="}},
				Status: report.StatusKilled, Verdict: report.VerdictHeld, Cached: true},
			{Mutant: plan.Mutant{ID: "fedcba9876543210", Path: "src/a.js", Line: 4, Operator: "invert-comparison", Change: plan.Change{From: ">", To: "<="}},
				Status: report.StatusKilled, Verdict: report.VerdictHeld},
		},
		Incremental: &report.IncrementalInfo{Path: "/home/ci/.cache/bond/x/incremental.json", Reused: 1, Ran: 1, Note: "a note"},
	}
	r.Bond = report.Bond([]report.Verdict{report.VerdictHeld, report.VerdictHeld}, report.RegimeWitnessRecorded, false)
	tests := []struct {
		format    string
		want, not []string
	}{
		{"human", []string{"killed (cached)", "incremental: 1 mutant reused from /home/ci/.cache/bond/x/incremental.json, 1 ran (a note)"}, nil},
		{"markdown", []string{"| killed (cached) |", "Incremental: 1 of 2 mutants reused from the previous run (marked cached)."}, []string{"/home/ci", "a note"}},
	}
	for _, tc := range tests {
		var b bytes.Buffer
		if err := Formats[tc.format](&b, Input{Report: r}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if strings.Count(out, "killed (cached)") != 1 {
			t.Errorf("%s: want exactly one cached mutant:\n%s", tc.format, out)
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q:\n%s", tc.format, w, out)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(out, n) {
				t.Errorf("%s has %q:\n%s", tc.format, n, out)
			}
		}
	}
}
