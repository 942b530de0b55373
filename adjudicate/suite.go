package adjudicate

// This file is the suite witness (SPEC §3.5): the gates that passed on the unmutated tree, run
// over a mutant in a sandbox of the pool until one fails; gatewitness.go names what the failure
// showed (suite or compile).

import (
	"context"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// suiteWitness runs gates over mutant m, in order, and returns the first that fails as a witness
// (suite, or compile when a checker rejected the mutant before any test); a zero Witness when
// none does.
func suiteWitness(ctx context.Context, x *oracle.Runs, p *oracle.Pool, lim oracle.Limits, gates []report.GateRecord, m plan.Mutant) (report.Witness, error) {
	var w report.Witness
	err := p.With(ctx, func(sb *oracle.Box) error {
		return p.WithMutant(sb, m, func(*oracle.Override) error {
			for _, g := range gates {
				out, err := x.Gate(ctx, sb, g.Cmd, lim.Gate(g))
				if err == nil && lim.Retry(out.Status) {
					out, err = x.Gate(ctx, sb, g.Cmd, 2*lim.Gate(g))
				}
				if err != nil {
					return err
				}
				if out.Status == report.StatusKilled || out.Status == report.StatusTimeout {
					w = gateWitness(g, out)
					return nil
				}
			}
			return nil
		})
	})
	return w, err
}
