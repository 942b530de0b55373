package testconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestLaunchedLifecycleEvent: yaml's config, which picks its aliases by
// process.env.npm_lifecycle_event, is evaluated with the value the oracle command's launcher gives
// (Launch, from oraclecmd.NpmLifecycleEvent): unset and "npx" choose src/, "test:dist" chooses
// dist/; a launch bond knows nothing of refuses it by name as before, and every other npm_*
// variable stays refused whatever the launch.
func TestLaunchedLifecycleEvent(t *testing.T) {
	yaml := "import { resolve } from 'node:path'\nimport { env } from 'node:process'\nlet getPath\n" +
		"if (!!env.TEST_DIST || env.npm_lifecycle_event === 'test:dist') {\n  getPath = name => resolve(import.meta.dirname, 'dist', `${name}.js`)\n} else {\n" +
		"  getPath = name => resolve(import.meta.dirname, 'src', `${name}.ts`)\n}\n" +
		"export default defineConfig({ test: { alias: { yaml: getPath('index') } } })"
	other := "import { resolve } from 'node:path'\nlet p\nif (process.env.npm_command === 'exec') { p = resolve(__dirname, 'a') } else { p = resolve(__dirname, 'b') }\n" +
		"export default { test: { alias: { x: p } } }"
	rooted := func(find, rep string) []Alias { return []Alias{{Find: find, Replacement: rep, Rooted: true}} }
	for _, tc := range []struct {
		name, config string
		launch       Launch
		want         []Alias
		refusal      string
	}{
		{"started directly", yaml, Launch{Known: true}, rooted("yaml", "/src/index.ts"), ""},
		{"through npx", yaml, Launch{Known: true, NpmLifecycleEvent: "npx"}, rooted("yaml", "/src/index.ts"), ""},
		{"npm run test:dist", yaml, Launch{Known: true, NpmLifecycleEvent: "test:dist"}, rooted("yaml", "/dist/index.js"), ""},
		{"a launch bond does not know", yaml, Launch{}, nil, "process.env.npm_lifecycle_event"},
		{"another npm variable", other, Launch{Known: true, NpmLifecycleEvent: "npx"}, nil, "process.env.npm_command"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := ReadSuiteConfigLaunched(testrepo.Files(t, map[string]string{"package.json": vitePkg, "vitest.config.js": tc.config}), "", tc.launch)
			if tc.refusal == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !reflect.DeepEqual(cfg.Aliases, tc.want) {
					t.Errorf("Aliases = %+v, want %+v", cfg.Aliases, tc.want)
				}
				return
			}
			r, ok := errors.AsType[*Refusal](err)
			if !ok || !strings.Contains(r.Setting, tc.refusal) {
				t.Fatalf("want a *Refusal naming %q, got %v (Aliases %+v)", tc.refusal, err, cfg.Aliases)
			}
		})
	}
}
