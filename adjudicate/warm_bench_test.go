package adjudicate

import (
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// BenchmarkWarmVitest certifies testdata/warm/vitest (vitest 3, installed in
// testdata/coverage/vitest) cold and under --warm, one after the other on one machine, and
// reports per mutant run: cold-ms/run, the mean of the cold certify's mutant runs; warm-ms/run,
// the mean of the mutant runs the warm worker decided (its kills); cold/warm, their ratio; and
// phase-cold/warm, the ratio of the two mutant phases whole (the warm one pays the worker's
// start, its controls and the cold confirmation of every accepted mutant). Run it with
// -benchtime=1x; docs/cost.md quotes one run with the load average.
func BenchmarkWarmVitest(b *testing.B) {
	benchWarm(b, warmVitestFixture, "npx vitest run test/range.test.js", "warm vitest worker:")
}

// BenchmarkWarmJest is BenchmarkWarmVitest for the warm jest worker: testdata/warm/jest (jest
// 29 with babel-jest, installed in testdata/coverage/jest), the oracle `npx jest
// test/range.test.js` cold against the worker's runCLI runs in band. Run it with
// -benchtime=1x; docs/cost.md quotes one run with the load average.
func BenchmarkWarmJest(b *testing.B) {
	benchWarm(b, warmJestFixture, "npx jest test/range.test.js", "warm jest worker:")
}

// benchWarm certifies fixture f with cmd cold and then under --warm, and reports the metrics of
// BenchmarkWarmVitest; tail is how a warm kill's output tail starts.
func benchWarm(b *testing.B, f warmFixture, cmd, tail string) {
	root, diff := f.tree(b)
	certify := func(warm bool) *report.Report {
		o := Options{Plan: plan.Options{Repo: root, DiffPath: diff, OperatorSet: 2}, Runner: RunnerNode,
			OracleCmd: cmd, Warm: warm, Adjudicate: AdjudicateAll, Jobs: 1, Timeout: 2 * time.Minute}
		rep, err := Certify(b.Context(), o)
		if err != nil {
			b.Fatal(err)
		}
		return rep
	}
	var coldRun, warmRun, coldPhase, warmPhase time.Duration
	var nCold, nWarm int
	for b.Loop() {
		cold, warm := certify(false), certify(true)
		for _, m := range cold.Mutants {
			if len(m.Runs) > 0 {
				coldRun += time.Duration(m.Runs[0].DurationMS) * time.Millisecond
				nCold++
			}
		}
		for _, m := range warm.Mutants {
			if strings.HasPrefix(m.OutputTail, tail) {
				warmRun += time.Duration(m.DurationMS) * time.Millisecond
				nWarm++
			}
		}
		coldPhase += time.Duration(cold.Timings.MutantsMS) * time.Millisecond
		warmPhase += time.Duration(warm.Timings.MutantsMS) * time.Millisecond
	}
	if nCold == 0 || nWarm == 0 {
		b.Fatalf("no runs to compare: %d cold mutant runs, %d warm kills", nCold, nWarm)
	}
	c, w := coldRun.Seconds()*1000/float64(nCold), warmRun.Seconds()*1000/float64(nWarm)
	b.ReportMetric(c, "cold-ms/run")
	b.ReportMetric(w, "warm-ms/run")
	b.ReportMetric(c/w, "cold/warm")
	b.ReportMetric(coldPhase.Seconds()/warmPhase.Seconds(), "phase-cold/warm")
}
