package adjudicate

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// busyTest spends its time in its own loop: a few milliseconds compiled by Node, hundreds of
// them interpreted by the embedded runtime.
const busyTest = `const test = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/add.js');
test('adds after a busy loop', () => {
  let s = 0;
  for (let i = 0; i < 3e6; i++) { s = (s + i * 7) % 1000003; }
  assert.ok(s >= 0);
  assert.strictEqual(add(2, 1), 3);
  assert.strictEqual(add(1, 2), 3);
});
`

// Under auto, an embedded baseline at or over the slow mark makes bond time the command runner
// once; where Node runs the oracle in under half the embedded time and the mutants save more
// than the switch costs, auto switches and the note gives both times. Under --runner embedded,
// or below the mark, nothing is timed and the embedded runner stays.
func TestSlowEmbeddedFallsBack(t *testing.T) {
	needNode(t)
	for _, tc := range []struct {
		name       string
		runner     string
		slow       time.Duration
		wantRunner string
		wantNote   string
	}{
		{"auto, slow", RunnerAuto, time.Millisecond, RunnerNode, "under the embedded runner and"},
		{"auto, under the mark", RunnerAuto, time.Hour, RunnerEmbedded, ""},
		{"embedded, slow", RunnerEmbedded, time.Millisecond, RunnerEmbedded, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": busyTest})
			muts := []plan.Mutant{
				mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<="),
				mutantAt(t, root, "src/add.js", 3, "swap-arithmetic-operands", "a + b", "b + a"),
			}
			rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: []string{"test/add.test.js"}, Runner: tc.runner, slowEmbedded: tc.slow}, muts)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("note: %s", rep.Run.RunnerNote)
			if rep.Run.Runner != tc.wantRunner {
				t.Fatalf("runner %q (note %q), want %s", rep.Run.Runner, rep.Run.RunnerNote, tc.wantRunner)
			}
			if tc.wantNote == "" {
				if strings.Contains(rep.Run.RunnerNote, "timed once") {
					t.Fatalf("note %q: nothing should have been timed", rep.Run.RunnerNote)
				}
			} else if !strings.Contains(rep.Run.RunnerNote, "auto chose node: the unmutated oracle took") || !strings.Contains(rep.Run.RunnerNote, tc.wantNote) {
				t.Fatalf("note %q, want auto's switch with both times", rep.Run.RunnerNote)
			}
			for _, mr := range rep.Mutants {
				if mr.Status != report.StatusAccepted && mr.Status != report.StatusKilled {
					t.Errorf("mutant %s: status %s", mr.ID, mr.Status)
				}
			}
		})
	}
}
