package main

// How .bond.toml (internal/config) combines with the command line: flags win, the file fills what
// they leave unset (SPEC §3.1). bond plan, bond certify and bond corpus run all read the file
// through here, so they plan the same mutants for the same repository.

import (
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
)

// mergePlanConfig fills the planning fields of o (include, exclude, budget, per_operator,
// operator_set) that
// set does not report as given from c. bond plan and bond certify both plan through it, so a
// .bond.toml changes their plans alike.
func mergePlanConfig(c config.File, o *plan.Options, set func(flag string) bool) {
	if !set("include") && len(c.Include) > 0 {
		o.Include = c.Include
	}
	if !set("exclude") && len(c.Exclude) > 0 {
		o.Exclude = c.Exclude
	}
	if !set("budget") && c.Budget != nil {
		o.Budget = *c.Budget
	}
	if !set("per-operator") && c.PerOperator != nil {
		o.PerOperator = *c.PerOperator
	}
	if !set("operator-set") && c.OperatorSet != nil {
		o.OperatorSet = *c.OperatorSet
	}
	if !set("changed-first") && c.ChangedFirst != nil {
		o.ChangedFirst = *c.ChangedFirst
	}
	if !set("shape-order") && c.ShapeOrder != nil {
		o.ShapeOrder = *c.ShapeOrder
	}
}

// mergeConfig fills the non-planning fields of o (the planning ones are planFlags.options') that set does not report as given on the command line from
// c. set names the flags that were given: "oracle", "oracle-cmd", "gate", "include", "exclude",
// "budget", "per-operator", "timeout", "regime", "runner", "require-reach", "value-neighbours", "warm", "pass-env". An oracle given either way on the
// command line (--oracle or --oracle-cmd) replaces the config's oracle of either kind.
func mergeConfig(c config.File, o *adjudicate.Options, set func(flag string) bool) error {
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
		o.Gates = nil
		for _, g := range c.GateList() {
			o.Gates = append(o.Gates, report.GateSpec{Name: g.Name, Cmd: g.Cmd})
		}
	}
	if !set("timeout") && c.Timeout != "" {
		d, err := time.ParseDuration(c.Timeout)
		if err != nil {
			return input.Errorf("%s: timeout %q: %v", c.Path, c.Timeout, err)
		}
		o.Timeout = d
	}
	if !set("regime") && c.Regime != "" {
		o.Regime = report.Regime(c.Regime)
	}
	if !set("runner") && c.Runner != "" {
		o.Runner = c.Runner
	}
	if !set("require-reach") && c.RequireReach != nil {
		o.RequireReach = *c.RequireReach
	}
	if !set("value-neighbours") && c.ValueNeighbours != nil {
		o.ValueNeighbours = *c.ValueNeighbours
	}
	if !set("warm") && c.Warm != nil {
		o.Warm = *c.Warm
	}
	if !set("pass-env") && len(c.PassEnv) > 0 {
		o.PassEnv = c.PassEnv
	}
	return nil
}
