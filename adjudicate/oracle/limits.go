package oracle

// This file is the time limits of a run: one value derived from the baseline when --timeout is
// not given, and the one rule for retrying a run that hit a derived limit (SPEC §3.2).

import (
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// The default time limits (SPEC §3.2).
const (
	// DefaultGateLimit bounds a gate's run on the unmutated tree when --timeout is not given, so
	// a suite that hangs cannot hang certify; a gate stopped there is recorded as failing (and so
	// never read as a witness). Later gate runs get twice this run's duration plus 5 s.
	DefaultGateLimit = 30 * time.Minute
	// DefaultOracleLimit bounds an oracle run that has no other limit (the baseline when
	// --timeout is not given), so an oracle that never ends cannot hang certify: the same bound
	// as a gate's. A baseline run stopped there is a timeout, and certify exits 2 saying so.
	DefaultOracleLimit = DefaultGateLimit
)

// TimeoutSlack is added to twice the slower baseline run for the default time limit.
const TimeoutSlack = 5 * time.Second

// Limits are the time limits of every run after the baseline. Whether they were given (--timeout)
// or derived from the baseline is decided once, here.
type Limits struct {
	// given is --timeout; 0 means every limit is derived.
	given time.Duration
	// Oracle is the limit of one oracle run: given, or twice the slower baseline run plus slack.
	Oracle time.Duration
}

// NewLimits derives the limits from the two baseline runs.
func NewLimits(given time.Duration, base [2]RunOutcome) Limits {
	l := Limits{given: given, Oracle: given}
	if given == 0 {
		l.Oracle = 2*max(base[0].Duration, base[1].Duration) + TimeoutSlack
	}
	return l
}

// derived reports whether the limits come from the baseline rather than --timeout.
func (l Limits) derived() bool { return l.given == 0 }

// Retry reports whether a run that ended with status at limit is run again at twice it: a limit
// taken from the baseline must not let a machine that got busier since (CI neighbours, parallel
// sandboxes) pass a slow run for a kill, or for a witness that would refuse the patch.
func (l Limits) Retry(status report.Status) bool {
	return l.derived() && status == report.StatusTimeout
}

// FirstGate is the limit of a gate's run on the unmutated tree: given, or DefaultGateLimit.
func (l Limits) FirstGate() time.Duration {
	if l.derived() {
		return DefaultGateLimit
	}
	return l.given
}

// Gate is the limit of a gate's run on a mutant: given, or twice its run on the unmutated tree
// plus slack.
func (l Limits) Gate(g report.GateRecord) time.Duration {
	if l.derived() {
		return 2*time.Duration(g.DurationMS)*time.Millisecond + TimeoutSlack
	}
	return l.given
}
