package corpus

import (
	"flag"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

// update rewrites golden files instead of comparing against them (read by golden.Compare).
var update = flag.Bool("update", false, "rewrite golden files")

const testDigest = "d16e57aa"

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// mut builds a recorded mutant result.
func mut(id, op string, status report.Status, reason report.Reason, witness report.WitnessKind) report.MutantResult {
	return report.MutantResult{
		Mutant: plan.Mutant{ID: id, Path: "src/" + id + ".js", Line: 3, Operator: op, Original: "return a - b;", Mutated: "return b - a;"},
		Status: status, Ran: reason == "", Reason: reason, Witness: report.Witness{Kind: witness},
	}
}

func killed(id, op string) report.MutantResult {
	return mut(id, op, report.StatusKilled, "", report.WitnessNotAdjudicated)
}

func accepted(id, op string, witness report.WitnessKind) report.MutantResult {
	return mut(id, op, report.StatusAccepted, "", witness)
}

// row builds a measured row whose recorded bonds are derived from its mutants, as certify does.
func row(task, arm, sample, heldback string, idx int, ms ...report.MutantResult) Row {
	rep := &report.Report{Mutants: ms}
	rep.Operators = plan.OperatorSet{Digest: testDigest, Table: []plan.OperatorEntry{{Name: "invert-comparison", Version: "1"}, {Name: "swap-arithmetic-operands", Version: "1"}, {Name: "return-sentinel", Version: "1"}}}
	rep.Bond.ByRegime = map[report.Regime]report.Verdict{}
	for _, r := range report.Regimes {
		var vs []report.Verdict
		for _, m := range ms {
			vs = append(vs, report.FactsOf(m).Verdict(r))
		}
		b := report.Bond(vs, r, false)
		rep.Bond.ByRegime[r] = b.Verdict
		if r == report.RegimeWitnessRecorded {
			rep.Bond.Verdict, rep.Bond.Regime, rep.Bond.Refuses = b.Verdict, r, b.Refuses
		}
	}
	return Row{SchemaVersion: version.Schema, Task: task, Arm: arm, Sample: sample, Index: idx, Fingerprint: task + "-fp",
		BondVersion: version.Tool, OperatorDigest: testDigest, Started: t0.Add(time.Duration(idx) * time.Minute),
		Finished: t0.Add(time.Duration(idx)*time.Minute + 30*time.Second), Report: rep, Heldback: heldback}
}

// fixtureRows is the synthetic corpus the statistics tests check by hand (see stats_test.go).
func fixtureRows() []Row {
	errRow := Row{SchemaVersion: version.Schema, Task: "t6-install", Arm: "mined", Sample: SampleOut, Index: 5, Fingerprint: "t6-fp",
		BondVersion: version.Tool, OperatorDigest: testDigest, Started: t0.Add(5 * time.Minute), Finished: t0.Add(6 * time.Minute),
		Heldback: HeldbackNone, Error: "install \"npm ci\" exited 1", ErrorPhase: PhaseInstall}
	return []Row{
		row("t1-held", "mined", SampleOut, HeldbackPassed, 0, killed("a1", "invert-comparison")),
		row("t2-vac-cov", "mined", SampleOut, HeldbackFailed, 1, accepted("b1", "swap-arithmetic-operands", report.WitnessCoverage), killed("b2", "invert-comparison")),
		row("t3-vac-none", "mined", SampleOut, HeldbackPassed, 2, accepted("c1", "return-sentinel", report.WitnessNone)),
		row("t4-unshown", "mined", SampleOut, HeldbackFailed, 3, mut("d1", "invert-comparison", report.StatusAccepted, report.ReasonNotRan, report.WitnessNotAdjudicated)),
		row("t5-not-bonded", "mined", SampleOut, HeldbackNone, 4),
		errRow,
		row("t7-in", "mined", SampleIn, HeldbackNone, 6, killed("g1", "invert-comparison"), accepted("g2", "return-sentinel", report.WitnessNone)),
		row("t8-adv", "adversarial", SampleOut, HeldbackPassed, 7, accepted("h1", "swap-arithmetic-operands", report.WitnessCoverage), accepted("h2", "return-sentinel", report.WitnessNone)),
	}
}
