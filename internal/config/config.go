// Package config reads .bond.toml, the per-repository configuration of SPEC §3.1: the file's
// keys, their types and checks, and the errors for unknown keys and bad values. How the file's
// values combine with command-line flags is the CLI's business (cmd/bond/config.go), so this
// package knows no flag names and is shared by bond plan, bond certify and bond corpus run.
//
// SPEC rules implemented here: §3.1 (the keys of .bond.toml; unknown keys are an error naming
// the key), §7 (unknown config keys → a clear message, exit 2).
package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
)

// MaxOperatorSet is the highest operator set number a config file may name: the sets are
// 1 … MaxOperatorSet (operators.Sets, which a package under internal/ may not import; a test in
// cmd/bond keeps the two equal).
const MaxOperatorSet = 5

// Name is the config file bond reads at the repository root (SPEC §3.1).
const Name = ".bond.toml"

// File is the content of .bond.toml. Every field is optional; flags win over it. Pointer and
// nil-able fields tell "not set" from a zero value.
type File struct {
	Oracle      []string          `toml:"oracle"`
	OracleCmd   string            `toml:"oracle_cmd"`
	Gates       map[string]string `toml:"gates"`
	Include     []string          `toml:"include"`
	Exclude     []string          `toml:"exclude"`
	Budget      *int              `toml:"budget"`
	PerOperator *int              `toml:"per_operator"`
	// OperatorSet is the operator set to plan with (1 to MaxOperatorSet; see bond operators).
	OperatorSet *int `toml:"operator_set"`
	// ChangedFirst is --changed-first: put a replaced line's mutant on the tokens the patch
	// changed (plan.RuleChangedFirst).
	ChangedFirst *bool `toml:"changed_first"`
	// ShapeOrder is --shape-order: a condition head's measured operators first
	// (plan.RuleShapeOrder).
	ShapeOrder *bool `toml:"shape_order"`
	// RequireReach is certify's --require-reach: the least share, in percent, of the added
	// executable lines the oracle must run.
	RequireReach *int `toml:"require_reach"`
	// ValueNeighbours is certify's --value-neighbours.
	ValueNeighbours *bool `toml:"value_neighbours"`
	// Warm is certify's --warm: the mutants of a vitest or jest oracle command run in a
	// long-lived worker per sandbox (docs/warm-workers.md).
	Warm *bool `toml:"warm"`
	// Timeout is a Go duration string ("30s", "2m").
	Timeout string `toml:"timeout"`
	Regime  string `toml:"regime"`
	Runner  string `toml:"runner"`
	// PassEnv names variables passed to the oracle and gates beyond the environment allow-list
	// (SPEC §7), as --pass-env does.
	PassEnv []string `toml:"pass_env"`
	// Path is where the config was read from ("" when there was none).
	Path string `toml:"-"`
}

// Gate is one entry of the [gates] table: a name and its shell command.
type Gate struct {
	Name string
	Cmd  string
}

// Load reads repo/.bond.toml. A missing file is an empty File; a malformed file, an unknown key
// or a bad value is an input.Error naming the file and the key.
func Load(repo string) (File, error) {
	p := filepath.Join(repo, Name)
	b, err := safefile.Read(p, safefile.ConfigMax) // a FIFO or a link to /dev/zero: an error, never a hang
	if errors.Is(err, os.ErrNotExist) {
		return File{}, nil
	}
	if err != nil {
		return File{}, input.Errorf("reading %s: %v; make it a regular TOML file or remove it", p, err)
	}
	var c File
	dec := toml.NewDecoder(bytes.NewReader(b)).DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		var sm *toml.StrictMissingError
		if errors.As(err, &sm) {
			var keys []string
			for _, e := range sm.Errors {
				keys = append(keys, strings.Join(e.Key(), "."))
			}
			return File{}, input.Errorf("%s: unknown key %s; the known keys are oracle, oracle_cmd, gates, include, exclude, budget, per_operator, operator_set, changed_first, shape_order, require_reach, value_neighbours, warm, timeout, regime, runner, pass_env", p, strings.Join(keys, ", "))
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return File{}, input.Errorf("%s:%d:%d: %v; fix the TOML", p, row, col, de)
		}
		return File{}, input.Errorf("%s: %v; fix the TOML", p, err)
	}
	if c.Timeout != "" {
		if _, err := time.ParseDuration(c.Timeout); err != nil {
			return File{}, input.Errorf("%s: timeout %q: want a duration such as \"30s\" or \"2m\"", p, c.Timeout)
		}
	}
	if c.Budget != nil && *c.Budget < 0 {
		return File{}, input.Errorf("%s: budget %d: want a number ≥ 0", p, *c.Budget)
	}
	if c.PerOperator != nil && *c.PerOperator < 0 {
		return File{}, input.Errorf("%s: per_operator %d: want a number ≥ 0", p, *c.PerOperator)
	}
	if c.OperatorSet != nil && (*c.OperatorSet < 1 || *c.OperatorSet > MaxOperatorSet) {
		return File{}, input.Errorf("%s: operator_set %d: want one of 1, 2, 3, 4, 5 (bond operators --operator-set N prints each)", p, *c.OperatorSet)
	}
	if c.RequireReach != nil && (*c.RequireReach < 0 || *c.RequireReach > 100) {
		return File{}, input.Errorf("%s: require_reach %d: want a percentage from 0 to 100", p, *c.RequireReach)
	}
	for _, n := range c.PassEnv {
		if n == "" || strings.ContainsAny(n, "= \t\n") {
			return File{}, input.Errorf("%s: pass_env %q: want a variable name such as \"DATABASE_URL\"", p, n)
		}
	}
	c.Path = p
	return c, nil
}

// GateList returns the config's gates sorted by name (a TOML table has no order).
func (c File) GateList() []Gate {
	names := make([]string, 0, len(c.Gates))
	for n := range c.Gates {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]Gate, 0, len(names))
	for _, n := range names {
		out = append(out, Gate{Name: n, Cmd: c.Gates[n]})
	}
	return out
}
