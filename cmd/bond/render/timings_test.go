package render

import (
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

// TestWhereTimeWent: the closing line names the phases that took time, slowest first.
func TestWhereTimeWent(t *testing.T) {
	for _, r := range []struct {
		t    report.Timings
		want string
	}{
		{report.Timings{PlanMS: 100, BaselineMS: 2000, MutantsMS: 8100, GatesBaselineMS: 0, SuiteMS: 300}, "mutants 8.1s, baseline 2.0s, adjudication 0.3s, plan 0.1s"},
		{report.Timings{CanaryMS: 1200, GatesBaselineMS: 4000, SandboxMS: 10}, "gates 4.0s, canaries 1.2s"},
		{report.Timings{}, "no phase took long"},
	} {
		if got := whereTimeWent(r.t); got != r.want {
			t.Errorf("whereTimeWent(%+v) = %q, want %q", r.t, got, r.want)
		}
	}
}
