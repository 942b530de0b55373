package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/internal/testrepo"
)

// jest reads a TypeScript config only through ts-node or the loader its docblock names: where
// that is not installed, auto keeps the command runner (whose jest then fails as the user's
// would) and says why; with it installed, or with a JavaScript config, the embedded runner may
// serve the oracle; --runner embedded keeps the user's choice.
func TestJestTypeScriptConfig(t *testing.T) {
	const jestTest = "const { add } = require('../src/add.js');\ntest('adds', () => { expect(add(2, 1)).toBe(3); });\n"
	for _, tc := range []struct {
		name    string
		files   map[string]string
		dirs    []string
		runner  string
		wantCmd bool
		why     string
	}{
		{"ts config, no ts-node", map[string]string{"jest.config.ts": "export default { testEnvironment: 'node' };\n"}, nil, RunnerAuto, true, "jest.config.ts is TypeScript, which jest reads only through ts-node, and ts-node is not installed"},
		{"ts config, ts-node installed", map[string]string{"jest.config.ts": "export default { testEnvironment: 'node' };\n"}, []string{"node_modules/ts-node"}, RunnerAuto, false, ""},
		{"docblock loader missing", map[string]string{"jest.config.mts": "/** @jest-config-loader esbuild-register */\nexport default { testEnvironment: 'node' };\n"}, []string{"node_modules/ts-node"}, RunnerAuto, true, "jest.config.mts is TypeScript, which jest reads only through esbuild-register, and esbuild-register is not installed"},
		{"docblock loader installed", map[string]string{"jest.config.mts": "/** @jest-config-loader esbuild-register */\nexport default { testEnvironment: 'node' };\n"}, []string{"node_modules/esbuild-register"}, RunnerAuto, false, ""},
		{"js config", map[string]string{"jest.config.js": "module.exports = { testEnvironment: 'node' };\n"}, nil, RunnerAuto, false, ""},
		{"ts config, --runner embedded", map[string]string{"jest.config.ts": "export default { testEnvironment: 'node' };\n"}, nil, RunnerEmbedded, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"src/add.js": addJS, "test/add.test.js": jestTest, "package.json": `{"devDependencies":{"jest":"29"}}`}
			for p, c := range tc.files {
				files[p] = c
			}
			root := testrepo.Git(t, files)
			for _, d := range tc.dirs {
				// An installed package, as Node finds one: its package.json.
				if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, d, "package.json"), []byte(`{"name":"`+filepath.Base(d)+`"}`), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c, err := oracle.ChooseRunner(Options{OracleCmd: "npx jest test/add.test.js", Runner: tc.runner}.oracleOptions(), root, func() (string, error) { return root, nil }, &oracle.Confinement{}, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer c.Runner.Close()
			if got := c.Runner.Name() == RunnerCommand; got != tc.wantCmd {
				t.Fatalf("command runner %v (note %q), want %v", got, c.Note, tc.wantCmd)
			}
			if !strings.Contains(c.Note, tc.why) {
				t.Errorf("note %q, want it to contain %q", c.Note, tc.why)
			}
		})
	}
}
