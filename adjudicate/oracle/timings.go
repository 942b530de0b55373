package oracle

// This file is the timings of a run (SPEC §5): how long each phase took, and how much of the wall
// clock the oracle and gate runs themselves took, so a report can say what bond adds.

import (
	"sort"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
)

// Clock records every oracle and gate run's span; runs in several sandboxes record at once.
type Clock struct {
	mu       sync.Mutex
	spans    [][2]time.Time
	oracleMS int64
	gatesMS  int64
}

// Record notes a run's wall-clock span; gate says whether it was a gate's or the oracle's.
func (c *Clock) Record(out RunOutcome, gate bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.spans = append(c.spans, [2]time.Time{out.Began, out.Began.Add(out.Duration)})
	if gate {
		c.gatesMS += out.Duration.Milliseconds()
	} else {
		c.oracleMS += out.Duration.Milliseconds()
	}
}

// Fill writes the run totals into t.
func (c *Clock) Fill(t *report.Timings) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t.OracleMS, t.GatesMS = c.oracleMS, c.gatesMS
	t.RunWallMS = UnionMS(c.spans)
}

// Timed runs phase and, when it succeeds, records how long it took in *ms.
func Timed(ms *int64, phase func() error) error {
	t0 := time.Now()
	if err := phase(); err != nil {
		return err
	}
	*ms = time.Since(t0).Milliseconds()
	return nil
}

// UnionMS is the wall-clock time during which at least one run was active.
func UnionMS(spans [][2]time.Time) int64 {
	if len(spans) == 0 {
		return 0
	}
	s := append([][2]time.Time{}, spans...)
	sort.Slice(s, func(i, j int) bool { return s[i][0].Before(s[j][0]) })
	var total time.Duration
	cur := s[0]
	for _, x := range s[1:] {
		if x[0].After(cur[1]) {
			total += cur[1].Sub(cur[0])
			cur = x
			continue
		}
		if x[1].After(cur[1]) {
			cur[1] = x[1]
		}
	}
	total += cur[1].Sub(cur[0])
	return total.Milliseconds()
}
