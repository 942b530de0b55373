package adjudicate

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"github.com/bond-tool/bond/internal/input"
)

// ConfigName is the config file bond reads at the repository root (SPEC §3.1).
const ConfigName = ".bond.toml"

// Config is the content of .bond.toml. Every field is optional; flags win over it. Pointer and
// nil-able fields tell "not set" from a zero value.
type Config struct {
	Oracle      []string          `toml:"oracle"`
	OracleCmd   string            `toml:"oracle_cmd"`
	Gates       map[string]string `toml:"gates"`
	Include     []string          `toml:"include"`
	Exclude     []string          `toml:"exclude"`
	Budget      *int              `toml:"budget"`
	PerOperator *int              `toml:"per_operator"`
	// Timeout is a Go duration string ("30s", "2m").
	Timeout string `toml:"timeout"`
	Regime  string `toml:"regime"`
	Runner  string `toml:"runner"`
	// Path is where the config was read from ("" when there was none).
	Path string `toml:"-"`
}

// LoadConfig reads repo/.bond.toml. A missing file is an empty Config; a malformed file or an
// unknown key is an InputError naming the file and the key.
func LoadConfig(repo string) (Config, error) {
	p := filepath.Join(repo, ConfigName)
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return Config{}, nil
	}
	if err != nil {
		return Config{}, input.Errorf("reading %s: %v", p, err)
	}
	var c Config
	dec := toml.NewDecoder(bytes.NewReader(b)).DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		var sm *toml.StrictMissingError
		if errors.As(err, &sm) {
			var keys []string
			for _, e := range sm.Errors {
				keys = append(keys, strings.Join(e.Key(), "."))
			}
			return Config{}, input.Errorf("%s: unknown key %s; the known keys are oracle, oracle_cmd, gates, include, exclude, budget, per_operator, timeout, regime, runner", p, strings.Join(keys, ", "))
		}
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return Config{}, input.Errorf("%s:%d:%d: %v; fix the TOML", p, row, col, de)
		}
		return Config{}, input.Errorf("%s: %v; fix the TOML", p, err)
	}
	if c.Timeout != "" {
		if _, err := time.ParseDuration(c.Timeout); err != nil {
			return Config{}, input.Errorf("%s: timeout %q: want a duration such as \"30s\" or \"2m\"", p, c.Timeout)
		}
	}
	if c.Budget != nil && *c.Budget < 0 {
		return Config{}, input.Errorf("%s: budget %d: want a number ≥ 0", p, *c.Budget)
	}
	if c.PerOperator != nil && *c.PerOperator < 0 {
		return Config{}, input.Errorf("%s: per_operator %d: want a number ≥ 0", p, *c.PerOperator)
	}
	c.Path = p
	return c, nil
}

// GateSpecs returns the config's gates sorted by name (a TOML table has no order).
func (c Config) GateSpecs() []GateSpec {
	names := make([]string, 0, len(c.Gates))
	for n := range c.Gates {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]GateSpec, 0, len(names))
	for _, n := range names {
		out = append(out, GateSpec{Name: n, Cmd: c.Gates[n]})
	}
	return out
}

// Merge fills the fields of o that set does not report as given on the command line from c.
// set names the flags that were given: "oracle", "oracle-cmd", "gate", "include", "exclude",
// "budget", "per-operator", "timeout", "regime", "runner". An oracle given either way on the
// command line (--oracle or --oracle-cmd) replaces the config's oracle of either kind.
func (c Config) Merge(o *Options, set func(flag string) bool) error {
	if !set("oracle") && !set("oracle-cmd") {
		if len(c.Oracle) > 0 && c.OracleCmd != "" {
			return input.Errorf("%s: give oracle or oracle_cmd, not both", c.Path)
		}
		if len(c.Oracle) > 0 {
			o.Oracle = c.Oracle
		}
		if c.OracleCmd != "" {
			o.OracleCmd = c.OracleCmd
		}
	}
	if !set("gate") && len(c.Gates) > 0 {
		o.Gates = c.GateSpecs()
	}
	if !set("include") && len(c.Include) > 0 {
		o.Plan.Include = c.Include
	}
	if !set("exclude") && len(c.Exclude) > 0 {
		o.Plan.Exclude = c.Exclude
	}
	if !set("budget") && c.Budget != nil {
		o.Plan.Budget = *c.Budget
	}
	if !set("per-operator") && c.PerOperator != nil {
		o.Plan.PerOperator = *c.PerOperator
	}
	if !set("timeout") && c.Timeout != "" {
		d, err := time.ParseDuration(c.Timeout)
		if err != nil {
			return input.Errorf("%s: timeout %q: %v", c.Path, c.Timeout, err)
		}
		o.Timeout = d
	}
	if !set("regime") && c.Regime != "" {
		o.Regime = c.Regime
	}
	if !set("runner") && c.Runner != "" {
		o.Runner = c.Runner
	}
	return nil
}

var _ = fmt.Sprintf
