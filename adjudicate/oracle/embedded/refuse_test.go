package embedded

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

const (
	srcSum  = "exports.sum = (a, b) => a + b;\n"
	jestPkg = `{"devDependencies": {"jest": "^29.7.0"}}`
	vitePkg = `{"devDependencies": {"vitest": "^3.2.0"}}`
)

// TestSupportsRefusesByName: what the embedded runner cannot serve — snapshots, module mocks,
// Node built-ins, a DOM environment, module aliases and setup files in the runner's config — is
// an *UnsupportedError naming the file and the thing, so runner choice can fall back with it.
func TestSupportsRefusesByName(t *testing.T) {
	tests := []struct {
		name   string
		fw     Framework
		files  map[string]string
		reason string // substring of Reason(); "" means supported
	}{
		{"snapshot", "", map[string]string{"package.json": jestPkg, "src/sum.js": srcSum,
			"a.test.js": "const { sum } = require('./src/sum');\ntest('s', () => expect(sum(1, 2)).toMatchSnapshot());\n"},
			"a.test.js uses toMatchSnapshot (snapshots read and write files)"},
		{"inline snapshot", "", map[string]string{"package.json": jestPkg,
			"a.test.js": "test('s', () => expect(1).toMatchInlineSnapshot(`1`));\n"}, "toMatchInlineSnapshot (inline snapshots are served under vitest only, not jest)"},
		{"vitest inline snapshot, vitest not installed", "", map[string]string{"package.json": vitePkg,
			"a.test.js": "import { expect, test } from 'vitest';\ntest('s', () => expect(1).toMatchInlineSnapshot(`1`));\n"}, "toMatchInlineSnapshot (the installed vitest's version could not be read"},
		{"vitest 1 inline snapshot", "", map[string]string{"package.json": vitePkg, "node_modules/vitest/package.json": `{"name": "vitest", "version": "1.6.0"}`,
			"a.test.js": "import { expect, test } from 'vitest';\ntest('s', () => expect(1).toMatchInlineSnapshot(`1`));\n"}, "toMatchInlineSnapshot (bond serves the inline snapshots of vitest 2, 3 and 4; vitest 1.6.0 is installed)"},
		{"vitest snapshotFormat", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default { test: { snapshotFormat: { printBasicPrototype: true } } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, "vitest.config.mjs uses snapshot format options"},
		{"vi.mock", "", map[string]string{"package.json": vitePkg, "src/sum.js": srcSum,
			"a.test.js": "import { vi, test, expect } from 'vitest';\nimport { sum } from './src/sum';\nvi.mock('./src/sum');\ntest('m', () => expect(sum).toBeDefined());\n"},
			"a.test.js uses vi.mock (module mocks replace imports)"},
		{"jest.mock", "", map[string]string{"package.json": jestPkg, "src/sum.js": srcSum,
			"a.test.js": "jest.mock('./src/sum');\nconst { sum } = require('./src/sum');\ntest('m', () => expect(sum).toBeDefined());\n"},
			"a.test.js uses jest.mock"},
		{"node built-in", "", map[string]string{"package.json": jestPkg,
			"a.test.js": "const cp = require('child_process');\ntest('f', () => expect(cp).toBeDefined());\n"},
			`a.test.js imports "child_process"`},
		{"jest jsdom", "", map[string]string{"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"testEnvironment": "jsdom"}}`,
			"a.test.js": "test('t', () => {});\n"}, `package.json uses the jest testEnvironment "jsdom"`},
		{"jest moduleNameMapper", "", map[string]string{"package.json": jestPkg,
			"jest.config.js": "module.exports = {\n  moduleNameMapper: { '^@/(?=x)(.*)$': '<rootDir>/src/$1' },\n};\n",
			"a.test.js":      "test('t', () => {});\n"}, "jest.config.js uses jest moduleNameMapper (module aliases: the pattern \"^@/(?=x)(.*)$\" uses a lookaround"},
		{"jest moduleNameMapper honoured", "", map[string]string{"package.json": jestPkg,
			"jest.config.js": "module.exports = {\n  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' },\n};\n",
			"a.test.js":      "test('t', () => {});\n"}, ""},
		{"jest setup files", FrameworkJest, map[string]string{"jest.config.json": `{"setupFilesAfterEnv": ["./setup.js"]}`,
			"a.test.js": "test('t', () => {});\n"}, "jest.config.json uses jest setupFilesAfterEnv"},
		{"vitest happy-dom", "", map[string]string{"package.json": vitePkg,
			"vitest.config.ts": "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { environment: 'happy-dom' } });\n",
			"a.test.js":        "import { test } from 'vitest';\ntest('t', () => {});\n"}, `vitest.config.ts uses the test environment "happy-dom"`},
		{"vitest alias", "", map[string]string{"package.json": vitePkg,
			"vite.config.ts": "export default {\n  resolve: { alias: { '@': '/src' } },\n};\n",
			"a.test.js":      "import { test } from 'vitest';\ntest('t', () => {});\n"}, "vite.config.ts uses resolve.alias"},
		{"vitest computed alias", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mts": "import path from 'node:path';\nexport default { test: { alias: { '@internal': path.relative(__dirname, 'src') } } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, "vitest.config.mts uses resolve.alias (module aliases: test.alias[\"@internal\"] is path.relative"},
		{"vitest isolate false", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default { test: { isolate: false } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, "vitest.config.mjs uses isolate: false (vitest runs the test files of a worker over one module graph"},
		{"vitest isolate true", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default { test: { isolate: true, poolOptions: { threads: { isolate: true } } } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, ""},
		{"vitest pool isolate false", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default { test: { poolOptions: { forks: { 'isolate': false } } } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, "vitest.config.mjs uses isolate: false"},
		{"jest ts-jest transform and preset", "", map[string]string{"package.json": jestPkg,
			"jest.config.ts": "export default {\n  preset: 'ts-jest',\n  transform: { '^.+\\\\.ts$': ['ts-jest', { isolatedModules: true }] },\n};\n",
			"a.test.ts":      "test('t', () => expect(1 as number).toBe(1));\n"}, ""},
		{"jest custom transform", "", map[string]string{"package.json": jestPkg,
			"jest.config.js": "module.exports = { transform: { '\\\\.svg$': './svg-transform.js', '\\\\.ts$': 'ts-jest' } };\n",
			"a.test.js":      "test('t', () => {});\n"}, "jest.config.js uses a custom transform (./svg-transform.js)"},
		{"jest preset", "", map[string]string{"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"preset": "jest-expo"}}`,
			"a.test.js": "test('t', () => {});\n"}, "package.json uses a preset (jest-expo)"},
		{"commented-out setting", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default {\n  test: {\n    // environment: 'jsdom',\n    /* setupFiles: ['x'], */\n  },\n};\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, ""},
		{"node environment", "", map[string]string{"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"testEnvironment": "node"}}`,
			"a.test.js": "test('t', () => {});\n"}, ""},
		{"vitest unstubEnvs", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default { test: { unstubEnvs: true } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, "vitest.config.mjs uses unstubEnvs (vi.unstubAllEnvs before each test)"},
		{"vitest unstubGlobals", "", map[string]string{"package.json": vitePkg,
			"vitest.config.mjs": "export default { test: { unstubGlobals: true } };\n",
			"a.test.js":         "import { test } from 'vitest';\ntest('t', () => {});\n"}, "unstubGlobals (vi.unstubAllGlobals before each test)"},
		{"vi.stubEnv is served", "", map[string]string{"package.json": vitePkg,
			"a.test.js": "import { test, expect, vi } from 'vitest';\ntest('t', () => { vi.stubEnv('X', 'y'); expect(process.env.X).toBe('y'); vi.unstubAllEnvs(); expect(process.env.X).toBe(undefined); });\n"}, ""},
		{"tsconfig paths are honoured", "", map[string]string{"package.json": vitePkg, "src/sum.js": srcSum,
			"tsconfig.json": `{"compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": ["src/*"]}}}`,
			"a.test.ts":     "import { test, expect } from 'vitest';\nimport { sum } from '@lib/sum';\ntest('t', () => expect(sum(1, 2)).toBe(3));\n"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := testrepo.Files(t, tt.files)
			var files []string
			for p := range tt.files {
				if strings.Contains(p, ".test.") {
					files = append(files, p)
				}
			}
			err := Supports(root, files, Options{Framework: tt.fw})
			if tt.reason == "" {
				if err != nil {
					t.Fatalf("want supported, got %v", err)
				}
				r := newRunnerAt(t, root, files, Options{Framework: tt.fw})
				if res := run(t, r, nil, time.Minute); !res.Passed {
					t.Fatalf("want a passing run:\n%s", res.Output)
				}
				return
			}
			var ue *UnsupportedError
			if !errors.As(err, &ue) {
				t.Fatalf("want *UnsupportedError, got %v", err)
			}
			if !strings.Contains(ue.Reason(), tt.reason) {
				t.Errorf("reason %q, want it to contain %q", ue.Reason(), tt.reason)
			}
			if !strings.HasSuffix(ue.Error(), "use --runner node") {
				t.Errorf("the error should send the user to the node runner: %s", ue.Error())
			}
		})
	}
}

func newRunnerAt(t *testing.T, root string, files []string, opts Options) *Runner {
	t.Helper()
	r, err := New(root, files, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// TestVitestGlobals: vitest's globals exist only with `globals: true`, as under vitest, where a
// file that uses describe without importing it fails; jest always has them.
func TestVitestGlobals(t *testing.T) {
	body := "describe('s', () => { it('t', () => expect(typeof vi).toBe('object')); });\n"
	tests := []struct {
		name   string
		files  map[string]string
		passed bool
	}{
		{"vitest globals true", map[string]string{"package.json": vitePkg, "vitest.config.js": "export default { test: { globals: true } };\n", "a.test.js": body}, true},
		{"vitest without globals", map[string]string{"package.json": vitePkg, "vitest.config.js": "export default { test: {} };\n", "a.test.js": body}, false},
		{"jest has globals but no vi", map[string]string{"package.json": jestPkg, "a.test.js": body}, false},
		{"jest", map[string]string{"package.json": jestPkg, "a.test.js": strings.ReplaceAll(body, "vi)", "jest)")}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRunnerAt(t, testrepo.Files(t, tt.files), []string{"a.test.js"}, Options{})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed != tt.passed {
				t.Errorf("passed = %v, want %v:\n%s", res.Passed, tt.passed, res.Output)
			}
		})
	}
}

// TestReadSuiteConfig: what ReadSuiteConfig tells runner choice of a repository's setup.
func TestReadSuiteConfig(t *testing.T) {
	tests := []struct {
		name  string
		want  Framework
		files map[string]string
		cfg   SuiteConfig
	}{
		{"no runner", "", map[string]string{"package.json": `{}`}, SuiteConfig{Framework: FrameworkNodeTest}},
		{"jest by dependency", "", map[string]string{"package.json": jestPkg}, SuiteConfig{Framework: FrameworkJest, Globals: true}},
		{"jest testMatch", "", map[string]string{"package.json": `{"jest": {"testMatch": ["**/*.check.js"]}}`},
			SuiteConfig{Framework: FrameworkJest, Globals: true, File: "package.json", OwnTestFiles: true}},
		{"jest injectGlobals false", "", map[string]string{"jest.config.js": "module.exports = { injectGlobals: false };\n"},
			SuiteConfig{Framework: FrameworkJest, File: "jest.config.js"}},
		{"vitest globals", "", map[string]string{"package.json": vitePkg, "vitest.config.ts": "export default { test: { globals: true } };\n"},
			SuiteConfig{Framework: FrameworkVitest, Globals: true, File: "vitest.config.ts"}},
		{"vitest include", "", map[string]string{"package.json": vitePkg, "vite.config.mjs": "export default { test: { include: ['spec/**'] } };\n"},
			SuiteConfig{Framework: FrameworkVitest, File: "vite.config.mjs", OwnTestFiles: true}},
		{"both, jest asked for", FrameworkJest, map[string]string{"package.json": `{"devDependencies": {"jest": "29", "vitest": "3"}}`, "vitest.config.js": "export default {};\n"},
			SuiteConfig{Framework: FrameworkJest, Globals: true}},
		{"both, detected", "", map[string]string{"package.json": `{"devDependencies": {"jest": "29", "vitest": "3"}}`, "vitest.config.js": "export default {};\n"},
			SuiteConfig{Framework: FrameworkVitest, File: "vitest.config.js"}},
		{"vitest setupFiles, against the root", "", map[string]string{"package.json": vitePkg, "pkg/test/setup.ts": "", "pkg/test/more.js": "",
			"vitest.config.ts": "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ root: 'pkg', test: { setupFiles: ['./test/setup.ts', 'test/more.js'] } });\n"},
			SuiteConfig{Framework: FrameworkVitest, File: "vitest.config.ts", OwnTestFiles: true, SetupFiles: []string{"pkg/test/setup.ts", "pkg/test/more.js"}}},
		{"vitest setupFiles, one string", "", map[string]string{"package.json": vitePkg, "setup.js": "",
			"vitest.config.mjs": "export default { test: { setupFiles: './setup.js' } };\n"},
			SuiteConfig{Framework: FrameworkVitest, File: "vitest.config.mjs", SetupFiles: []string{"setup.js"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadSuiteConfig(testrepo.Files(t, tt.files), tt.want)
			if err != nil {
				t.Fatal(err)
			}
			got.Patterns = nil // what they say is TestConfigPatterns' concern
			if !reflect.DeepEqual(got, tt.cfg) {
				t.Errorf("got %+v, want %+v", got, tt.cfg)
			}
		})
	}
	if _, err := ReadSuiteConfig(testrepo.Files(t, map[string]string{"package.json": "{"}), ""); err == nil || !strings.Contains(err.Error(), "package.json") {
		t.Errorf("a malformed package.json should be an error naming it, got %v", err)
	}
}

// TestNamesSurviveBundling: a class or function renamed by the bundle (its name collides with
// another module's binding) keeps its .name, as code reading constructor.name expects.
func TestNamesSurviveBundling(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"package.json": jestPkg,
		"src/shapes.js": "class Rect { constructor() { this.kind = this.constructor.name; } }\n" +
			"function area() { return 1; }\nmodule.exports = { Rect, area };\n",
		"a.test.js": "const { Rect, area } = require('./src/shapes');\n" +
			"test('names', () => { expect(new Rect().kind).toBe('Rect'); expect(Rect.name).toBe('Rect'); expect(area.name).toBe('area'); });\n",
	})
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
	if res := run(t, r, nil, time.Minute); !res.Passed {
		t.Fatalf("names should survive bundling:\n%s", res.Output)
	}
}

// TestEmptyTestFile: jest and vitest fail a test file that declares no test; node --test passes.
func TestEmptyTestFile(t *testing.T) {
	for _, tt := range []struct {
		fw     Framework
		passed bool
	}{{FrameworkJest, false}, {FrameworkVitest, false}, {FrameworkNodeTest, true}} {
		root := testrepo.Files(t, map[string]string{"a.test.js": "const x = 1;\n"})
		r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: tt.fw})
		if res := run(t, r, nil, time.Minute); res.Passed != tt.passed {
			t.Errorf("%s: passed = %v, want %v:\n%s", tt.fw, res.Passed, tt.passed, res.Output)
		}
	}
}
