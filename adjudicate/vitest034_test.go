package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
)

// TestValueWitnessVitest034 certifies testdata/witness/value-vitest034 (vitest 0.34, TypeScript,
// no config of the project's, two test files in vitest's worker threads) with vitest as the
// oracle command, directly, through npm test, naming its test files, and with both files in one
// process (--threads=false). vitest 0.34 sets expect's testPath only once a test starts (so it is
// empty, or the previous file's, when a setup file runs) and calls a vi.doMock factory without
// importOriginal: bond's setup file must still find the test file it runs before and load the
// real module, so the ignored return value (how many words were new, negated by the mutant)
// gets witness value with its call and test, and the equivalent `?? 0` → `|| 0` (a count is
// never 0) witness none with its call counts, never value. Before the fix every run said "the
// test file … left no value trace" (unjs/ufo#170).
func TestValueWitnessVitest034(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	wants := map[string]valueWant{
		"src/tally.ts:7": {"swap-logical", report.WitnessNone, 4, 0},
		"src/tally.ts:9": {"swap-arithmetic-operands", report.WitnessValue, 4, 1},
	}
	// --threads=false: vitest 0.34's child_process pool runs both files in one process, where
	// expect's testPath still names the previous file when the next file's setup runs.
	// With neighbours asked (worker threads, isolated: one worker per file) the neighbour calls
	// are made through vite-node's import object, with no receiver as native ES modules call an
	// imported binding, and change no witness.
	for _, tt := range []struct {
		cmd        string
		neighbours bool
	}{{cmd: "npx vitest run"}, {cmd: "npm test"}, {cmd: "npx vitest run test/tally.test.ts test/initials.test.ts"}, {cmd: "npx vitest run --threads=false"}, {cmd: "npx vitest run", neighbours: true}} {
		cmd := tt.cmd
		if tt.neighbours {
			cmd += ", neighbours asked"
		}
		t.Run(cmd, func(t *testing.T) {
			t.Parallel()
			root := linkedTreeFrom(t, "../testdata/witness/value-vitest034/tree", "../testdata/witness/value-vitest034/tree", "node_modules/.bin/vitest")
			note := "recorded by bond's setup file, which vitest runs first"
			if tt.neighbours {
				note = "neighbour calls in the first"
			}
			got := certifyWitnessFixture(t, root, "value-vitest034", Options{Runner: RunnerNode, OracleCmd: tt.cmd, ValueNeighbours: tt.neighbours, skipSuggest: true}, note, len(wants))
			for at, m := range got {
				w, ok := wants[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				// Named files may narrow a mutant's coverage run to the test file that reaches
				// its line (per-test-file reach): tally.test.ts alone, whose 2 calls are then
				// compared (initials.test.ts makes the other 2).
				if n := len(m.Runs); n > 0 && len(m.Runs[n-1].TestFiles) == 1 && m.Runs[n-1].TestFiles[0] == "test/tally.test.ts" {
					w.calls = 2
				}
				if v := m.Witness.Values; tt.neighbours && v != nil {
					if v.Neighbours == 0 {
						t.Errorf("%s: values %+v, want neighbour calls", at, v)
					}
					w.calls += v.Neighbours
					if w.differ > 0 {
						w.differ = max(v.Differ, 1)
					}
				}
				d := checkValueWitness(t, at, m, w, "")
				if d != nil && (d.Callee != "src/index.ts#tally" || d.File != "test/tally.test.ts" || d.Test != "test/tally.test.ts > tally > counts repeated words" ||
					d.Path != "return" || d.BaselineOutcome != "4" || d.MutantOutcome != "-4") {
					t.Errorf("%s: value %+v", at, d)
				}
			}
		})
	}
}

// TestVitestVersionWhy: a vitest before 0.34 installed at the root is refused by name, with its
// version; 0.34 and later, and a root without vitest's package.json, are not.
func TestVitestVersionWhy(t *testing.T) {
	for v, refused := range map[string]bool{"0.33.0": true, "0.9.12": true, "0.34.6": false, "1.6.0": false, "3.2.4": false, "": false} {
		root := t.TempDir()
		if v != "" {
			dir := filepath.Join(root, "node_modules", "vitest")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name":"vitest","version":"`+v+`"}`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		why := oracle.ReadVitestPlan(root).Why
		if refused != (why != "") || refused && !strings.Contains(why, "its vitest is "+v+", older than 0.34") {
			t.Errorf("vitest %q: why %q", v, why)
		}
	}
}
