package adjudicate

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
	"github.com/pelletier/go-toml/v2"
)

// calExpect is a calibration case's expect.toml, written by hand before the case first ran.
type calExpect struct {
	Description string `toml:"description"`
	// Mode "skip-place" is the negative control's broken sandbox.
	Mode  string `toml:"mode"`
	Exit  int    `toml:"exit"`
	Error string `toml:"error"`
	Bond  struct {
		WitnessRecorded string            `toml:"witness-recorded"`
		WitnessRequired string            `toml:"witness-required"`
		ReportOnly      string            `toml:"report-only"`
		Canary          map[string]string `toml:"canary"`
		// Reason is a phrase the bond's reason must contain.
		Reason string `toml:"reason"`
	} `toml:"bond"`
	Mutant []struct {
		At       string `toml:"at"`
		Operator string `toml:"operator"`
		Status   string `toml:"status"`
		Ran      *bool  `toml:"ran"`
		Reason   string `toml:"reason"`
		Witness  string `toml:"witness"`
		Line     string `toml:"witness_line"`
		Gate     string `toml:"witness_gate"`
		Verdict  string `toml:"verdict"`
		// VerdictRequired is the verdict under witness-required when it differs.
		VerdictRequired string `toml:"verdict_witness_required"`
	} `toml:"mutant"`
	Discarded []struct {
		At       string `toml:"at"`
		Operator string `toml:"operator"`
		Reason   string `toml:"reason"`
	} `toml:"discarded"`
	// Value states what the value detector (issue 28) changes under the runners that have it —
	// the embedded runner and, for CommonJS tests, the node runner's require hook, the two
	// TestCalibration and TestCalibrationEmbedded use: a value change the tests receive on a path
	// that runs either way is witness value there. The case's own fields are what a runner
	// without the detector gives. Only the fields named change.
	Value struct {
		WitnessRequired string `toml:"witness-required"`
		Mutant          []struct {
			At              string `toml:"at"`
			Witness         string `toml:"witness"`
			Gate            string `toml:"witness_gate"`
			VerdictRequired string `toml:"verdict_witness_required"`
		} `toml:"mutant"`
	} `toml:"value"`
}

// forValueDetector applies the case's [value] expectations.
func (w *calExpect) forValueDetector() {
	if w.Value.WitnessRequired != "" {
		w.Bond.WitnessRequired = w.Value.WitnessRequired
	}
	for _, e := range w.Value.Mutant {
		for i := range w.Mutant {
			if w.Mutant[i].At != e.At {
				continue
			}
			if e.Witness != "" {
				w.Mutant[i].Witness, w.Mutant[i].Gate = e.Witness, e.Gate
			}
			if e.VerdictRequired != "" {
				w.Mutant[i].VerdictRequired = e.VerdictRequired
			}
		}
	}
}

// copyTree copies a fixture tree into a fresh git checkout, so sandboxes list it with git.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	if out, err := exec.Command("cp", "-r", src+"/.", dst).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dst
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return dst
}

// TestCalibration runs every case of testdata/calibration and compares the report with the
// case's expect.toml (SPEC §7). It runs in CI; node is required there.
func TestCalibration(t *testing.T) {
	t.Parallel()
	needNode(t)
	runCalibration(t, "")
}

// TestCalibrationEmbedded runs the cases whose oracle is a list of test files again with the
// embedded runner: the same expected verdicts must come out of a different runner and coverage
// source. The negative control is left out: its broken mode is a sandbox mode, and the embedded
// runner hands the mutated file over in memory.
func TestCalibrationEmbedded(t *testing.T) {
	t.Parallel()
	runCalibration(t, RunnerEmbedded)
}

func runCalibration(t *testing.T, runner string) {
	dirs, err := filepath.Glob("../testdata/calibration/*/expect.toml")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no calibration cases found: %v", err)
	}
	for _, exp := range dirs {
		dir := filepath.Dir(exp)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(exp)
			if err != nil {
				t.Fatal(err)
			}
			var want calExpect
			if err := toml.NewDecoder(strings.NewReader(string(b))).DisallowUnknownFields().Decode(&want); err != nil {
				t.Fatalf("%s: %v", exp, err)
			}
			root := copyTree(t, filepath.Join(dir, "tree"))
			diff, _ := filepath.Abs(filepath.Join(dir, "patch.diff"))
			// A generous time limit: the default (twice the baseline plus 5 s) turns a run slowed by
			// a loaded CI machine into a timeout, which would be a held the case did not ask for.
			o := Options{Plan: plan.Options{Repo: root, DiffPath: diff}, Jobs: 2, Timeout: 2 * time.Minute}
			cfg, err := config.Load(root)
			if err != nil {
				t.Fatal(err)
			}
			applyCalibrationConfig(t, cfg, &o)
			if runner != "" {
				if len(o.Oracle) == 0 || want.Mode != "" {
					t.Skip("not a file-list oracle case")
				}
				o.Runner = runner
			}
			// Both runners the calibration uses record the value trace of these CommonJS
			// node:test cases (the node runner through its require hook).
			want.forValueDetector()
			ctx := calibrationContext(context.Background(), want.Mode)
			rep, err := Certify(ctx, o)
			if want.Exit == 2 {
				if err == nil || !input.Is(err) {
					t.Fatalf("want an input error (exit 2) containing %q, got %v", want.Error, err)
				}
				if !strings.Contains(err.Error(), want.Error) {
					t.Fatalf("error %q does not contain %q", err, want.Error)
				}
				return
			}
			if err != nil {
				t.Fatalf("certify: %v", err)
			}
			checkCalibration(t, &want, rep)
		})
	}
}

func checkCalibration(t *testing.T, want *calExpect, rep *report.Report) {
	t.Helper()
	got := func(r report.Regime) string { return string(rep.Bond.ByRegime[r]) }
	for r, w := range map[report.Regime]string{report.RegimeWitnessRecorded: want.Bond.WitnessRecorded, report.RegimeWitnessRequired: want.Bond.WitnessRequired, report.RegimeReportOnly: want.Bond.ReportOnly} {
		if got(r) != w {
			t.Errorf("bond under %s: got %s, want %s", r, got(r), w)
		}
	}
	if !strings.Contains(rep.Bond.Reason, want.Bond.Reason) {
		t.Errorf("bond reason %q, want it to contain %q", rep.Bond.Reason, want.Bond.Reason)
	}
	for p, w := range want.Bond.Canary {
		found := false
		for _, c := range rep.SelfCheck {
			if c.Path == p {
				found = true
				if c.Result != w {
					t.Errorf("canary %s: got %s, want %s", p, c.Result, w)
				}
			}
		}
		if !found {
			t.Errorf("no canary for %s", p)
		}
	}
	if len(rep.Mutants) != len(want.Mutant) {
		var got []string
		for _, m := range rep.Mutants {
			got = append(got, fmt.Sprintf("%s:%d %s", m.Path, m.Line, m.Operator))
		}
		t.Fatalf("got %d mutants %v, want %d", len(rep.Mutants), got, len(want.Mutant))
	}
	for i, w := range want.Mutant {
		m := rep.Mutants[i]
		at := fmt.Sprintf("%s:%d", m.Path, m.Line)
		check := func(field, got, want string) {
			if want != "" && got != want {
				t.Errorf("mutant %s (%s): %s = %q, want %q\n%s", at, m.Operator, field, got, want, m.OutputTail)
			}
		}
		check("at", at, w.At)
		check("operator", m.Operator, w.Operator)
		check("status", string(m.Status), w.Status)
		check("reason", string(m.Reason), w.Reason)
		check("witness", string(m.Witness.Kind), w.Witness)
		check("gate", m.Witness.Gate, w.Gate)
		check("verdict", string(m.ByRegime[report.RegimeWitnessRecorded]), w.Verdict)
		vr := w.VerdictRequired
		if vr == "" {
			vr = w.Verdict
		}
		check("verdict (witness-required)", string(m.ByRegime[report.RegimeWitnessRequired]), vr)
		if w.Ran != nil && m.Ran != *w.Ran {
			t.Errorf("mutant %s: ran = %v, want %v", at, m.Ran, *w.Ran)
		}
		if w.Line != "" {
			ok := false
			for _, l := range m.Witness.Lines {
				if fmt.Sprintf("%s:%d", l.Path, l.Line) == w.Line {
					ok = true
				}
			}
			if !ok {
				t.Errorf("mutant %s: witness lines %+v lack %s", at, m.Witness.Lines, w.Line)
			}
		}
	}
	for _, w := range want.Discarded {
		ok := false
		for _, d := range rep.Discarded {
			if fmt.Sprintf("%s:%d", d.Path, d.Line) == w.At && (w.Operator == "" || d.Operator == w.Operator) && d.Reason == w.Reason {
				ok = true
			}
		}
		if !ok {
			t.Errorf("no discarded %s %s %s in %+v", w.At, w.Operator, w.Reason, rep.Discarded)
		}
	}
	if len(rep.Errors) > 0 {
		t.Errorf("report errors: %v", rep.Errors)
	}
}

// calibrationContext is ctx with a calibration case's broken sandbox mode, if it has one.
func calibrationContext(ctx context.Context, mode string) context.Context {
	switch mode {
	case "skip-place":
		return withoutPlacing(ctx)
	case "skip-place-checked":
		return withoutPlacingChecked(ctx)
	}
	return ctx
}

// applyCalibrationConfig puts a case tree's .bond.toml into the options. The cases use only the
// oracle, the gates and the runner; a case that sets another key fails here rather than being
// silently run without it (the CLI's full merge is cmd/bond/config.go).
func applyCalibrationConfig(t *testing.T, c config.File, o *Options) {
	t.Helper()
	if c.Include != nil || c.Exclude != nil || c.Budget != nil || c.PerOperator != nil || c.Timeout != "" || c.Regime != "" {
		t.Fatalf("%s: a calibration case may set only oracle, oracle_cmd, gates and runner", c.Path)
	}
	o.Oracle, o.OracleCmd, o.Runner = c.Oracle, c.OracleCmd, c.Runner
	for _, g := range c.GateList() {
		o.Gates = append(o.Gates, report.GateSpec{Name: g.Name, Cmd: g.Cmd})
	}
}
