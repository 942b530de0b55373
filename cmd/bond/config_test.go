package main

import (
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/operators"
)

func TestConfigMergeFlagsWin(t *testing.T) {
	b, p, set, reach, warm := 3, 1, 2, 80, true
	c := config.File{OracleCmd: "npm test", Warm: &warm, Gates: map[string]string{"z": "z", "a": "a"}, Budget: &b, PerOperator: &p, OperatorSet: &set, RequireReach: &reach, Timeout: "7s", Regime: string(report.RegimeReportOnly), Runner: adjudicate.RunnerNode, Include: []string{"lib/**"}, PassEnv: []string{"DATABASE_URL"}, Path: ".bond.toml"}
	var o adjudicate.Options
	if err := mergeConfig(c, &o, func(string) bool { return false }); err != nil {
		t.Fatal(err)
	}
	var err error
	if o.Plan, err = (&planFlags{Budget: 9, Include: []string{"src/**"}}).options(nil, c, func(string) bool { return false }); err != nil {
		t.Fatal(err)
	}
	if o.OracleCmd != "npm test" || len(o.Gates) != 2 || o.Gates[0].Name != "a" || o.Plan.Budget != 3 || o.Plan.PerOperator != 1 || o.Timeout != 7*time.Second || o.Regime != report.RegimeReportOnly || o.Runner != adjudicate.RunnerNode || o.Plan.Include[0] != "lib/**" || o.Plan.OperatorSet != 2 || o.RequireReach != 80 || !o.Warm || len(o.PassEnv) != 1 {
		t.Errorf("config not merged: %+v", o)
	}
	o = adjudicate.Options{Oracle: []string{"t.js"}, Regime: report.RegimeWitnessRequired, PassEnv: []string{"HOST"}}
	given := map[string]bool{"oracle": true, "regime": true, "operator-set": true, "require-reach": true, "pass-env": true, "warm": true}
	if err := mergeConfig(c, &o, func(f string) bool { return given[f] }); err != nil {
		t.Fatal(err)
	}
	given["budget"] = true
	if o.Plan, err = (&planFlags{Budget: 9, OperatorSet: 1, Include: []string{"src/**"}}).options(nil, c, func(f string) bool { return given[f] }); err != nil {
		t.Fatal(err)
	}
	if o.OracleCmd != "" || o.Oracle[0] != "t.js" || o.Regime != report.RegimeWitnessRequired || o.Plan.Budget != 9 || o.Plan.PerOperator != 1 || o.Plan.Include[0] != "lib/**" || o.Plan.OperatorSet != 1 || o.RequireReach != 0 || o.Warm || o.PassEnv[0] != "HOST" {
		t.Errorf("flags did not win: %+v", o)
	}
}

// TestConfigOperatorSets: .bond.toml accepts exactly the operator sets that exist.
func TestConfigOperatorSets(t *testing.T) {
	sets := operators.Sets()
	for i, n := range sets {
		if n != i+1 {
			t.Fatalf("operators.Sets() = %v, want 1 … n", sets)
		}
	}
	if config.MaxOperatorSet != len(sets) {
		t.Errorf("config.MaxOperatorSet = %d, operators.Sets() = %v", config.MaxOperatorSet, sets)
	}
}
