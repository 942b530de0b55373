package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/plan"
)

// The renderers' bytes depend only on the report: markdown and github leave times out.
func TestRenderersIgnoreTimes(t *testing.T) {
	mk := func(ms int64) *adjudicate.Report {
		r := &adjudicate.Report{Mutants: []adjudicate.MutantResult{{
			Mutant: plan.Mutant{ID: "0123456789abcdef", Path: "src/a.js", Line: 3, Operator: "invert-comparison", Change: plan.Change{From: "<", To: ">="}},
			Status: adjudicate.StatusAccepted, Ran: true, Witness: adjudicate.Witness{Kind: adjudicate.WitnessNone}, Verdict: adjudicate.VerdictVacuous, DurationMS: ms,
		}}}
		r.Bond = adjudicate.Bond([]adjudicate.Verdict{adjudicate.VerdictVacuous}, adjudicate.RegimeWitnessRecorded, false)
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
