package adjudicate

import (
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// The time limits: --timeout wins everywhere and nothing is retried; without it every limit
// derives from the baseline and a run that hits one is retried once.
func TestLimits(t *testing.T) {
	base := [2]runOutcome{{Duration: 3 * time.Second}, {Duration: 4 * time.Second}}
	gate := report.GateRecord{DurationMS: 1500}
	for _, tc := range []struct {
		name                    string
		given                   time.Duration
		oracle, firstGate, gate time.Duration
		retry                   bool
	}{
		{"derived", 0, 13 * time.Second, DefaultGateLimit, 8 * time.Second, true},
		{"given", time.Minute, time.Minute, time.Minute, time.Minute, false},
	} {
		l := newLimits(tc.given, base)
		if l.oracle != tc.oracle || l.firstGate() != tc.firstGate || l.gate(gate) != tc.gate || l.retry(report.StatusTimeout) != tc.retry {
			t.Errorf("%s: oracle %v first gate %v gate %v retry %v; want %v %v %v %v", tc.name, l.oracle, l.firstGate(), l.gate(gate), l.retry(report.StatusTimeout), tc.oracle, tc.firstGate, tc.gate, tc.retry)
		}
		if l.retry(report.StatusKilled) || l.retry(report.StatusAccepted) {
			t.Errorf("%s: only a timeout is retried", tc.name)
		}
	}
}
