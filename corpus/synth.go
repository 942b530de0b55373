package corpus

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// SyntheticOperators is the operator table synthetic rows claim (SPEC §2.3's names).
var SyntheticOperators = []string{"invert-comparison", "negate-condition", "swap-arithmetic-operands", "return-sentinel",
	"replace-assigned-value", "swap-call-arguments", "drop-chained-call", "delete-statement"}

// Synthetic returns n rows with plausible, random but reproducible facts (seeded), for the
// benchmark of corpus report and scripts/corpus-bench. Their bonds are derived from their facts
// as certify derives them, so a report over them has no mismatches. They are not measurements.
func Synthetic(n int, seed uint64, digest string) []Row {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	table := make([]plan.OperatorEntry, len(SyntheticOperators))
	for i, name := range SyntheticOperators {
		table[i] = plan.OperatorEntry{Name: name, Version: "1"}
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rows := make([]Row, n)
	for i := range rows {
		r := Row{SchemaVersion: version.Schema, Task: fmt.Sprintf("synth/repo%d#%d", i%37, i), Arm: []string{"mined", "adversarial"}[i%2],
			Sample: SampleOut, Index: i, Corpus: "synthetic", Fingerprint: fmt.Sprintf("%064x", i), BondVersion: version.Tool,
			OperatorDigest: digest, Started: start.Add(time.Duration(i) * time.Second), Heldback: HeldbackNone}
		r.Finished = r.Started.Add(time.Duration(1+rng.IntN(60)) * time.Second)
		if i%10 == 0 {
			r.Sample = SampleIn
		}
		if rng.IntN(50) == 0 {
			r.Error, r.ErrorPhase = "install \"npm ci\" exited 1", PhaseInstall
			rows[i] = r
			continue
		}
		switch rng.IntN(3) {
		case 0:
			r.Heldback = HeldbackPassed
		case 1:
			r.Heldback = HeldbackFailed
		}
		rep := &report.Report{Sentinel: "bond-sentinel"}
		rep.SchemaVersion = version.Schema
		rep.Tool = plan.Tool{Name: version.ToolName, Version: version.Tool}
		rep.Operators = plan.OperatorSet{Digest: digest, Table: table}
		rep.Budget = plan.BudgetInfo{Total: 6, PerOperator: 2}
		nm := rng.IntN(7)
		for j := 0; j < nm; j++ {
			op := SyntheticOperators[rng.IntN(len(SyntheticOperators))]
			m := report.MutantResult{Mutant: plan.Mutant{ID: fmt.Sprintf("%08x%08x", i, j), Path: "src/index.js", Line: 10 + j, Column: 5,
				Operator: op, OperatorVersion: "1", Original: "  if (a === b) return x;", Mutated: "  if (a !== b) return x;", Parse: plan.ParseOK}}
			switch k := rng.IntN(10); {
			case k < 6:
				m.Status, m.Ran, m.Witness.Kind = report.StatusKilled, true, report.WitnessNotAdjudicated
			case k < 7:
				m.Status, m.Reason, m.Witness.Kind = report.StatusAccepted, report.ReasonNotRan, report.WitnessNotAdjudicated
			default:
				m.Status, m.Ran = report.StatusAccepted, true
				m.Witness.Kind = []report.WitnessKind{report.WitnessCoverage, report.WitnessSuite, report.WitnessNone}[rng.IntN(3)]
			}
			rep.Mutants = append(rep.Mutants, m)
		}
		if rng.IntN(3) == 0 {
			rep.Discarded = append(rep.Discarded, plan.Candidate{Mutant: plan.Mutant{Operator: "delete-statement"}, Reason: plan.ReasonUnparseable})
		}
		rep.Bond.ByRegime = map[report.Regime]report.Verdict{}
		for _, regime := range report.Regimes {
			var vs []report.Verdict
			for k, m := range rep.Mutants {
				v := report.FactsOf(m).Verdict(regime)
				vs = append(vs, v)
				if regime == report.RegimeWitnessRecorded {
					rep.Mutants[k].Verdict = v
				}
			}
			b := report.Bond(vs, regime, false)
			rep.Bond.ByRegime[regime] = b.Verdict
			if regime == report.RegimeWitnessRecorded {
				rep.Bond.Verdict, rep.Bond.Regime, rep.Bond.Refuses, rep.Bond.Reason = b.Verdict, regime, b.Refuses, b.Reason
			}
		}
		r.Report = rep
		rows[i] = r
	}
	return rows
}
