package adjudicate

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// The per-test-file fixture: a.test.js runs add and clamp, b.test.js runs add and scale, and no
// test runs unused. The tests use describe/it/assert, which mocha, jest and the embedded runner's
// jest API all read.
const subsetCalc = `function add(a, b) {
  return a + b;
}
function clamp(v) {
  return v > 10 ? 10 : v;
}
function scale(x, k) {
  if (k === 0) {
    return 0;
  }
  return x * k;
}
function unused(z) {
  return z + 1;
}
module.exports = { add, clamp, scale, unused };
`

const subsetA = `const assert = require('assert');
const { add, clamp } = require('../src/calc.js');
describe('a', () => {
  it('adds', () => { assert.strictEqual(add(2, 3), 5); });
  it('clamps at ten', () => { assert.strictEqual(clamp(10), 10); });
});
`

const subsetB = `const assert = require('assert');
const { add, scale } = require('../src/calc.js');
describe('b', () => {
  it('adds one and one', () => { assert.strictEqual(add(1, 1), 2); });
  it('scales', () => { assert.strictEqual(scale(3, 2), 6); });
  it('scales by zero', () => { assert.strictEqual(scale(3, 0), 0); });
});
`

// subsetMutants are the fixture's mutants: killed by a alone (line 5's swap), accepted on a line
// only a runs (line 5's >=: clamp(10) is 10 either way, while b runs lines 8-11, which a subset
// run of a alone does not), killed by both, killed by b alone, and on a line no test runs.
func subsetMutants(t *testing.T, root string) []plan.Mutant {
	return []plan.Mutant{
		mutantAt(t, root, "src/calc.js", 2, "swap-operator", "a + b", "a - b"),
		mutantAt(t, root, "src/calc.js", 5, "invert-comparison", "v > 10", "v >= 10"),
		mutantAt(t, root, "src/calc.js", 5, "replace-literal", "? 10 :", "? 11 :"),
		mutantAt(t, root, "src/calc.js", 8, "invert-comparison", "k === 0", "k !== 0"),
		mutantAt(t, root, "src/calc.js", 11, "swap-operator", "x * k", "x / k"),
		mutantAt(t, root, "src/calc.js", 14, "swap-operator", "z + 1", "z - 1"),
	}
}

// TestSubsetRunsSameVerdicts is TestExhaustiveRunsSameVerdicts for per-test-file reach on every
// runner: an --oracle-cmd that runs mocha or jest over two test files (narrowed by
// oraclecmd.Subset), the embedded runner (file subsets and bail) and node --test over --oracle
// files. Each case runs the fixture's mutants with the default engine and with --exhaustive-runs
// and requires the same verdict under every regime and the same killed_by; it also requires that
// reach was per file (ran_by), that the accepted mutant ran only the file that reaches its line,
// and that a killed mutant bailed where the runner can. The accepted mutant on line 5 is the case
// a subset run's coverage alone gets wrong: b's lines 7-12 did not run in it, which read as a
// coverage witness unless the run is completed with b's baseline hits (completeCoverage).
func TestSubsetRunsSameVerdicts(t *testing.T) {
	t.Parallel()
	a, b := "test/a.test.js", "test/b.test.js"
	tests := []struct {
		name, dir string
		o         Options
		runner    string
		bail      bool
		// ownOrder: the runner orders the test files itself (jest runs them in parallel workers
		// and puts the files that failed last time first, from its cache), so which failing test
		// comes first is not bond's to fix; killed_by must then be one of the tests the
		// exhaustive run saw fail.
		ownOrder bool
	}{
		{"mocha command", "mocha", Options{OracleCmd: "npx mocha " + a + " " + b, Runner: RunnerNode}, RunnerCommand, true, false},
		{"jest command", "jest", Options{OracleCmd: "npx jest --ci " + a + " " + b, Runner: RunnerNode}, RunnerCommand, true, true},
		{"jest command, embedded", "jest", Options{OracleCmd: "npx jest " + a + " " + b, Runner: RunnerEmbedded}, RunnerEmbedded, true, false},
		{"oracle files, embedded", "jest", Options{Oracle: []string{a, b}, Runner: RunnerEmbedded}, RunnerEmbedded, true, false},
		{"oracle files, node", "nodetest", Options{Oracle: []string{a, b}, Runner: RunnerNode}, RunnerNode, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var reps [2]*report.Report
			for k, exhaustive := range []bool{false, true} {
				head := ""
				if tt.dir == "nodetest" {
					head = "const { describe, it } = require('node:test');\n"
				}
				root := fixtureRepo(t, tt.dir, map[string]string{"src/calc.js": subsetCalc, a: head + subsetA, b: head + subsetB})
				o := tt.o
				o.Jobs, o.Adjudicate, o.ExhaustiveRuns = 2, AdjudicateAll, exhaustive
				reps[k] = certifyFiles(t, root, o, subsetMutants(t, root))
			}
			lazy, full := reps[0], reps[1]
			if lazy.Run.Runner != tt.runner || full.Run.Runner != tt.runner {
				t.Fatalf("runners %s and %s, want %s (%s)", lazy.Run.Runner, full.Run.Runner, tt.runner, lazy.Run.RunnerNote)
			}
			for i, m := range lazy.Mutants {
				f := full.Mutants[i]
				// Bail and subsets end a killed run at the same first failure, where the order of
				// the files is bond's.
				if tt.ownOrder {
					if (m.KilledBy == "") != (f.KilledBy == "") || m.KilledBy != "" && !slices.Contains(f.FailedTests, m.KilledBy) {
						t.Errorf("%s:%d %s: killed_by %q is none of the tests the exhaustive run saw fail %q", m.Path, m.Line, m.Mutated, m.KilledBy, f.FailedTests)
					}
				} else if m.KilledBy != f.KilledBy {
					t.Errorf("%s:%d %s: killed_by %q, exhaustive %q", m.Path, m.Line, m.Mutated, m.KilledBy, f.KilledBy)
				}
				for _, r := range report.Regimes {
					if m.ByRegime[r] != f.ByRegime[r] {
						t.Errorf("%s:%d %s under %s: %s (status %s, witness %+v), exhaustive %s (status %s, witness %+v)",
							m.Path, m.Line, m.Mutated, r, m.ByRegime[r], m.Status, m.Witness, f.ByRegime[r], f.Status, f.Witness)
					}
				}
			}
			for _, r := range report.Regimes {
				if lazy.Bond.ByRegime[r] != full.Bond.ByRegime[r] {
					t.Errorf("bond under %s: %s, exhaustive %s", r, lazy.Bond.ByRegime[r], full.Bond.ByRegime[r])
				}
			}
			// The economies this is about did happen.
			var ranBy []report.LineTests
			for _, fr := range lazy.Baseline.Reach.Files {
				for _, lt := range fr.RanBy {
					// certifyFiles lists a line once per mutant on it.
					if n := len(ranBy); n == 0 || ranBy[n-1].Line != lt.Line {
						ranBy = append(ranBy, lt)
					}
				}
			}
			wantRanBy := []report.LineTests{{Line: 2, TestFiles: []string{a, b}}, {Line: 5, TestFiles: []string{a}}, {Line: 8, TestFiles: []string{b}}, {Line: 11, TestFiles: []string{b}}}
			if !reflect.DeepEqual(ranBy, wantRanBy) {
				t.Errorf("ran_by %+v, want %+v", ranBy, wantRanBy)
			}
			acc := lazy.Mutants[1]
			if acc.Status != report.StatusAccepted || len(acc.Runs) == 0 || !reflect.DeepEqual(acc.Runs[0].TestFiles, []string{a}) {
				t.Errorf("the accepted mutant on line 5: status %s runs %+v, want accepted running %s only", acc.Status, acc.Runs, a)
			}
			if acc.Witness.Kind != report.WitnessNone {
				t.Errorf("the accepted mutant on line 5: witness %+v, want none (clamp(10) runs the same lines)", acc.Witness)
			}
			killed := lazy.Mutants[4]
			if killed.Status != report.StatusKilled || len(killed.Runs) != 1 || killed.Runs[0].Bail != tt.bail || !reflect.DeepEqual(killed.Runs[0].TestFiles, []string{b}) {
				t.Errorf("the mutant on line 11: status %s runs %+v, want killed in one run of %s, bail %v", killed.Status, killed.Runs, b, tt.bail)
			}
			if !strings.HasPrefix(killed.KilledBy, b) {
				t.Errorf("the mutant on line 11: killed_by %q, want a test of %s", killed.KilledBy, b)
			}
			if s := lazy.Mutants[5]; s.Status != report.StatusSkipped || s.Reason != report.ReasonNotRan {
				t.Errorf("the mutant on line 14: status %s reason %s, want skipped, not-ran", s.Status, s.Reason)
			}
			for _, m := range full.Mutants {
				for _, r := range m.Runs {
					// The whole oracle: --oracle names every file, a command none.
					if (len(r.TestFiles) != 0 && !reflect.DeepEqual(r.TestFiles, tt.o.Oracle)) || r.Bail || !r.Coverage {
						t.Errorf("exhaustive %s:%d ran %+v, want the whole oracle with coverage and no bail", m.Path, m.Line, r)
					}
				}
			}
		})
	}
}

// TestSubsetDroppedWhenAFileFailsAlone: under mocha, one process runs every file, so b.test.js
// may lean on a global a.test.js sets. The whole oracle passes, b alone does not: per-test-file
// reach is off (every mutant runs the whole oracle, which kills the mutant b's test catches), the
// runs of the files alone are recorded, and the runner note says why.
func TestSubsetDroppedWhenAFileFailsAlone(t *testing.T) {
	a, b := "test/a.test.js", "test/b.test.js"
	root := fixtureRepo(t, "mocha", map[string]string{
		"src/calc.js": subsetCalc,
		a:             subsetA + "global.scaleBy = 2;\n",
		b:             "const assert = require('assert');\nconst { scale } = require('../src/calc.js');\nit('scales', () => { assert.strictEqual(scale(3, global.scaleBy), 6); });\n",
	})
	m := mutantAt(t, root, "src/calc.js", 11, "swap-operator", "x * k", "x / k")
	rep := certifyFiles(t, root, Options{OracleCmd: "npx mocha " + a + " " + b, Runner: RunnerNode, Jobs: 2}, []plan.Mutant{m})
	got := rep.Mutants[0]
	if got.Status != report.StatusKilled || len(got.Runs) != 1 || len(got.Runs[0].TestFiles) != 0 {
		t.Errorf("status %s runs %+v, want killed by the whole oracle", got.Status, got.Runs)
	}
	if len(rep.Baseline.Oracle) != 4 || rep.Baseline.Oracle[3].Passed || !reflect.DeepEqual(rep.Baseline.Oracle[3].TestFiles, []string{b}) {
		t.Errorf("baseline records %+v, want the pair and both files, %s failing", rep.Baseline.Oracle, b)
	}
	for _, fr := range rep.Baseline.Reach.Files {
		if len(fr.RanBy) != 0 {
			t.Errorf("ran_by %+v, want none", fr.RanBy)
		}
	}
	if !strings.Contains(rep.Run.RunnerNote, "no per-test-file reach: "+b+" does not pass on its own") {
		t.Errorf("runner note %q", rep.Run.RunnerNote)
	}
}
