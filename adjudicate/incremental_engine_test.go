package adjudicate

// The engine-level test of --incremental: real certify runs on the fixtures, twice.

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/plan"
)

// TestIncrementalSameVerdicts certifies fixtures twice with one incremental file: the second run
// reuses every outcome the first recorded as cacheable (a suite witness, a coverage witness,
// kills, skips; not one a survived canary decided), carries its facts verbatim, and derives the same verdicts and bond; a third run
// after a test file changed reuses nothing and says the tree changed.
func TestIncrementalSameVerdicts(t *testing.T) {
	needNode(t)
	dirs := []string{"../testdata/certify/basic"}
	for _, c := range []string{"vacuous-suite", "vacuous-coverage", "must-kill", "unshown-not-ran", "unshown-canary"} {
		dirs = append(dirs, filepath.Join("../testdata/calibration", c))
	}
	for _, dir := range dirs {
		for _, mode := range []string{AdjudicateAll, AdjudicateFirst} {
			t.Run(filepath.Base(dir)+"/"+mode, func(t *testing.T) { incrementalTwice(t, dir, mode) })
		}
	}
}

// incrementalTwice certifies one fixture twice under mode, then once more after a test changed.
func incrementalTwice(t *testing.T, dir, mode string) {
	root := copyTree(t, filepath.Join(dir, "tree"))
	diff, _ := filepath.Abs(filepath.Join(dir, "patch.diff"))
	inc := filepath.Join(t.TempDir(), "cache", "incremental.json")
	o := Options{Plan: plan.Options{Repo: root, DiffPath: diff}, Jobs: 2, Timeout: 2 * time.Minute, Adjudicate: mode, Incremental: inc}
	cfg, err := config.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	applyCalibrationConfig(t, cfg, &o)
	var reps [2]*report.Report
	for k := range reps {
		if reps[k], err = Certify(context.Background(), o); err != nil {
			t.Fatalf("run %d: %v", k+1, err)
		}
	}
	first, second := reps[0], reps[1]
	want := 0
	for i, m := range first.Mutants {
		if m.Cached {
			t.Fatalf("first run: %s cached", m.ID)
		}
		c := second.Mutants[i]
		if cacheable(m) {
			want++
			if !c.Cached {
				t.Errorf("%s (%s, witness %s) ran again; want it reused", m.ID, m.Status, m.Witness.Kind)
			}
			if c.Status != m.Status || c.Reason != m.Reason || c.Ran != m.Ran || c.Witness.Kind != m.Witness.Kind ||
				c.Witness.Gate != m.Witness.Gate || c.OutputTail != m.OutputTail || len(c.Runs) != len(m.Runs) {
				t.Errorf("%s: reused facts differ from the recorded ones:\n%+v\n%+v", m.ID, m, c)
			}
		}
		for _, r := range report.Regimes {
			if c.ByRegime[r] != m.ByRegime[r] {
				t.Errorf("%s under %s: %s, then %s", m.ID, r, m.ByRegime[r], c.ByRegime[r])
			}
		}
	}
	canaryDecided := 0
	for i, m := range first.Mutants {
		if m.Reason == report.ReasonCanarySurvived {
			canaryDecided++
			// The canaries run after the mutants every time: an outcome a survived canary
			// decided is never kept, so it runs again.
			if second.Mutants[i].Cached {
				t.Errorf("%s (canary-survived) reused; want it run again", m.ID)
			}
		}
	}
	if want == 0 && canaryDecided < len(first.Mutants) {
		t.Fatal("no mutant was cacheable: the case shows nothing")
	}
	switch {
	case mode == AdjudicateAll && (second.Incremental.Reused != want || second.Incremental.Ran != len(first.Mutants)-want):
		t.Errorf("reused %d, ran %d; want %d and %d", second.Incremental.Reused, second.Incremental.Ran, want, len(first.Mutants)-want)
	case mode == AdjudicateFirst && filepath.Base(dir) == "basic" && second.Incremental.Ran != 0:
		// A mutant --adjudicate first left unadjudicated after the bond was decided is
		// reused with the mutant that decided it.
		t.Errorf("reused %d, ran %d; want every mutant reused", second.Incremental.Reused, second.Incremental.Ran)
	}
	for _, r := range report.Regimes {
		if first.Bond.ByRegime[r] != second.Bond.ByRegime[r] {
			t.Errorf("bond under %s: %s, then %s", r, first.Bond.ByRegime[r], second.Bond.ByRegime[r])
		}
	}

	tests, _ := filepath.Glob(filepath.Join(root, "test", "*.js"))
	if len(tests) == 0 {
		t.Fatal("no test file to change")
	}
	f, _ := os.OpenFile(tests[0], os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\n// changed\n")
	f.Close()
	third, err := Certify(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(root, tests[0])
	if third.Incremental.Reused != 0 || !strings.Contains(third.Incremental.Note, filepath.ToSlash(rel)+" changed") {
		t.Errorf("after changing %s: reused %d, note %q", rel, third.Incremental.Reused, third.Incremental.Note)
	}
}
