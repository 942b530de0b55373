package adjudicate

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
	"github.com/pelletier/go-toml/v2"
)

// TestExhaustiveRunsSameVerdicts runs every calibration case and cmd/bond's certify fixtures with
// the default engine (known outcomes skipped, per-test-file reach, bail, coverage only for
// accepted mutants, lazy gates) and with --exhaustive-runs (the engine that pays for every run),
// and requires the same verdict under every regime, mutant by mutant, and the same bond.
func TestExhaustiveRunsSameVerdicts(t *testing.T) {
	t.Parallel()
	needNode(t)
	cases, _ := filepath.Glob("../testdata/calibration/*/expect.toml")
	var dirs []string
	for _, c := range cases {
		dirs = append(dirs, filepath.Dir(c))
	}
	certify, _ := filepath.Glob("../testdata/certify/*/patch.diff")
	for _, c := range certify {
		dirs = append(dirs, filepath.Dir(c))
	}
	if len(dirs) < 10 {
		t.Fatalf("found only %d fixtures: %v", len(dirs), dirs)
	}
	for _, dir := range dirs {
		modes := []string{AdjudicateFirst}
		if strings.Contains(dir, "certify") {
			modes = append(modes, AdjudicateAll)
		}
		for _, mode := range modes {
			t.Run(filepath.Base(dir)+"/"+mode, func(t *testing.T) {
				t.Parallel()
				var want calExpect
				if b, err := os.ReadFile(filepath.Join(dir, "expect.toml")); err == nil {
					if err := toml.Unmarshal(b, &want); err != nil {
						t.Fatal(err)
					}
				}
				if want.Exit != 0 {
					t.Skip("a setup error: no verdicts to compare")
				}
				var reps [2]*report.Report
				for k, exhaustive := range []bool{false, true} {
					root := copyTree(t, filepath.Join(dir, "tree"))
					diff, _ := filepath.Abs(filepath.Join(dir, "patch.diff"))
					o := Options{Plan: plan.Options{Repo: root, DiffPath: diff}, Jobs: 2, Timeout: 2 * time.Minute, Adjudicate: mode, ExhaustiveRuns: exhaustive}
					cfg, err := config.Load(root)
					if err != nil {
						t.Fatal(err)
					}
					applyCalibrationConfig(t, cfg, &o)
					ctx := calibrationContext(context.Background(), want.Mode)
					if reps[k], err = Certify(ctx, o); err != nil {
						t.Fatalf("exhaustive %v: %v", exhaustive, err)
					}
				}
				lazy, full := reps[0], reps[1]
				if len(lazy.Mutants) != len(full.Mutants) {
					t.Fatalf("%d mutants, exhaustive %d", len(lazy.Mutants), len(full.Mutants))
				}
				for i, m := range lazy.Mutants {
					f := full.Mutants[i]
					for _, r := range report.Regimes {
						if m.ByRegime[r] != f.ByRegime[r] {
							t.Errorf("%s:%d %s under %s: %s (status %s, witness %s), exhaustive %s (status %s, witness %s)",
								m.Path, m.Line, m.Operator, r, m.ByRegime[r], m.Status, m.Witness.Kind, f.ByRegime[r], f.Status, f.Witness.Kind)
						}
					}
				}
				for _, r := range report.Regimes {
					if lazy.Bond.ByRegime[r] != full.Bond.ByRegime[r] {
						t.Errorf("bond under %s: %s, exhaustive %s", r, lazy.Bond.ByRegime[r], full.Bond.ByRegime[r])
					}
				}
				if !full.Run.ExhaustiveRuns || lazy.Run.ExhaustiveRuns {
					t.Errorf("run.exhaustive_runs: %v and %v", lazy.Run.ExhaustiveRuns, full.Run.ExhaustiveRuns)
				}
			})
		}
	}
}
