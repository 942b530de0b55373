package adjudicate

// This file is the time limits of a run: one value derived from the baseline when --timeout is
// not given, and the one rule for retrying a run that hit a derived limit (SPEC §3.2).

import (
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// timeoutSlack is added to twice the slower baseline run for the default time limit.
const timeoutSlack = 5 * time.Second

// limits are the time limits of every run after the baseline. Whether they were given (--timeout)
// or derived from the baseline is decided once, here.
type limits struct {
	// given is --timeout; 0 means every limit is derived.
	given time.Duration
	// oracle is the limit of one oracle run: given, or twice the slower baseline run plus slack.
	oracle time.Duration
}

// newLimits derives the limits from the two baseline runs.
func newLimits(given time.Duration, base [2]runOutcome) limits {
	l := limits{given: given, oracle: given}
	if given == 0 {
		l.oracle = 2*max(base[0].Duration, base[1].Duration) + timeoutSlack
	}
	return l
}

// derived reports whether the limits come from the baseline rather than --timeout.
func (l limits) derived() bool { return l.given == 0 }

// retry reports whether a run that ended with status at limit is run again at twice it: a limit
// taken from the baseline must not let a machine that got busier since (CI neighbours, parallel
// sandboxes) pass a slow run for a kill, or for a witness that would refuse the patch.
func (l limits) retry(status report.Status) bool {
	return l.derived() && status == report.StatusTimeout
}

// firstGate is the limit of a gate's run on the unmutated tree: given, or DefaultGateLimit.
func (l limits) firstGate() time.Duration {
	if l.derived() {
		return DefaultGateLimit
	}
	return l.given
}

// gate is the limit of a gate's run on a mutant: given, or twice its run on the unmutated tree
// plus slack.
func (l limits) gate(g report.GateRecord) time.Duration {
	if l.derived() {
		return 2*time.Duration(g.DurationMS)*time.Millisecond + timeoutSlack
	}
	return l.given
}
