package adjudicate

import (
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
)

// The time limits: --timeout wins everywhere and nothing is retried; without it every limit
// derives from the baseline and a run that hits one is retried once.
func TestLimits(t *testing.T) {
	base := [2]oracle.RunOutcome{{Duration: 3 * time.Second}, {Duration: 4 * time.Second}}
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
		l := oracle.NewLimits(tc.given, base)
		if l.Oracle != tc.oracle || l.FirstGate() != tc.firstGate || l.Gate(gate) != tc.gate || l.Retry(report.StatusTimeout) != tc.retry {
			t.Errorf("%s: oracle %v first gate %v gate %v retry %v; want %v %v %v %v", tc.name, l.Oracle, l.FirstGate(), l.Gate(gate), l.Retry(report.StatusTimeout), tc.oracle, tc.firstGate, tc.gate, tc.retry)
		}
		if l.Retry(report.StatusKilled) || l.Retry(report.StatusAccepted) {
			t.Errorf("%s: only a timeout is retried", tc.name)
		}
	}
}
