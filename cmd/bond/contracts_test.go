package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"github.com/bond-tool/bond/internal/testneed"
)

// TestContractsExitCodes pins bond contracts' exit codes on the run function: 0 when every
// contract holds, 1 when one does not, 2 for an invalid file, a red baseline or an unknown
// --only name, and usage errors.
func TestContractsExitCodes(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it")
	}
	td := filepath.Join("..", "..", "testdata", "contracts")
	bad := filepath.Join(t.TempDir(), "bad.toml")
	if err := os.WriteFile(bad, []byte("format = 1\n[[mutation]]\nname = \"x\"\nfire = [\"t\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "r.json")
	nodetest := filepath.Join(td, "nodetest")
	cases := []struct {
		name   string
		args   []string
		want   int
		stderr string
	}{
		{"holds", []string{"contracts", "run", filepath.Join(nodetest, "mutations.toml"), "--repo", nodetest, "--only", "keep-younger,label-flip", "-o", report}, ExitOK, ""},
		{"does not hold", []string{"contracts", "run", filepath.Join(nodetest, "mutations.toml"), "--repo", nodetest, "--only", "lo-inclusive", "--format", "markdown"}, ExitRefused, "contracts do not hold: 1 DECORATION"},
		{"invalid file", []string{"contracts", "run", bad, "--repo", nodetest}, ExitInput, `did you mean "fires"`},
		{"list invalid file", []string{"contracts", "list", bad, "--repo", nodetest}, ExitInput, "missing required key"},
		{"red baseline", []string{"contracts", "run", filepath.Join(td, "baseline-red", "mutations.toml"), "--repo", filepath.Join(td, "baseline-red")}, ExitInput, "wrong on purpose"},
		{"unknown only", []string{"contracts", "run", filepath.Join(nodetest, "mutations.toml"), "--repo", nodetest, "--only", "nope"}, ExitInput, "--only nope"},
		{"bad format", []string{"contracts", "run", "x.toml", "--format", "xml"}, ExitInput, `--format "xml"`},
		{"no file", []string{"contracts", "run"}, ExitInput, "accepts 1 arg"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _, errb := testStreams()
			if got := run(c.args, s); got != c.want {
				t.Fatalf("exit %d, want %d; stderr:\n%s", got, c.want, errb)
			}
			if !strings.Contains(errb.String(), c.stderr) {
				t.Errorf("stderr does not mention %q:\n%s", c.stderr, errb)
			}
		})
	}
	b, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("-o wrote no report: %v", err)
	}
	var rep struct {
		Holds     bool `json:"holds"`
		Mutations []struct {
			Name    string `json:"name"`
			Verdict string `json:"verdict"`
		} `json:"mutations"`
	}
	if err := json.Unmarshal(b, &rep); err != nil || !rep.Holds || len(rep.Mutations) != 2 {
		t.Errorf("report %s: %+v, %v", report, rep, err)
	}
}

// TestInspectContracts turns a certify report's killed mutant into a starter contracts file,
// which validates and, run, holds: the test that killed the mutant fires under it.
func TestInspectContracts(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	root, diff := fixtureRepo(t, "calibration/must-kill")
	report := filepath.Join(t.TempDir(), "report.json")
	s, _, errb := testStreams()
	if got := run([]string{"certify", "--repo", root, "--diff", diff, "-o", report}, s); got != ExitOK {
		t.Fatalf("certify exit %d: %s", got, errb)
	}
	s, out, errb := testStreams()
	if got := run([]string{"inspect", report, "--format", "contracts"}, s); got != ExitOK {
		t.Fatalf("inspect exit %d: %s", got, errb)
	}
	starter := filepath.Join(root, "mutations.toml")
	if err := os.WriteFile(starter, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "fires = ['''") {
		t.Errorf("the starter names no killing test:\n%s", out)
	}
	s, out2, errb := testStreams()
	if got := run([]string{"contracts", "run", starter, "--repo", root}, s); got != ExitOK {
		t.Fatalf("contracts run on the starter: exit %d\n%s\n%s\nstarter:\n%s", got, out2, errb, out)
	}
}

func TestTOMLString(t *testing.T) {
	for _, s := range []string{`plain`, `back\slash`, `it's`, `'quoted'`, "tab\there", "two\nlines", `three '''`, "ctl\x01", `q"uote`, `\x41`, ""} {
		var v struct{ S string }
		if err := toml.Unmarshal([]byte("S = "+tomlString(s)+"\n"), &v); err != nil || v.S != s {
			t.Errorf("tomlString(%q) = %s reads back as %q, %v", s, tomlString(s), v.S, err)
		}
	}
}
