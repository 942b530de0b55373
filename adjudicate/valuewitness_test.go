package adjudicate

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/bond-tool/bond/plan"
)

// TestValueWitnessFixture certifies testdata/witness/value under the embedded runner with
// operator set 2 (issue 28): a return value the test receives and ignores is witness value with
// the call; an equivalent mutant (?? → || where validation keeps the value a finite number) and a
// private helper whose internal value changes while no export's result does are witness none,
// with the count of calls compared, never value.
func TestValueWitnessFixture(t *testing.T) {
	needGit(t)
	root := copyTree(t, "../testdata/witness/value/tree")
	diff, _ := filepath.Abs("../testdata/witness/value/patch.diff")
	rep, err := Certify(t.Context(), Options{Plan: plan.Options{Repo: root, DiffPath: diff, OperatorSet: 2}, Oracle: []string{"test/oracle.test.js"},
		Runner: RunnerEmbedded, Adjudicate: AdjudicateAll, Jobs: 1, Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		op     string
		kind   WitnessKind
		calls  int
		differ int
		path   string
	}{
		"src/list.js:7":  {"ternary-false", WitnessValue, 6, 1, "return"},
		"src/scale.js:6": {"swap-logical", WitnessNone, 6, 0, ""},
		"src/tally.js:4": {"swap-logical", WitnessNone, 6, 0, ""},
	}
	if len(rep.Mutants) != len(want) {
		t.Fatalf("got %d mutants, want %d", len(rep.Mutants), len(want))
	}
	for _, m := range rep.Mutants {
		at := fmt.Sprintf("%s:%d", m.Path, m.Line)
		w, ok := want[at]
		if !ok {
			t.Errorf("unexpected mutant at %s", at)
			continue
		}
		if m.Operator != w.op || m.Status != StatusAccepted || m.Witness.Kind != w.kind {
			t.Errorf("%s: %s %s witness %s, want %s accepted witness %s", at, m.Operator, m.Status, m.Witness.Kind, w.op, w.kind)
		}
		if v := m.Witness.Values; v == nil || v.Unavailable != "" || v.Calls != w.calls || v.Differ != w.differ {
			t.Errorf("%s: values %+v, want %d of %d calls differ", at, v, w.differ, w.calls)
		}
		if w.kind == WitnessValue {
			d := m.Witness.Value
			if d == nil || d.Callee != "src/index.js#removeWhere" || d.Test != "removeWhere removes in place" || d.Path != w.path || d.BaselineOutcome != "[2, 4]" || d.MutantOutcome != "[]" {
				t.Errorf("%s: value %+v", at, d)
			}
			if m.ByRegime[RegimeWitnessRequired] != VerdictVacuous {
				t.Errorf("%s: witness-required %s, want vacuous", at, m.ByRegime[RegimeWitnessRequired])
			}
		} else if m.ByRegime[RegimeWitnessRequired] != VerdictUnshown {
			t.Errorf("%s: witness-required %s, want unshown", at, m.ByRegime[RegimeWitnessRequired])
		}
	}
	if rep.Run.ValueDetector == "" {
		t.Error("the run does not say whether the value detector looked")
	}
}
