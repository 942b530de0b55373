package adjudicate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// TestCompileWitnessFromATypeCheckingGate (issue 28 item 5): the gate `npm test` type-checks
// (tsc --noEmit) before it runs the suite. A TS-only guard removal, which the oracle accepts and
// no test notices, fails the gate in tsc before any test runs: witness compile, with tsc's
// diagnostic. A type-correct mutant the oracle accepts and a suite test fails keeps suite.
func TestCompileWitnessFromATypeCheckingGate(t *testing.T) {
	t.Parallel()
	needNode(t)
	needGit(t)
	src, err := filepath.Abs("../testdata/witness/tsc-gate")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"node_modules/.bin/tsc", "node_modules/tsx/package.json"} {
		if _, err := os.Stat(filepath.Join(src, p)); err != nil {
			t.Fatalf("the tsc-gate fixture is not installed (%v): run npm ci in testdata/witness/tsc-gate", err)
		}
	}
	root := t.TempDir()
	if out, err := exec.Command("sh", "-c", `cd "$1" && tar cf - --exclude=./node_modules . | (cd "$2" && tar xf -)`, "sh", src, root).CombinedOutput(); err != nil {
		t.Fatalf("copying %s: %v\n%s", src, err, out)
	}
	if err := os.Symlink(filepath.Join(src, "node_modules"), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	muts := []plan.Mutant{
		mutantAt(t, root, "src/name.ts", 7, "delete-statement", "if (name === undefined) throw new TypeError('initials: a name is required');", ""),
		mutantAt(t, root, "src/name.ts", 16, "invert-comparison", ">", "<="),
	}
	rep := certifyFiles(t, root, Options{Oracle: []string{"oracle/name.test.ts"}, Runner: RunnerEmbedded,
		Gates: []report.GateSpec{{Name: "check", Cmd: "npm test"}}, Adjudicate: AdjudicateAll, Jobs: 1}, muts)
	if g := rep.Baseline.Gates; len(g) != 1 || !g[0].Passed {
		t.Fatalf("gate on the unmutated tree: %+v, want it green", g)
	}
	guard, clamp := rep.Mutants[0], rep.Mutants[1]
	if guard.Status != report.StatusAccepted || guard.Witness.Kind != report.WitnessCompile || guard.Witness.Gate != "check" || guard.Verdict != report.VerdictVacuous || guard.ByRegime[report.RegimeWitnessRequired] != report.VerdictVacuous {
		t.Errorf("guard removal: status %s witness %+v verdict %s (required %s), want accepted, compile by gate check, vacuous under both",
			guard.Status, guard.Witness, guard.Verdict, guard.ByRegime[report.RegimeWitnessRequired])
	}
	if !strings.Contains(guard.Witness.Detail, "error TS18048: 'name' is possibly 'undefined'") || guard.Witness.GateFailedTest != "" {
		t.Errorf("compile witness detail %q (failed test %q), want tsc's TS18048 and no failed test", guard.Witness.Detail, guard.Witness.GateFailedTest)
	}
	if clamp.Status != report.StatusAccepted || clamp.Witness.Kind != report.WitnessSuite || !strings.HasSuffix(clamp.Witness.GateFailedTest, "clamp above the limit") || clamp.Witness.Detail != "" {
		t.Errorf("clamp mutant: status %s witness %+v, want accepted, suite with the failing test named", clamp.Status, clamp.Witness)
	}
}
