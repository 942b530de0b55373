package testconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestVitestAliases: resolve.alias and test.alias are honoured when literal — string keys or
// string finds, relative-path replacements — and everything else is a *Refusal whose setting
// names resolve.alias and why.
func TestVitestAliases(t *testing.T) {
	for _, tc := range []struct {
		name, config string // config: vitest.config.ts's text
		want         []Alias
		refusal      string // a substring of the refusal's setting; "" for none
	}{
		{"none", "export default { test: { globals: true } }", nil, ""},
		{"empty", "export default { resolve: { alias: {} } }", nil, ""},
		{"resolve.alias object", "export default defineConfig({ resolve: { alias: { '@': './src', '~lib': '../lib' } } })",
			[]Alias{{"@", "./src", false}, {"~lib", "../lib", false}}, ""},
		{"test.alias", "export default { test: { alias: { 'my-pkg': './src/index.ts' } } }", []Alias{{"my-pkg", "./src/index.ts", false}}, ""},
		{"array form", "export default { resolve: { alias: [{ find: '@', replacement: './src' }] } }", []Alias{{"@", "./src", false}}, ""},
		{"empty beside set", "export default { resolve: { alias: [] }, test: { alias: { '@': './src' } } }", []Alias{{"@", "./src", false}}, ""},
		{"computed", "export default { resolve: { alias: { '@': path.resolve(__dirname, 'src') } } }", nil, "not a literal string"},
		{"regex find", "export default { resolve: { alias: [{ find: /^@\\//, replacement: './src/' }] } }", nil, "regular expression"},
		{"customResolver", "export default { resolve: { alias: [{ find: '@', replacement: './src', customResolver: r }] } }", nil, "customResolver"},
		{"spread in alias", "export default { resolve: { alias: { ...base, '@': './src' } } }", nil, "spread"},
		{"spread over alias", "export default { resolve: { alias: { '@': './src' }, ...base } }", nil, "spread"},
		{"absolute", "export default { resolve: { alias: { '@': '/src' } } }", nil, "absolute path"},
		{"package", "export default { resolve: { alias: { react: 'preact/compat' } } }", nil, "a package name"},
		{"node_modules", "export default { resolve: { alias: { x: './node_modules/x' } } }", nil, "not a plain path"},
		{"both", "export default { resolve: { alias: { a: './a' } }, test: { alias: { b: './b' } } }", nil, "both resolve.alias and test.alias"},
		{"elsewhere", "export default { plugins: [p({ alias: { a: './a' } })], resolve: { alias: { b: './b' } } }", nil, "set 2 times"},
		{"index key", "export default { resolve: { alias: { 1: './a' } } }", nil, "array index"},
		{"no literal config", "export default makeConfig({ resolve: { alias: { '@': './src' } } })", nil, "not a literal object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := ReadSuiteConfig(testrepo.Files(t, map[string]string{"package.json": vitePkg, "vitest.config.ts": tc.config}), "")
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
			if !ok {
				t.Fatalf("want a *Refusal naming %q, got %v (Aliases %+v)", tc.refusal, err, cfg.Aliases)
			}
			if r.File != "vitest.config.ts" || !strings.HasPrefix(r.Setting, "resolve.alias (module aliases") || !strings.Contains(r.Setting, tc.refusal) {
				t.Errorf("refusal %q (file %s), want a setting naming resolve.alias and %q", r.Setting, r.File, tc.refusal)
			}
		})
	}
}

// TestAliasApply: a string find matches the whole specifier or a prefix ending at a "/".
func TestAliasApply(t *testing.T) {
	a := Alias{"@", "./src", false}
	for spec, want := range map[string]string{"@": "./src", "@/x": "./src/x", "@/a/b.js": "./src/a/b.js", "@x": "", "@scope/p": "", "x/@": ""} {
		got, ok := a.Apply(spec)
		if ok != (want != "") || got != want {
			t.Errorf("Apply(%q) = %q, %v; want %q", spec, got, ok, want)
		}
	}
}
