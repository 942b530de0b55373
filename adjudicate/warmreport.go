package adjudicate

import "github.com/bond-tool/bond/adjudicate/oracle"

// This file records what --warm did (the warm workers of warm.go) in certify's report.

// recordWarm records what --warm did in the report, once the runner is closed.
func (c *certification) recordWarm() {
	cr, ok := c.choice.Fallback.(*oracle.CmdRunner)
	if !ok || cr.Warm == nil {
		return
	}
	cr.Warm.Close()
	info := cr.Warm.Record()
	if _, embedded := c.choice.Runner.(*oracle.EmbeddedRunner); embedded && info.Started == 0 {
		info.Worker, info.Refused = "", "the embedded runner ran the oracle, which needs no warm worker"
	}
	c.rep.Run.Warm = info
}
