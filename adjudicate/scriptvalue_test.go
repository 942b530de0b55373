package adjudicate

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

// TestValueWitnessNodeScript certifies testdata/witness/value-script-cjs and value-script-esm,
// whose node:test tests run as a plain script (`node test/tally.js`, no --test; the ES-module one
// under --conditions development, importing the package by its own name as micromark's suites
// do): bond must take the script for node --test's one test file and trace it, so the ignored
// return value (how many words were new, negated by the mutant) gets witness value with its call
// and the equivalent `?? 0` → `|| 0` (a count is never 0) witness none with its call counts, never
// value. Before, such a command was "not available under runner command". The same command on a
// file that does not import node:test stays not available, named.
func TestValueWitnessNodeScript(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	// The ES-module fixture's tally.js lacks the CommonJS one's 'use strict' and blank line; each
	// test file makes 3 calls (2 of tally, 1 of shout).
	esm := map[string]valueWant{
		"src/tally.js:7": {"swap-logical", report.WitnessNone, 3, 0},
		"src/tally.js:9": {"swap-arithmetic-operands", report.WitnessValue, 3, 1},
	}
	cjs := map[string]valueWant{
		"src/tally.js:8":  {"swap-logical", report.WitnessNone, 3, 0},
		"src/tally.js:10": {"swap-arithmetic-operands", report.WitnessValue, 3, 1},
	}
	for _, tt := range []struct {
		name, fixture, cmd, callee string
		notTest                    bool
	}{
		{name: "CommonJS", fixture: "value-script-cjs", cmd: "node test/tally.js", callee: "src/index.js#tally"},
		{name: "ES modules under a condition", fixture: "value-script-esm", cmd: "node --conditions development test/tally.js", callee: "src/index.js#tally"},
		{name: "a script that does not import node:test", fixture: "value-script-cjs", cmd: "node test/tally.js", notTest: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			wants := cjs
			if tt.fixture == "value-script-esm" {
				wants = esm
			}
			root := copyTree(t, "../testdata/witness/"+tt.fixture+"/tree")
			note := "recorded by a hook preloaded into the Node process of test/tally.js, a file that imports node:test"
			if tt.notTest {
				// The same tests through a runner of the file's own: node:test is not imported
				// by the file the command names, so it is no node:test suite to bond.
				p := filepath.Join(root, "test", "tally.js")
				b, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, "test", "run.js"), b, 0o644); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("'use strict';\nrequire('./run.js');\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				for _, args := range [][]string{{"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "edit"}} {
					cmd := exec.Command("git", args...)
					cmd.Dir = root
					if out, err := cmd.CombinedOutput(); err != nil {
						t.Fatalf("git %v: %v\n%s", args, err, out)
					}
				}
				note = "not available under runner command: the oracle command runs no test runner bond recognises"
			}
			got := certifyWitnessFixture(t, root, tt.fixture, Options{Runner: RunnerNode, OracleCmd: tt.cmd, skipSuggest: true}, note, len(wants))
			for at, m := range got {
				w, ok := wants[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				if tt.notTest {
					checkValueWitness(t, at, m, valueWant{w.op, report.WitnessNone, 0, 0}, "not available under runner command")
					continue
				}
				d := checkValueWitness(t, at, m, w, "")
				if d != nil && (d.Callee != tt.callee || d.File != "test/tally.js" || d.Path != "return" || d.BaselineOutcome != "4" || d.MutantOutcome != "-4") {
					t.Errorf("%s: value %+v", at, d)
				}
			}
		})
	}
}
