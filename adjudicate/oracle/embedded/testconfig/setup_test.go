package testconfig

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestVitestSetupFiles: test.setupFiles is honoured when it is literal paths to files in the
// repository, resolved against vitest's root; everything else is a *Refusal whose setting
// names the setup files and why.
func TestVitestSetupFiles(t *testing.T) {
	files := map[string]string{"package.json": vitePkg, "test/setup.ts": "", "test/more.js": "", "pkg/s.js": "",
		"node_modules/setup-pkg/index.js": "", "node_modules/@scope/p/index.js": ""}
	for _, tc := range []struct {
		name, config string // config: vitest.config.ts's text
		want         []string
		refusal      string // a substring of the refusal's setting; "" for none
	}{
		{"none", "export default { test: { globals: true } }", nil, ""},
		{"empty", "export default { test: { setupFiles: [] } }", nil, ""},
		{"a list", "export default defineConfig({ test: { setupFiles: ['./test/setup.ts', 'test/more.js'] } })", []string{"test/setup.ts", "test/more.js"}, ""},
		{"one string", "export default { test: { setupFiles: './test/setup.ts' } }", []string{"test/setup.ts"}, ""},
		{"through a const", "const config = { test: { setupFiles: ['./test/setup.ts'] } };\nexport default config;", []string{"test/setup.ts"}, ""},
		{"typed", "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { setupFiles: ['./test/setup.ts'] as string[] } });", []string{"test/setup.ts"}, ""},
		{"against root", "export default { root: 'pkg', test: { setupFiles: ['./s.js'] } }", []string{"pkg/s.js"}, ""},
		{"against test.root", "export default { root: 'x', test: { root: './pkg', setupFiles: ['s.js'] } }", []string{"pkg/s.js"}, ""},
		{"computed root", "export default { root: here, test: { setupFiles: ['s.js'] } }", nil, "the root here is not a literal path"},
		{"computed", "export default { test: { setupFiles: [resolve(__dirname, 'test/setup.ts')] } }", nil, "not a literal path or list of paths"},
		{"a spread", "export default { test: { ...shared, setupFiles: ['./test/setup.ts'] } }", nil, "a spread of ...shared may set the root"},
		{"spread after", "export default { test: { setupFiles: ['./test/setup.ts'], ...shared } }", nil, "a spread of ...shared may set test.setupFiles"},
		{"a package", "export default { test: { setupFiles: ['setup-pkg'] } }", nil, `"setup-pkg" names a package`},
		{"a scoped package", "export default { test: { setupFiles: ['@scope/p/index.js'] } }", nil, `"@scope/p/index.js" names a package`},
		{"missing", "export default { test: { setupFiles: ['./test/setup'] } }", nil, `"./test/setup" is not a file in the repository`},
		{"absolute", "export default { test: { setupFiles: ['/abs/setup.js'] } }", nil, "is an absolute path"},
		{"outside", "export default { test: { setupFiles: ['../setup.js'] } }", nil, "is outside the repository"},
		{"in node_modules", "export default { test: { setupFiles: ['./node_modules/setup-pkg/index.js'] } }", nil, "is inside node_modules"},
		{"twice", "export default { test: { setupFiles: ['./test/setup.ts'] }, other: { setupFiles: ['x'] } }", nil, "set 2 times"},
		{"outside test", "export default { setupFiles: ['./test/setup.ts'] }", nil, "setupFiles outside a literal test object"},
		{"beside test", "export default { test: { globals: true }, setupFiles: ['./test/setup.ts'] }", nil, "setupFiles outside test.setupFiles"},
		{"no literal config", "export default makeConfig({ test: { setupFiles: ['./test/setup.ts'] } })", nil, "not a literal object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := map[string]string{"vitest.config.ts": tc.config}
			for p, c := range files {
				tree[p] = c
			}
			cfg, err := ReadSuiteConfig(testrepo.Files(t, tree), "")
			if tc.refusal == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !reflect.DeepEqual(cfg.SetupFiles, tc.want) {
					t.Errorf("SetupFiles = %q, want %q", cfg.SetupFiles, tc.want)
				}
				return
			}
			r, ok := errors.AsType[*Refusal](err)
			if !ok {
				t.Fatalf("want a *Refusal naming %q, got %v (SetupFiles %q)", tc.refusal, err, cfg.SetupFiles)
			}
			if r.File != "vitest.config.ts" || !strings.HasPrefix(r.Setting, "setup files (") || !strings.HasSuffix(r.Setting, " in its configuration") || !strings.Contains(r.Setting, tc.refusal) {
				t.Errorf("refusal %q (file %s), want vitest.config.ts and a setting naming the setup files and %q", r.Setting, r.File, tc.refusal)
			}
		})
	}
}

// TestJestSetupFiles: setupFilesAfterEnv is honoured when it is literal relative paths or
// <rootDir> paths to files in the repository, resolved against rootDir; jest's setupFiles (run
// before the test framework is installed) and everything else are refused, naming the key.
func TestJestSetupFiles(t *testing.T) {
	files := map[string]string{"package.json": jestPkg, "test/setup.js": "", "pkg/s.js": "", "node_modules/setup-pkg/index.js": ""}
	for _, tc := range []struct {
		name, file, config string
		want               []string
		refusal            string // a substring of the refusal's setting; "" for none
	}{
		{"none", "jest.config.json", `{"testEnvironment": "node"}`, nil, ""},
		{"empty", "jest.config.json", `{"setupFilesAfterEnv": []}`, nil, ""},
		{"relative", "jest.config.json", `{"setupFilesAfterEnv": ["./test/setup.js"]}`, []string{"test/setup.js"}, ""},
		{"<rootDir>", "jest.config.js", "module.exports = { setupFilesAfterEnv: ['<rootDir>/test/setup.js'] };", []string{"test/setup.js"}, ""},
		{"against rootDir", "jest.config.js", "module.exports = { rootDir: 'pkg', setupFilesAfterEnv: ['<rootDir>/s.js', './s.js'] };", []string{"pkg/s.js", "pkg/s.js"}, ""},
		{"package.json", "package.json", `{"devDependencies": {"jest": "29"}, "jest": {"setupFilesAfterEnv": ["<rootDir>/test/setup.js"]}}`, []string{"test/setup.js"}, ""},
		{"bare path", "jest.config.json", `{"setupFilesAfterEnv": ["test/setup.js"]}`, nil, `"test/setup.js" is not a relative path or one under <rootDir>: jest resolves it as a package`},
		{"a package", "jest.config.json", `{"setupFilesAfterEnv": ["setup-pkg"]}`, nil, "jest resolves it as a package"},
		{"missing", "jest.config.json", `{"setupFilesAfterEnv": ["./test/setup"]}`, nil, `"./test/setup" is not a file in the repository`},
		{"computed", "jest.config.js", "module.exports = { setupFilesAfterEnv: [require.resolve('./test/setup.js')] };", nil, "is not a literal list of paths"},
		{"computed rootDir", "jest.config.js", "module.exports = { rootDir: __dirname, setupFilesAfterEnv: ['<rootDir>/test/setup.js'] };", nil, "rootDir __dirname is not a literal path"},
		{"in projects", "jest.config.js", "module.exports = { projects: [{ setupFilesAfterEnv: ['<rootDir>/test/setup.js'] }] };", nil, "set outside the configuration's top level"},
		{"setupFiles", "jest.config.json", `{"setupFiles": ["./test/setup.js"]}`, nil, "jest setupFiles (setup files jest runs before it installs the test framework"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := map[string]string{}
			for p, c := range files {
				tree[p] = c
			}
			tree[tc.file] = tc.config
			cfg, err := ReadSuiteConfig(testrepo.Files(t, tree), FrameworkJest)
			if tc.refusal == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !reflect.DeepEqual(cfg.SetupFiles, tc.want) {
					t.Errorf("SetupFiles = %q, want %q", cfg.SetupFiles, tc.want)
				}
				return
			}
			r, ok := errors.AsType[*Refusal](err)
			if !ok {
				t.Fatalf("want a *Refusal naming %q, got %v (SetupFiles %q)", tc.refusal, err, cfg.SetupFiles)
			}
			if r.File != tc.file || !strings.HasPrefix(r.Setting, "jest setupFiles") || !strings.HasSuffix(r.Setting, " in its configuration") || !strings.Contains(r.Setting, tc.refusal) {
				t.Errorf("refusal %q (file %s), want %s and a setting naming the key and %q", r.Setting, r.File, tc.file, tc.refusal)
			}
		})
	}
}
