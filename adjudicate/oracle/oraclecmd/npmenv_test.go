package oraclecmd

import "testing"

// TestNpmLifecycleEvent: the value npm gives the runner's process, by the launcher nearest the
// runner; unknown for launchers bond has not checked and for commands that set it themselves.
func TestNpmLifecycleEvent(t *testing.T) {
	scripts := map[string]string{
		"test":      "vitest run",
		"test:dist": "npx vitest run",
		"ci":        "npm run test",
		"own":       "npm_lifecycle_event=x vitest run",
	}
	tests := []struct {
		cmd   string
		value string
		ok    bool
	}{
		{"vitest run a.test.js", "", true},
		{"node_modules/.bin/vitest run a.test.js", "", true},
		{"npx vitest run a.test.js", "npx", true},
		{"npm exec -- vitest run a.test.js", "npx", true},
		{"npm test", "test", true},
		{"npm run test", "test", true},
		{"npm run ci", "test", true},
		{"npm run test:dist", "npx", true},
		{"CI=1 npx vitest run", "npx", true},
		{"npm_lifecycle_event=test:dist vitest run", "", false},
		{"cross-env npm_lifecycle_event=test:dist vitest run", "", false},
		{"npm run own", "", false},
		{"yarn test", "", false},
		{"pnpm vitest run", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			inv, err := Parse(tt.cmd, Options{Scripts: scripts})
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			v, ok := NpmLifecycleEvent(inv)
			if v != tt.value || ok != tt.ok {
				t.Errorf("got %q, %v; want %q, %v (via %q, sets %q)", v, ok, tt.value, tt.ok, inv.Via, inv.SetsEnv)
			}
		})
	}
}
