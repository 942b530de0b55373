package adjudicate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// mutantAt builds a mutant of line n of path in root, replacing from with to.
func mutantAt(t *testing.T, root, path string, n int, op, from, to string) plan.Mutant {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	orig := lines[n-1]
	if !strings.Contains(orig, from) {
		t.Fatalf("%s:%d %q has no %q", path, n, orig, from)
	}
	mut := strings.Replace(orig, from, to, 1)
	return plan.Mutant{ID: plan.MutantID(path, op, orig, mut, 0), Path: path, Line: n, Column: strings.Index(orig, from) + 1,
		Operator: op, Original: orig, Mutated: mut, Change: plan.Change{From: from, To: to}, Parse: plan.ParseOK}
}

func needNode(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the test would prove nothing skipped")
	}
}

const addJS = `function add(a, b) {
  if (a > b) {
    return a + b;
  }
  return b + a;
}
function unused(x) {
  return x * 2;
}
module.exports = { add, unused };
`

const addTest = `const test = require('node:test');
const assert = require('node:assert');
const { add } = require('../src/add.js');
test('adds', () => { assert.strictEqual(add(2, 1), 3); });
`

// TestAdjudicateFirstAndAll: under first, once a mutant is vacuous with a witness the later
// accepted mutants are not adjudicated; under all every detector is asked, within the suite cap.
func TestAdjudicateFirstAndAll(t *testing.T) {
	needNode(t)
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	muts := []plan.Mutant{
		// add(2, 1) takes the other branch: coverage sees it.
		mutantAt(t, root, "src/add.js", 2, "invert-comparison", ">", "<="),
		// Equivalent mutants the oracle accepts on lines it runs: nothing can witness them.
		mutantAt(t, root, "src/add.js", 3, "swap-arithmetic-operands", "a + b", "b + a"),
		mutantAt(t, root, "src/add.js", 10, "swap-call-arguments", "{ add, unused }", "{ unused, add }"),
		// Killed.
		mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined"),
	}
	gates := []report.GateSpec{{Name: "unit", Cmd: "node --test test/"}}
	for _, tc := range []struct {
		mode     string
		witness  []report.WitnessKind
		verdicts []report.Verdict // under witness-recorded: accepted and ran is vacuous whatever the witness
		required []report.Verdict // under witness-required: vacuous only with a coverage or suite witness
	}{
		{AdjudicateFirst, []report.WitnessKind{report.WitnessCoverage, report.WitnessNotAdjudicated, report.WitnessNotAdjudicated, report.WitnessNotAdjudicated},
			[]report.Verdict{report.VerdictVacuous, report.VerdictVacuous, report.VerdictVacuous, report.VerdictHeld}, []report.Verdict{report.VerdictVacuous, report.VerdictUnshown, report.VerdictUnshown, report.VerdictHeld}},
		{AdjudicateAll, []report.WitnessKind{report.WitnessCoverage, report.WitnessNone, report.WitnessNotAdjudicated, report.WitnessNotAdjudicated},
			[]report.Verdict{report.VerdictVacuous, report.VerdictVacuous, report.VerdictVacuous, report.VerdictHeld}, []report.Verdict{report.VerdictVacuous, report.VerdictUnshown, report.VerdictUnshown, report.VerdictHeld}},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			rep, err := certifyFixture(t, context.Background(), root, Options{Adjudicate: tc.mode, Gates: gates, SuiteCap: new(1), Jobs: 2}, muts)
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range rep.Mutants {
				if m.Witness.Kind != tc.witness[i] || m.Verdict != tc.verdicts[i] || m.ByRegime[report.RegimeWitnessRequired] != tc.required[i] {
					t.Errorf("mutant %d (%s:%d %s): status %s witness %s verdict %s (required %s), want witness %s verdict %s (required %s)", i, m.Path, m.Line, m.Operator, m.Status, m.Witness.Kind, m.Verdict, m.ByRegime[report.RegimeWitnessRequired], tc.witness[i], tc.verdicts[i], tc.required[i])
				}
			}
			if rep.Mutants[3].Status != report.StatusKilled || rep.Mutants[3].KilledBy != "test/add.test.js › adds" {
				t.Errorf("killed mutant: %s by %q", rep.Mutants[3].Status, rep.Mutants[3].KilledBy)
			}
			// A killed mutant never pays for coverage; the accepted one read by the coverage
			// detector runs once without it, then once with it.
			if r := rep.Mutants[3].Runs; len(r) != 1 || r[0].Coverage || r[0].Status != report.StatusKilled {
				t.Errorf("killed mutant runs %+v, want one run without coverage", r)
			}
			if r := rep.Mutants[0].Runs; len(r) != 2 || r[0].Coverage || !r[1].Coverage || r[1].Status != report.StatusAccepted {
				t.Errorf("accepted mutant runs %+v, want one without coverage then one with", r)
			}
			if w := rep.Mutants[0].Witness.Lines; len(w) == 0 || w[0] != (report.LineDiff{Path: "src/add.js", Line: 3, In: "baseline"}) {
				t.Errorf("coverage witness lines %+v", w)
			}
			if r := rep.Baseline.Reach; r.Files[0].Coverage != "v8" || r.Ran == 0 {
				t.Errorf("reach %+v", r)
			}
			// The killed mutant already showed the oracle loads src/add.js: no canary run.
			if want := (report.Canary{Path: "src/add.js", Result: report.CanaryNotRun, Reason: report.CanaryNotNeeded, LoadedBy: muts[3].ID}); len(rep.SelfCheck) != 1 || rep.SelfCheck[0] != want {
				t.Errorf("self_check %+v, want %+v", rep.SelfCheck, want)
			}
			// Under first the coverage witness decides the bond: no mutant needs the suite, so the
			// gate never runs. Under all the second mutant needs it.
			wantRan := tc.mode == AdjudicateAll
			if g := rep.Baseline.Gates; len(g) != 1 || g[0].Ran != wantRan || g[0].Passed != wantRan || (!wantRan && g[0].Reason != ReasonGateNotNeeded) {
				t.Errorf("gates %+v, want ran %v", g, wantRan)
			}
		})
	}
}

// Mutant runs of an oracle command whose runner can bail get its flag; the baseline and the old
// engine (--exhaustive-runs) never do.
func TestMutantRunsBail(t *testing.T) {
	needNode(t)
	// A stand-in for mocha: it prints its arguments, then runs the tests with node --test.
	// It prints only whether it got --bail: bond drops output lines that name its own result
	// file, which a full argv line would.
	fake := `console.log('bail: ' + (process.argv.includes('--bail') ? 'yes' : 'no'));
const r = require('child_process').spawnSync(process.execPath, ['--test', 'test/add.test.js'], { stdio: 'inherit' });
process.exit(r.status);
`
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest, "bin/mocha.js": fake})
	muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")}
	for _, exhaustive := range []bool{false, true} {
		rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: "node bin/mocha.js", Jobs: 2, ExhaustiveRuns: exhaustive}, muts)
		if err != nil {
			t.Fatal(err)
		}
		m := rep.Mutants[0]
		if m.Status != report.StatusKilled || len(m.Runs) != 1 {
			t.Fatalf("exhaustive %v: status %s runs %+v", exhaustive, m.Status, m.Runs)
		}
		bailed := strings.Contains(m.OutputTail, "bail: yes")
		if bailed == exhaustive || m.Runs[0].Bail == exhaustive {
			t.Errorf("exhaustive %v: bail flag passed %v, recorded %v\n%s", exhaustive, bailed, m.Runs[0].Bail, m.OutputTail)
		}
		if strings.Contains(rep.Baseline.Oracle[0].OutputTail, "bail: yes") {
			t.Errorf("the baseline ran with --bail:\n%s", rep.Baseline.Oracle[0].OutputTail)
		}
	}
}

// With several oracle test files the baseline runs each on its own, the report keeps per added
// line the files that ran it, and a mutant runs only those files; --exhaustive-runs runs them all.
func TestPerTestFileReach(t *testing.T) {
	needNode(t)
	unusedTest := `const test = require('node:test');
const assert = require('node:assert');
const { unused } = require('../src/add.js');
test('doubles', () => { assert.strictEqual(unused(2), 4); });
`
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest, "test/unused.test.js": unusedTest})
	muts := []plan.Mutant{
		mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined"),
		mutantAt(t, root, "src/add.js", 8, "return-sentinel", "x * 2", "undefined"),
	}
	oracle := []string{"test/add.test.js", "test/unused.test.js"}
	for _, exhaustive := range []bool{false, true} {
		rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: oracle, Runner: RunnerNode, Jobs: 2, ExhaustiveRuns: exhaustive}, muts)
		if err != nil {
			t.Fatal(err)
		}
		want := [][]string{{"test/add.test.js"}, {"test/unused.test.js"}}
		wantRecords := 4
		if exhaustive {
			want, wantRecords = [][]string{oracle, oracle}, 2
		}
		for i, m := range rep.Mutants {
			if m.Status != report.StatusKilled || len(m.Runs) != 1 || strings.Join(m.Runs[0].TestFiles, " ") != strings.Join(want[i], " ") {
				t.Errorf("exhaustive %v: mutant %s:%d status %s runs %+v, want killed running %v", exhaustive, m.Path, m.Line, m.Status, m.Runs, want[i])
			}
		}
		if got := len(rep.Baseline.Oracle); got != wantRecords {
			t.Errorf("exhaustive %v: %d baseline records, want %d", exhaustive, got, wantRecords)
		}
		ranBy := map[int]string{}
		for _, lt := range rep.Baseline.Reach.Files[0].RanBy {
			ranBy[lt.Line] = strings.Join(lt.TestFiles, " ")
		}
		if !exhaustive && (ranBy[3] != "test/add.test.js" || ranBy[8] != "test/unused.test.js" || ranBy[2] != "test/add.test.js") {
			t.Errorf("ran_by %v", ranBy)
		}
		if exhaustive && len(ranBy) != 0 {
			t.Errorf("exhaustive: ran_by %v, want none", ranBy)
		}
	}
}

// The embedded runner's coverage is free: an accepted mutant's one run keeps its hit map, and
// no second run is made for the coverage detector.
func TestEmbeddedCoverageNeedsNoSecondRun(t *testing.T) {
	root := testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest})
	muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 2, "invert-comparison", "a > b", "a >= b")}
	rep, err := certifyFixture(t, context.Background(), root, Options{Oracle: []string{"test/add.test.js"}, Runner: RunnerEmbedded, Jobs: 2}, muts)
	if err != nil {
		t.Fatal(err)
	}
	m := rep.Mutants[0]
	if m.Status != report.StatusAccepted || len(m.Runs) != 1 || !m.Runs[0].Coverage || m.Witness.Kind != report.WitnessNone {
		t.Errorf("status %s witness %s runs %+v, want accepted, witness none, one run with coverage", m.Status, m.Witness.Kind, m.Runs)
	}
}
