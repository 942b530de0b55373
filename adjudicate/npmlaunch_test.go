package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/internal/testrepo"
)

// TestCommandTestsNpmLifecycleEvent: auto's choice reads a vitest config that branches on
// process.env.npm_lifecycle_event (yaml's) with the value the oracle command's launcher gives the
// runner, so `npx vitest …` and a direct `vitest …` run embedded; a command that sets the
// variable itself leaves it unknown and the config refused, naming it.
func TestCommandTestsNpmLifecycleEvent(t *testing.T) {
	files := map[string]string{
		"package.json": `{"devDependencies": {"vitest": "^1.0.0"}, "scripts": {"test:dist": "vitest run"}}`,
		"vitest.config.js": "import { resolve } from 'node:path'\nimport { env } from 'node:process'\nlet getPath\n" +
			"if (!!env.TEST_DIST || env.npm_lifecycle_event === 'test:dist') {\n  getPath = name => resolve(import.meta.dirname, 'dist', `${name}.js`)\n} else {\n" +
			"  getPath = name => resolve(import.meta.dirname, 'src', `${name}.ts`)\n}\n" +
			"export default { test: { alias: { yaml: getPath('index') } } }",
		"src/index.ts":    "export const x = 1\n",
		"tests/a.test.ts": "import { x } from 'yaml'\nimport { test, expect } from 'vitest'\ntest('x', () => { expect(x).toBe(1) })\n",
	}
	for _, tc := range []struct{ cmd, why string }{
		{"npx vitest run tests/a.test.ts", ""},
		{"vitest run tests/a.test.ts", ""},
		{"npm_lifecycle_event=test:dist vitest run tests/a.test.ts", "process.env.npm_lifecycle_event"},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			root := testrepo.Git(t, files)
			got, eo, why := oracle.CommandTests(root, tc.cmd)
			if tc.why != "" {
				if !strings.Contains(why, tc.why) {
					t.Fatalf("why %q, want one naming %q", why, tc.why)
				}
				return
			}
			if why != "" || len(got) != 1 || !eo.Launch.Known {
				t.Fatalf("files %q why %q launch %+v; want the embedded runner with a known launch", got, why, eo.Launch)
			}
		})
	}
}
