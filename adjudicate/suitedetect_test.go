package adjudicate

import (
	"context"
	"slices"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// The gates are asked only after the coverage and value detectors have seen every accepted
// mutant: under "first", a later mutant's coverage witness decides the bond and the gates never
// run (the earlier mutant they would have been paid for is not-adjudicated); under "all", or when
// no cheaper witness decided, they run for the mutants left without one, within the cap.
func TestSuiteDetectorAskedLast(t *testing.T) {
	muts := []plan.Mutant{{ID: "a", Path: "src/a.js", Line: 2}, {ID: "b", Path: "src/a.js", Line: 3}, {ID: "c", Path: "src/a.js", Line: 4}}
	base := oracle.RunOutcome{Status: report.StatusAccepted, Hits: coverage.HitMap{"src/a.js": {2: true, 3: true, 4: true, 9: true}}}
	moved := oracle.RunOutcome{Status: report.StatusAccepted, Hits: coverage.HitMap{"src/a.js": {2: true, 3: true, 4: true, 9: false}}}
	ev := &evidence{base: newBaseline(base, base), canary: map[string]string{"src/a.js": report.CanaryKilled}}
	for _, r := range []struct {
		name     string
		mode     string
		outs     []*oracle.RunOutcome // each mutant's coverage run: moved is a coverage witness
		cap      int
		want     []report.WitnessKind
		gates    int      // times the gates were asked for (the real ones run on the first ask only)
		suite    []string // the mutants the suite detector ran over
		coverage []int    // the mutants whose coverage run was asked for
	}{
		{"first: a later coverage witness spares the gates", AdjudicateFirst, []*oracle.RunOutcome{&base, &moved, &base}, 2,
			[]report.WitnessKind{report.WitnessNotAdjudicated, report.WitnessCoverage, report.WitnessNotAdjudicated}, 0, nil, []int{0, 1}},
		{"first: no cheaper witness, the first suite witness decides", AdjudicateFirst, []*oracle.RunOutcome{&base, &base, &base}, 2,
			[]report.WitnessKind{report.WitnessSuite, report.WitnessNotAdjudicated, report.WitnessNotAdjudicated}, 1, []string{"a"}, []int{0, 1, 2}},
		{"all: the gates run for every mutant left without a witness", AdjudicateAll, []*oracle.RunOutcome{&base, &moved, &base}, 2,
			[]report.WitnessKind{report.WitnessSuite, report.WitnessCoverage, report.WitnessSuite}, 2, []string{"a", "c"}, []int{0, 1, 2}},
		{"all: past the cap, not adjudicated", AdjudicateAll, []*oracle.RunOutcome{&base, &base, &base}, 1,
			[]report.WitnessKind{report.WitnessSuite, report.WitnessNotAdjudicated, report.WitnessNotAdjudicated}, 3, []string{"a"}, []int{0, 1, 2}},
	} {
		t.Run(r.name, func(t *testing.T) {
			rep := newReport(Options{}, plan.Front{}, muts)
			for i := range rep.Mutants {
				rep.Mutants[i].Status = report.StatusAccepted
			}
			gates := 0
			var suite []string
			var covered []int
			d := detectors{
				coverage: func(_ context.Context, i int) (*oracle.RunOutcome, error) {
					covered = append(covered, i)
					return r.outs[i], nil
				},
				gates: func(context.Context) ([]report.GateRecord, error) {
					gates++
					return []report.GateRecord{{Name: "unit", Ran: true, Passed: true}}, nil
				},
				suite: func(_ context.Context, m plan.Mutant, _ []report.GateRecord) (report.Witness, error) {
					suite = append(suite, m.ID)
					return report.Witness{Kind: report.WitnessSuite, Gate: "unit"}, nil
				},
			}
			a := adjudication{mode: r.mode, suiteCap: r.cap, gates: 1}
			if _, err := adjudicate(context.Background(), ev, a, muts, rep.Mutants, d, nil); err != nil {
				t.Fatal(err)
			}
			var got []report.WitnessKind
			for _, mr := range rep.Mutants {
				got = append(got, mr.Witness.Kind)
			}
			if !slices.Equal(got, r.want) {
				t.Errorf("witnesses %v, want %v", got, r.want)
			}
			if gates != r.gates || !slices.Equal(suite, r.suite) || !slices.Equal(covered, r.coverage) {
				t.Errorf("gates asked %d times, suite over %v, coverage runs %v; want %d, %v, %v", gates, suite, covered, r.gates, r.suite, r.coverage)
			}
		})
	}
}
