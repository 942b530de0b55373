package oraclecmd

import "testing"

func TestLoadsTypeScript(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"node --test test/a.test.mjs", false},
		{"node --test --import tsx test/a.test.ts", true},
		{"node --test --import=tsx/esm test/a.test.ts", true},
		{"node --require ts-node/register --test test/a.test.ts", true},
		{"node --test --experimental-strip-types test/a.test.ts", true},
		{"tsx --test test/a.test.ts", true},
		{"npx tsx --test test/a.test.ts", true},
	} {
		inv, err := Parse(tc.cmd, Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.cmd, err)
		}
		if got := LoadsTypeScript(inv); got != tc.want {
			t.Errorf("%s: LoadsTypeScript = %v, want %v (args %q, via %q)", tc.cmd, got, tc.want, inv.Args, inv.Via)
		}
	}
}
