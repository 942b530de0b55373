package oraclecmd

import "testing"

// TestParseScript: `node [options] FILE` without --test is a script run (Invocation.Script),
// directly, through npx or a package script; with --test, or through tsx --test, it is node's
// test runner.
func TestParseScript(t *testing.T) {
	scripts := map[string]string{"test": "node --conditions development test/index.js", "unit": "node --test test/a.test.js"}
	for _, tt := range []struct {
		cmd    string
		script bool
	}{
		{"node test/a.test.js", true},
		{"node --conditions development test/io/text/emphasis.js", true},
		{"node -C development test/x.js", true},
		{"npm test", true},
		{"node --test test/a.test.js", false},
		{"node --test", false},
		{"tsx --test test/a.test.ts", false},
		{"npm run unit", false},
	} {
		inv, err := Parse(tt.cmd, Options{Scripts: scripts})
		if err != nil {
			t.Errorf("%s: %v", tt.cmd, err)
			continue
		}
		if inv.Runner != RunnerNodeTest || inv.Script != tt.script {
			t.Errorf("%s: runner %s, script %v; want node:test, script %v", tt.cmd, inv.Runner, inv.Script, tt.script)
		}
	}
}
