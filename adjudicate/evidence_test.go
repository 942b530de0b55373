package adjudicate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/plan"
)

// A mutated line that the file's hit map does not know at all (lcov from babel-istanbul or vitest
// leaves out lines under a coverage-ignore hint) is no evidence that the line did not run: the
// mutant is unshown for coverage-unavailable, never not-ran, and a line the map knows as not run
// stays not-ran.
func TestLineMissingFromHitMapIsCoverageUnavailable(t *testing.T) {
	muts := []plan.Mutant{
		{ID: "a", Path: "src/dev.js", Line: 4, Operator: "delete-statement"},
		{ID: "b", Path: "src/dev.js", Line: 7, Operator: "delete-statement"},
	}
	hits := coverage.HitMap{"src/dev.js": {2: true, 3: true, 7: false}}
	base := oracle.RunOutcome{Status: report.StatusAccepted, Hits: hits, Sources: map[string]string{"src/dev.js": "lcov"}}
	ev := &evidence{base: newBaseline(base, base), canary: map[string]string{"src/dev.js": report.CanaryKilled}}
	rep := newReport(Options{}, plan.Front{}, muts)
	for i := range rep.Mutants {
		rep.Mutants[i].Status = report.StatusAccepted
	}
	if _, err := adjudicate(context.Background(), ev, adjudication{mode: AdjudicateAll}, muts, rep.Mutants, fixedDetectors(t, []*oracle.RunOutcome{&base, &base}), nil); err != nil {
		t.Fatal(err)
	}
	if got := rep.Mutants[0].Reason; got != report.ReasonCoverageUnavailable || !strings.Contains(rep.Mutants[0].Note, "line 4") {
		t.Errorf("line absent from the hit map: reason %q note %q, want %s naming the line", got, rep.Mutants[0].Note, report.ReasonCoverageUnavailable)
	}
	if got := rep.Mutants[1].Reason; got != report.ReasonNotRan {
		t.Errorf("line known not to run: reason %q, want %s", got, report.ReasonNotRan)
	}
}

// fixedDetectors are detectors whose coverage runs are outs and that have no gate to run.
func fixedDetectors(t *testing.T, outs []*oracle.RunOutcome) detectors {
	return detectors{
		coverage: func(_ context.Context, i int) (*oracle.RunOutcome, error) { return outs[i], nil },
		gates:    func(context.Context) ([]report.GateRecord, error) { t.Fatal("no gate to run"); return nil, nil },
		suite: func(context.Context, plan.Mutant, []report.GateRecord) (report.Witness, error) {
			t.Fatal("no gate to run")
			return report.Witness{}, nil
		},
	}
}

// knownOutcome skips a mutant only when the outcome is known: its file's canary survived, or a
// stable hit map knows its line and no baseline run reached it.
func TestKnownOutcome(t *testing.T) {
	hits := coverage.HitMap{"src/a.js": {2: true, 3: false}}
	other := coverage.HitMap{"src/a.js": {2: true, 3: false, 5: false}}
	a := oracle.RunOutcome{Status: report.StatusAccepted, Hits: hits}
	b := oracle.RunOutcome{Status: report.StatusAccepted, Hits: other}
	ev := &evidence{base: newBaseline(a, b), canary: map[string]string{"src/a.js": report.CanaryKilled, "src/b.js": report.CanarySurvived, "src/c.js": report.CanaryKilled}}
	for _, r := range []struct {
		path string
		line int
		want report.Reason
	}{
		{"src/a.js", 2, ""},                          // ran
		{"src/a.js", 3, report.ReasonNotRan},         // known, reached by neither run
		{"src/a.js", 4, ""},                          // not in the hit map: no evidence either way
		{"src/a.js", 5, ""},                          // in one run's map only: unstable
		{"src/b.js", 1, report.ReasonCanarySurvived}, // the oracle does not load the file
		{"src/c.js", 1, ""},                          // no hit map for the file: runs as before
	} {
		if got := knownOutcome(ev, plan.Mutant{Path: r.path, Line: r.line}); got != r.want {
			t.Errorf("%s:%d: %q, want %q", r.path, r.line, got, r.want)
		}
	}
	if got := (pay{exhaustive: true}).known(ev, plan.Mutant{Path: "src/a.js", Line: 3}); got != "" {
		t.Errorf("--exhaustive-runs skipped a mutant: %q", got)
	}
}

// Gates run on the unmutated tree only when a mutant needs the suite detector: a coverage
// witness, or no accepted mutant at all, leaves them unrun.
func TestGatesRunOnlyWhenNeeded(t *testing.T) {
	muts := []plan.Mutant{{ID: "a", Path: "src/a.js", Line: 2}, {ID: "b", Path: "src/a.js", Line: 3}}
	base := oracle.RunOutcome{Status: report.StatusAccepted, Hits: coverage.HitMap{"src/a.js": {2: true, 3: true, 4: true}}}
	moved := oracle.RunOutcome{Status: report.StatusAccepted, Hits: coverage.HitMap{"src/a.js": {2: true, 3: true, 4: false}}}
	ev := &evidence{base: newBaseline(base, base), canary: map[string]string{"src/a.js": report.CanaryKilled}}
	for _, r := range []struct {
		name      string
		status    report.Status
		out       *oracle.RunOutcome
		wantGates bool
		want      report.WitnessKind
	}{
		{"killed mutants", report.StatusKilled, &moved, false, report.WitnessNotAdjudicated},
		{"coverage witness", report.StatusAccepted, &moved, false, report.WitnessCoverage},
		{"no coverage witness", report.StatusAccepted, &base, true, report.WitnessSuite},
	} {
		t.Run(r.name, func(t *testing.T) {
			rep := newReport(Options{}, plan.Front{}, muts)
			for i := range rep.Mutants {
				rep.Mutants[i].Status = r.status
			}
			gateRuns := 0
			d := detectors{
				coverage: func(context.Context, int) (*oracle.RunOutcome, error) { return r.out, nil },
				gates: func(context.Context) ([]report.GateRecord, error) {
					gateRuns++
					return []report.GateRecord{{Name: "unit", Ran: true, Passed: true}}, nil
				},
				suite: func(context.Context, plan.Mutant, []report.GateRecord) (report.Witness, error) {
					return report.Witness{Kind: report.WitnessSuite, Gate: "unit"}, nil
				},
			}
			if _, err := adjudicate(context.Background(), ev, adjudication{mode: AdjudicateAll, suiteCap: 2, gates: 1}, muts, rep.Mutants, d, nil); err != nil {
				t.Fatal(err)
			}
			if (gateRuns > 0) != r.wantGates {
				t.Errorf("gates asked for %d times; want them asked: %v", gateRuns, r.wantGates)
			}
			if got := rep.Mutants[0].Witness.Kind; got != r.want {
				t.Errorf("witness %s, want %s", got, r.want)
			}
		})
	}
}

// A run's output names files repository-relative, not by their sandbox path.
func TestRunOutputPathsAreRelative(t *testing.T) {
	dir := t.TempDir()
	res, err := oracle.RunProc(context.Background(), proc.Spec{Cmd: "echo at " + dir + "/test/a.test.js:5:1", Dir: dir, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(res.Output); got != "at test/a.test.js:5:1" {
		t.Fatalf("output %q, want the path relative to the sandbox root", got)
	}
}
