package oraclecmd

import (
	"slices"
	"testing"
)

func TestConditions(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want []string
	}{
		{"node --test test/a.test.mjs", nil},
		{"node --conditions development --test test/index.js", []string{"development"}},
		{"node --conditions=development --test test/index.js", []string{"development"}},
		{"node -C development -C=bond --test test/index.js", []string{"development", "bond"}},
		{"npx tsx --conditions dev --test test/a.test.ts", []string{"dev"}},
		{"npx vitest run test/a.test.js", nil},
	} {
		inv, err := Parse(tc.cmd, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		if got := Conditions(inv); !slices.Equal(got, tc.want) {
			t.Errorf("%s: Conditions = %q, want %q (args %q)", tc.cmd, got, tc.want, inv.Args)
		}
	}
}
