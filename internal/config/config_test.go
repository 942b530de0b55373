package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
)

func TestLoad(t *testing.T) {
	tests := []struct {
		name, body string // body "" with name "missing": no file at all
		err        string // "" for success
	}{
		{"missing", "", ""},
		{"full", "oracle_cmd = \"npm test\"\nbudget = 0\nper_operator = 3\noperator_set = 2\nchanged_first = true\nrequire_reach = 80\nwarm = true\ntimeout = \"2m\"\ninclude = [\"lib/**\"]\npass_env = [\"DATABASE_URL\"]\n[gates]\nz = \"z\"\na = \"a\"\n", ""},
		{"bad pass_env", "pass_env = [\"A=B\"]\n", `pass_env "A=B": want a variable name`},
		{"unknown key", "budgett = 1\n", "unknown key budgett; the known keys are oracle, oracle_cmd"},
		{"unknown nested key", "[gates]\nunit = \"x\"\n[other]\nk = 1\n", "unknown key other"},
		{"malformed", "budget = [\n", ".bond.toml:1:"},
		{"wrong type", "budget = \"six\"\n", "fix the TOML"},
		{"bad timeout", "timeout = \"soon\"\n", `timeout "soon": want a duration`},
		{"negative budget", "budget = -1\n", "budget -1: want a number ≥ 0"},
		{"negative per_operator", "per_operator = -2\n", "per_operator -2: want a number ≥ 0"},
		{"unknown operator set", "operator_set = 6\n", "operator_set 6: want one of 1, 2, 3, 4, 5"},
		{"operator set 0", "operator_set = 0\n", "operator_set 0: want one of 1, 2, 3, 4, 5"},
		{"require_reach over 100", "require_reach = 101\n", "require_reach 101: want a percentage from 0 to 100"},
		{"negative require_reach", "require_reach = -1\n", "require_reach -1: want a percentage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.name != "missing" {
				if err := os.WriteFile(filepath.Join(dir, Name), []byte(tt.body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c, err := Load(dir)
			if tt.err != "" {
				if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), dir) {
					t.Fatalf("err %v, want an input error naming the file and containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.name == "missing" {
				if c.Path != "" || c.Budget != nil {
					t.Errorf("a missing file gave %+v", c)
				}
				return
			}
			gates := c.GateList()
			if c.Path != filepath.Join(dir, Name) || *c.Budget != 0 || *c.PerOperator != 3 || c.Timeout != "2m" || *c.OperatorSet != 2 || *c.RequireReach != 80 || c.Warm == nil || !*c.Warm || len(c.PassEnv) != 1 || c.PassEnv[0] != "DATABASE_URL" || len(gates) != 2 || gates[0] != (Gate{"a", "a"}) || gates[1] != (Gate{"z", "z"}) {
				t.Errorf("loaded %+v, gates %v", c, gates)
			}
		})
	}
}
