package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// The renderers' bytes depend only on the report: markdown and github leave times out.
func TestRenderersIgnoreTimes(t *testing.T) {
	mk := func(ms int64) *report.Report {
		r := &report.Report{Mutants: []report.MutantResult{{
			Mutant: plan.Mutant{ID: "0123456789abcdef", Path: "src/a.js", Line: 3, Operator: "invert-comparison", Change: plan.Change{From: "<", To: ">="}},
			Status: report.StatusAccepted, Ran: true, Witness: report.Witness{Kind: report.WitnessNone}, Verdict: report.VerdictVacuous, DurationMS: ms,
		}}}
		r.Bond = report.Bond([]report.Verdict{report.VerdictVacuous}, report.RegimeWitnessRecorded, false)
		r.Timings.TotalMS = ms
		return r
	}
	for _, name := range []string{"markdown", "github"} {
		var a, b bytes.Buffer
		Formats[name](&a, Input{Report: mk(10)})
		Formats[name](&b, Input{Report: mk(99999)})
		if a.String() != b.String() {
			t.Errorf("%s output changes with the times:\n%s\n%s", name, a.String(), b.String())
		}
		if !strings.Contains(a.String(), "src/a.js") {
			t.Errorf("%s output lacks the location:\n%s", name, a.String())
		}
	}
}

// TestKilledByShown: human and markdown name the test that killed each mutant and how many more
// failed with it, counting the "(N more)" past the report's 20 names; a run that named no test
// shows "-", and the names are data (escaped), not markup.
func TestKilledByShown(t *testing.T) {
	twenty := []string{"a.test.js › s › t0"}
	for i := 1; i < 20; i++ {
		twenty = append(twenty, "a.test.js › s › t"+string(rune('a'+i)))
	}
	for _, tt := range []struct {
		name            string
		killedBy        string
		failed          []string
		human, markdown string
	}{
		{"one", "a.test.js › s › t", []string{"a.test.js › s › t"}, "a.test.js › s › t\n", "| `a.test.js › s › t` |\n"},
		{"three", "a.test.js › s › t", []string{"a.test.js › s › t", "b", "c"}, "a.test.js › s › t (+2 more failing)\n", "| `a.test.js › s › t` (+2 more failing) |\n"},
		{"capped", "a.test.js › s › t0", append(twenty, "(25 more)"), "a.test.js › s › t0 (+44 more failing)\n", "(+44 more failing) |\n"},
		{"killer only", "k", nil, "  k\n", "| `k` |\n"},
		{"names only", "", []string{"x", "y"}, "  x (+1 more failing)\n", "| `x` (+1 more failing) |\n"},
		{"none", "", nil, "  -\n", "| - |\n"},
		{"hostile", "a`|b<i>\nc", []string{"a`|b<i>\nc"}, "a`|b<i> c\n", "| ``a`\\|b<i> c`` |\n"},
	} {
		r := &report.Report{Mutants: []report.MutantResult{{
			Mutant: plan.Mutant{ID: "0123456789abcdef", Path: "src/a.js", Line: 3, Operator: "invert-comparison", Change: plan.Change{From: "<", To: ">="}},
			Status: report.StatusKilled, Verdict: report.VerdictHeld, KilledBy: tt.killedBy, FailedTests: tt.failed,
		}}}
		r.Bond = report.Bond([]report.Verdict{report.VerdictHeld}, report.RegimeWitnessRecorded, false)
		for format, want := range map[string]string{"human": tt.human, "markdown": tt.markdown} {
			var b bytes.Buffer
			if err := Formats[format](&b, Input{Report: r}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s %s: output lacks %q:\n%s", tt.name, format, want, b.String())
			}
		}
	}
}
