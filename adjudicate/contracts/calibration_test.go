package contracts

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/pelletier/go-toml/v2"
)

// expectFile is a calibration case's expect.toml, written before the case first ran.
type expectFile struct {
	Run []struct {
		Name   string   `toml:"name"`
		Only   []string `toml:"only"`
		Mode   string   `toml:"mode"`
		Runner string   `toml:"runner"`
		// OracleCmd, when set, replaces the contracts file's oracle_cmd for this run.
		OracleCmd string            `toml:"oracle_cmd"`
		Exit      int               `toml:"exit"`
		Error     string            `toml:"error"`
		Verdicts  map[string]string `toml:"verdicts"`
		Mentions  map[string]string `toml:"mentions"`
		Unpaired  []string          `toml:"unpaired"`
	} `toml:"run"`
}

// needNode skips without node, except under CI, where a missing runner must fail.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is required under CI: %v", err)
	}
}

// TestCalibration runs every case of testdata/contracts and compares exit codes, verdicts, the
// texts reasons must mention and the unpaired invariances with expect.toml.
func TestCalibration(t *testing.T) {
	needNode(t)
	cases, err := filepath.Glob("../../testdata/contracts/*/expect.toml")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no calibration cases: %v", err)
	}
	for _, ef := range cases {
		dir := filepath.Dir(ef)
		if _, err := os.Stat(filepath.Join(dir, "package.json")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
				if os.Getenv("CI") != "" {
					t.Fatalf("%s: run npm ci there first (scripts/test does); under CI a missing runner fails", dir)
				}
				t.Logf("%s: skipped, no node_modules (run npm ci there)", dir)
				continue
			}
		}
		b, err := os.ReadFile(ef)
		if err != nil {
			t.Fatal(err)
		}
		var exp expectFile
		if err := toml.NewDecoder(strings.NewReader(string(b))).DisallowUnknownFields().Decode(&exp); err != nil {
			t.Fatalf("%s: %v", ef, err)
		}
		for _, run := range exp.Run {
			t.Run(filepath.Base(dir)+"/"+run.Name, func(t *testing.T) {
				if run.Mode == "skip-place" {
					placeMutated = func(*oracle.Sandbox, string, []byte) error { return nil }
					t.Cleanup(func() { placeMutated = (*oracle.Sandbox).Place })
				}
				rep, err := runCase(dir, run.Only, run.Runner, run.OracleCmd)
				exit := 0
				switch {
				case err != nil && input.Is(err):
					exit = 2
				case err != nil:
					t.Fatalf("internal error: %v", err)
				case !rep.Holds:
					exit = 1
				}
				if exit != run.Exit {
					t.Fatalf("exit %d, want %d (err: %v)", exit, run.Exit, err)
				}
				if run.Error != "" && (err == nil || !strings.Contains(err.Error(), run.Error)) {
					t.Errorf("error %v does not mention %q", err, run.Error)
				}
				if err != nil {
					return
				}
				got := map[string]MutationRecord{}
				for _, m := range rep.Mutations {
					got[m.Name] = m
				}
				if len(got) != len(run.Verdicts) {
					t.Errorf("%d mutations ran, expect.toml names %d", len(got), len(run.Verdicts))
				}
				for name, want := range run.Verdicts {
					m, ok := got[name]
					switch {
					case !ok:
						t.Errorf("%s: did not run", name)
					case string(m.Verdict) != want:
						t.Errorf("%s: %s, want %s (%s)", name, m.Verdict, want, m.Reason)
					}
				}
				for name, text := range run.Mentions {
					if m := got[name]; !strings.Contains(m.Reason, text) {
						t.Errorf("%s: reason %q does not mention %q", name, m.Reason, text)
					}
				}
				var unpaired []string
				for _, m := range rep.Mutations {
					if m.Pairing != nil && m.Pairing.Unpaired {
						unpaired = append(unpaired, m.Name)
					}
				}
				if run.Unpaired != nil && strings.Join(unpaired, ",") != strings.Join(run.Unpaired, ",") {
					t.Errorf("unpaired %v, want %v", unpaired, run.Unpaired)
				}
			})
		}
	}
}

func runCase(dir string, only []string, runner, oracleCmd string) (*Report, error) {
	f, err := Load(filepath.Join(dir, "mutations.toml"), dir)
	if err != nil {
		return nil, err
	}
	if oracleCmd != "" {
		f.OracleCmd = oracleCmd
	}
	opts := Options{Repo: dir, File: f, Only: only, Jobs: 2, RunnerChoice: runner}
	if _, err := os.Stat(filepath.Join(dir, "package.json")); err == nil {
		// An npm runner (jest, mocha) with coverage is slow and its time varies with the machine's load;
		// no such case is about timeouts, so give its runs room rather than the default limit.
		opts.Jobs, opts.Timeout = 1, 5*time.Minute
	}
	return Run(context.Background(), opts)
}
