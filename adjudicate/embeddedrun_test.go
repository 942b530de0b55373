package adjudicate

import (
	"context"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// gapTest uses the MessageChannel global, which Node has and the embedded runtime lacks: the
// failure is found only when the tests run, not when they are bundled. (It used URL until the
// runtime gained node:url's URL, then AbortController until it gained that.)
const gapTest = `const test = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/add.js');
test('adds', () => { const c = new MessageChannel(); c.port1.close(); assert.strictEqual(add(2, 1), 3); });
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
			root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": gapTest})
			muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<=")}
			rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: []string{"test/add.test.js"}, Runner: tc.runner}, muts)
			if tc.wantErr != "" {
				if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), "MessageChannel") {
					t.Fatalf("err = %v, want an input error containing %q naming MessageChannel", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rep.Run.Runner != tc.wantRunner || !strings.Contains(rep.Run.RunnerNote, "MessageChannel") {
				t.Fatalf("runner %q note %q, want %s with a note naming MessageChannel", rep.Run.Runner, rep.Run.RunnerNote, tc.wantRunner)
			}
			// a <= b takes the other branch, which returns the same sum: accepted under node,
			// never an error.
			if got := rep.Mutants[0].Status; got != report.StatusAccepted {
				t.Fatalf("mutant status %s, want accepted under node", got)
			}
		})
	}
}

// envTest passes under Node, whose tests see the run's environment, and fails in the embedded
// runtime, whose process.env is empty: a gap the runtime cannot name when it bundles or runs.
const envTest = `const test = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/add.js');
test('adds where a PATH is set', () => { assert.ok(process.env.PATH); assert.strictEqual(add(2, 1), 3); });
`

// An oracle that fails under the embedded runner without naming what it lacks is not taken for
// a failing oracle under auto: the real runner runs the baseline, passes, and runs everything
// after, and the note says why. Under --runner embedded the failure is the oracle's (exit 2).
func TestEmbeddedBaselineFailureFallsBack(t *testing.T) {
	needNode(t)
	for _, tc := range []struct {
		runner, wantRunner, wantErr string
	}{
		{RunnerAuto, RunnerNode, ""},
		{RunnerEmbedded, "", "oracle fails on the patched tree"},
	} {
		t.Run(tc.runner, func(t *testing.T) {
			root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": envTest})
			muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<=")}
			rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: []string{"test/add.test.js"}, Runner: tc.runner}, muts)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rep.Run.Runner != tc.wantRunner || !strings.Contains(rep.Run.RunnerNote, "failed under the embedded runner") {
				t.Fatalf("runner %q note %q, want %s with a note saying the embedded baseline failed", rep.Run.Runner, rep.Run.RunnerNote, tc.wantRunner)
			}
			if got := rep.Mutants[0].Status; got != report.StatusAccepted {
				t.Fatalf("mutant status %s, want accepted under node", got)
			}
		})
	}
}
