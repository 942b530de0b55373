package render

import (
	"bytes"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/corpus"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/plan"
)

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
func row(task, arm, sample, heldback string, idx int, ms ...report.MutantResult) corpus.Row {
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
	return corpus.Row{SchemaVersion: version.Schema, Task: task, Arm: arm, Sample: sample, Index: idx, Fingerprint: task + "-fp",
		BondVersion: version.Tool, OperatorDigest: testDigest, Started: t0.Add(time.Duration(idx) * time.Minute),
		Finished: t0.Add(time.Duration(idx)*time.Minute + 30*time.Second), Report: rep, Heldback: heldback}
}

// fixtureRows is the synthetic corpus of corpus/helpers_test.go, built through the exported API,
// so the renderers are pinned on the same figures the statistics tests check by hand.
func fixtureRows() []corpus.Row {
	errRow := corpus.Row{SchemaVersion: version.Schema, Task: "t6-install", Arm: "mined", Sample: corpus.SampleOut, Index: 5, Fingerprint: "t6-fp",
		BondVersion: version.Tool, OperatorDigest: testDigest, Started: t0.Add(5 * time.Minute), Finished: t0.Add(6 * time.Minute),
		Heldback: corpus.HeldbackNone, Error: "install \"npm ci\" exited 1", ErrorPhase: corpus.PhaseInstall}
	return []corpus.Row{
		row("t1-held", "mined", corpus.SampleOut, corpus.HeldbackPassed, 0, killed("a1", "invert-comparison")),
		row("t2-vac-cov", "mined", corpus.SampleOut, corpus.HeldbackFailed, 1, accepted("b1", "swap-arithmetic-operands", report.WitnessCoverage), killed("b2", "invert-comparison")),
		row("t3-vac-none", "mined", corpus.SampleOut, corpus.HeldbackPassed, 2, accepted("c1", "return-sentinel", report.WitnessNone)),
		row("t4-unshown", "mined", corpus.SampleOut, corpus.HeldbackFailed, 3, mut("d1", "invert-comparison", report.StatusAccepted, report.ReasonNotRan, report.WitnessNotAdjudicated)),
		row("t5-not-bonded", "mined", corpus.SampleOut, corpus.HeldbackNone, 4),
		errRow,
		row("t7-in", "mined", corpus.SampleIn, corpus.HeldbackNone, 6, killed("g1", "invert-comparison"), accepted("g2", "return-sentinel", report.WitnessNone)),
		row("t8-adv", "adversarial", corpus.SampleOut, corpus.HeldbackPassed, 7, accepted("h1", "swap-arithmetic-operands", report.WitnessCoverage), accepted("h2", "return-sentinel", report.WitnessNone)),
	}
}

func corpusReport(t *testing.T, rows []corpus.Row) *corpus.Report {
	t.Helper()
	rf := &corpus.RowsFile{Path: "rows.jsonl", Rows: rows}
	for i := range rows {
		rf.Lines = append(rf.Lines, i+1)
	}
	merged, dups := corpus.Merge([]*corpus.RowsFile{rf})
	rep, err := corpus.BuildReport([]*corpus.RowsFile{rf}, merged, dups, corpus.ReportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestCorpusGolden(t *testing.T) {
	rep := corpusReport(t, fixtureRows())
	var h, md bytes.Buffer
	if err := CorpusHuman(&h, rep); err != nil {
		t.Fatal(err)
	}
	if err := CorpusMarkdown(&md, rep); err != nil {
		t.Fatal(err)
	}
	golden(t, "corpus-report.human.golden", h.Bytes())
	golden(t, "corpus-report.md.golden", md.Bytes())
}

func TestComparisonGolden(t *testing.T) {
	a, b := fixtureRows(), fixtureRows()
	b[2] = row("t3-vac-none", "mined", corpus.SampleOut, corpus.HeldbackPassed, 2, killed("c1", "return-sentinel"))
	b[5] = row("t6-install", "mined", corpus.SampleOut, corpus.HeldbackNone, 5, killed("f1", "invert-comparison"))
	b = append(b[:7], row("t9-new", "mined", corpus.SampleOut, corpus.HeldbackNone, 8))
	var buf bytes.Buffer
	if err := ComparisonHuman(&buf, corpus.Compare("a.jsonl", a, "b.jsonl", b)); err != nil {
		t.Fatal(err)
	}
	golden(t, "corpus-compare.human.golden", buf.Bytes())
}

// With a ground truth the report gains the truth metrics' rows and the lists of false and
// unjudged refusals (human and markdown golden files).
func TestCorpusTruthGolden(t *testing.T) {
	rep := truthReport(t)
	var h, md bytes.Buffer
	if err := CorpusHuman(&h, rep); err != nil {
		t.Fatal(err)
	}
	if err := CorpusMarkdown(&md, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 of 4 (75.0% [30.1, 95.4])", "21.4%", "False refusals (every vacuous mutant judged equivalent in the ground truth truth.toml): 1"} {
		if !bytes.Contains(h.Bytes(), []byte(want)) {
			t.Errorf("human report lacks %q", want)
		}
	}
	golden(t, "corpus-report-truth.human.golden", h.Bytes())
	golden(t, "corpus-report-truth.md.golden", md.Bytes())
}

// truthReport is the synthetic corpus judged against a ground truth with StrykerJS costs.
func truthReport(t *testing.T) *corpus.Report {
	t.Helper()
	rows := fixtureRows()
	rows[0].Report.Timings.TotalMS = 700
	rows[1].Report.Timings.TotalMS = 300
	gap, noGap := true, false
	g := &corpus.GroundTruth{Path: "truth.toml", Tasks: map[string]corpus.TaskTruth{
		"t1-held":     {KnownGap: &gap, Truth: &corpus.Truth{Stryker: &corpus.StrykerCost{Runs: 10, WallMS: 1000}}},
		"t2-vac-cov":  {KnownGap: &gap, Truth: &corpus.Truth{Stryker: &corpus.StrykerCost{Runs: 4, WallMS: 500}, Mutants: []corpus.Judgement{{Tool: corpus.ToolBond, File: "src/b1.js", Line: 3, Mutated: "return b - a;", Judgement: corpus.JudgedReal, Reason: "r"}}}},
		"t3-vac-none": {KnownGap: &noGap, Truth: &corpus.Truth{Mutants: []corpus.Judgement{{Tool: corpus.ToolBond, File: "src/c1.js", Line: 3, Mutated: "return b - a;", Judgement: corpus.JudgedEquivalent, Reason: "r"}}}},
		"t4-unshown":  {KnownGap: &noGap},
		"t7-in":       {KnownGap: &gap},
		"t8-adv":      {KnownGap: &gap},
	}}
	rf := &corpus.RowsFile{Path: "rows.jsonl", Rows: rows}
	for i := range rows {
		rf.Lines = append(rf.Lines, i+1)
	}
	merged, dups := corpus.Merge([]*corpus.RowsFile{rf})
	rep, err := corpus.BuildReport([]*corpus.RowsFile{rf}, merged, dups, corpus.ReportOptions{Truth: g})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
