package adjudicate

import (
	"context"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/coverage"
	"github.com/bond-tool/bond/plan"
)

// urlTest uses the URL global, which Node has and the embedded runtime lacks: the failure is
// found only when the tests run, not when they are bundled.
const urlTest = `const test = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/add.js');
test('adds', () => { assert.strictEqual(new URL('http://x/' + add(2, 1)).pathname, '/3'); });
`

// An oracle that needs something the embedded runtime lacks at run time: auto falls back to node
// (and says so), embedded refuses with an input error naming what is missing. Neither reads the
// embedded failure as the oracle failing.
func TestEmbeddedRuntimeGapFallsBack(t *testing.T) {
	needNode(t)
	for _, tc := range []struct {
		runner, wantRunner, wantErr string
	}{
		{RunnerAuto, RunnerNode, ""},
		{RunnerEmbedded, "", "--runner embedded cannot run this oracle"},
	} {
		t.Run(tc.runner, func(t *testing.T) {
			root := writeRepo(t, map[string]string{"src/add.js": addJS, "test/add.test.js": urlTest})
			muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<=")}
			rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: []string{"test/add.test.js"}, Runner: tc.runner}, muts)
			if tc.wantErr != "" {
				if err == nil || !plan.IsInput(err) || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), "URL") {
					t.Fatalf("err = %v, want an input error containing %q naming URL", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rep.Run.Runner != tc.wantRunner || !strings.Contains(rep.Run.RunnerNote, "URL") {
				t.Fatalf("runner %q note %q, want %s with a note naming URL", rep.Run.Runner, rep.Run.RunnerNote, tc.wantRunner)
			}
			// a <= b takes the other branch, which returns the same sum: accepted under node,
			// never an error.
			if got := rep.Mutants[0].Status; got != StatusAccepted {
				t.Fatalf("mutant status %s, want accepted under node", got)
			}
		})
	}
}

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
	base := RunOutcome{Status: StatusAccepted, Hits: hits, Sources: map[string]string{"src/dev.js": "lcov"}}
	e := &engine{
		o:        Options{Adjudicate: AdjudicateAll},
		rep:      newReport(Options{}, plan.Front{}, muts),
		muts:     muts,
		base1:    base,
		base2:    base,
		canary:   map[string]string{"src/dev.js": CanaryKilled},
		outcomes: []*RunOutcome{&base, &base},
	}
	e.rep.Baseline = &Baseline{}
	for i := range e.rep.Mutants {
		e.rep.Mutants[i].Status = StatusAccepted
	}
	e.compareBaselines()
	if err := e.adjudicate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := e.rep.Mutants[0].Reason; got != ReasonCoverageUnavailable || !strings.Contains(e.rep.Mutants[0].Note, "line 4") {
		t.Errorf("line absent from the hit map: reason %q note %q, want %s naming the line", got, e.rep.Mutants[0].Note, ReasonCoverageUnavailable)
	}
	if got := e.rep.Mutants[1].Reason; got != ReasonNotRan {
		t.Errorf("line known not to run: reason %q, want %s", got, ReasonNotRan)
	}
}
