package adjudicate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/coverage"
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
	base := runOutcome{Status: StatusAccepted, Hits: hits, Sources: map[string]string{"src/dev.js": "lcov"}}
	ev := &evidence{base: newBaseline(base, base), canary: map[string]string{"src/dev.js": CanaryKilled}}
	rep := newReport(Options{}, plan.Front{}, muts)
	for i := range rep.Mutants {
		rep.Mutants[i].Status = StatusAccepted
	}
	noSuite := func(context.Context, plan.Mutant) (Witness, error) { t.Fatal("no gate to run"); return Witness{}, nil }
	if err := adjudicate(context.Background(), ev, adjudication{mode: AdjudicateAll}, muts, []*runOutcome{&base, &base}, rep.Mutants, noSuite, nil); err != nil {
		t.Fatal(err)
	}
	if got := rep.Mutants[0].Reason; got != ReasonCoverageUnavailable || !strings.Contains(rep.Mutants[0].Note, "line 4") {
		t.Errorf("line absent from the hit map: reason %q note %q, want %s naming the line", got, rep.Mutants[0].Note, ReasonCoverageUnavailable)
	}
	if got := rep.Mutants[1].Reason; got != ReasonNotRan {
		t.Errorf("line known not to run: reason %q, want %s", got, ReasonNotRan)
	}
}

// A run's output names files repository-relative, not by their sandbox path.
func TestRunOutputPathsAreRelative(t *testing.T) {
	dir := t.TempDir()
	res, err := runProc(context.Background(), proc.Spec{Cmd: "echo at " + dir + "/test/a.test.js:5:1", Dir: dir, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(res.Output); got != "at test/a.test.js:5:1" {
		t.Fatalf("output %q, want the path relative to the sandbox root", got)
	}
}
