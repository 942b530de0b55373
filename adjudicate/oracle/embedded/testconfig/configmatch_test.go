package testconfig

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/bond-tool/bond/internal/testneed"

	"github.com/bond-tool/bond/internal/testrepo"
)

// describePatterns prints the settings p holds, in a fixed order, for comparison.
func describePatterns(p *TestPatterns) string {
	if p == nil {
		return "<nil>"
	}
	var out []string
	add := func(k string, v any) {
		switch v := v.(type) {
		case []string:
			if len(v) > 0 {
				out = append(out, fmt.Sprintf("%s=%q", k, v))
			}
		case string:
			if v != "" {
				out = append(out, fmt.Sprintf("%s=%q", k, v))
			}
		}
	}
	add("testMatch", p.TestMatch)
	add("testRegex", p.TestRegex)
	add("roots", p.Roots)
	add("ignore", p.Ignore)
	add("ext", p.Extensions)
	add("rootDir", p.RootDir)
	add("include", p.Include)
	add("exclude", p.Exclude)
	add("dir", p.Dir)
	add("root", p.Root)
	return p.File + ": " + strings.Join(out, " ")
}

// TestConfigPatterns: the test-file settings ReadSuiteConfig reads from jest and vitest configs
// as literals, scoped by nesting, and the reason it gives for a setting that is not a literal.
func TestConfigPatterns(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		own   bool
		want  string // describePatterns of Patterns when own and read
		why   string // a substring of Unread when own and not read
	}{
		{"jest ts, typed const exported", map[string]string{"package.json": jestPkg, "jest.config.ts": "import type { Config } from 'jest';\n\n" +
			"const config: Config = {\n  preset: 'ts-jest',\n  moduleFileExtensions: ['ts', 'js'],\n  transform: { '^.+\\\\.ts$': 'ts-jest' },\n" +
			"  testMatch: ['**/src/**/*.test.ts'],\n  collectCoverage: true,\n  coverageThreshold: { global: { lines: 100 } },\n};\n\nexport default config;\n"},
			true, `jest.config.ts: testMatch=["**/src/**/*.test.ts"] ext=["ts" "js"]`, ""},
		{"jest js, module.exports, commented-out testMatch", map[string]string{"package.json": jestPkg, "jest.config.js": "// testMatch: ['x'],\n" +
			"module.exports = {\n  /* roots: ['a'] */\n  testRegex: '(/__tests__/.*|\\\\.spec)\\\\.js$',\n  testPathIgnorePatterns: [\"/node_modules/\", '<rootDir>/fixtures/'],\n};\n"},
			true, `jest.config.js: testRegex=["(/__tests__/.*|\\.spec)\\.js$"] ignore=["/node_modules/" "<rootDir>/fixtures/"]`, ""},
		{"jest json", map[string]string{"package.json": jestPkg, "jest.config.json": `{"roots": ["<rootDir>/src"], "rootDir": "."}`},
			true, `jest.config.json: roots=["<rootDir>/src"] rootDir="."`, ""},
		{"package.json jest key", map[string]string{"package.json": `{"devDependencies": {"jest": "29"}, "jest": {"testMatch": ["**/*.check.js"], "coverageThreshold": {"global": {"lines": 90}}}}`},
			true, `package.json: testMatch=["**/*.check.js"]`, ""},
		{"jest testRegex array, coverage keys are not patterns", map[string]string{"package.json": jestPkg, "jest.config.cjs": "module.exports = { testRegex: ['a\\\\.t\\\\.js$', 'b\\\\.t\\\\.js$'], collectCoverageFrom: ['src/**'] };\n"},
			true, `jest.config.cjs: testRegex=["a\\.t\\.js$" "b\\.t\\.js$"]`, ""},
		{"jest no test-file settings", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { collectCoverageFrom: ['src/**'], verbose: true };\n"},
			false, "", ""},
		{"jest variable", map[string]string{"package.json": jestPkg, "jest.config.js": "const pats = ['**/*.t.js'];\nmodule.exports = { testMatch: pats };\n"},
			true, "", "jest.config.js sets testMatch to pats, not a string or an array of strings"},
		{"jest spread may set roots", map[string]string{"package.json": jestPkg, "jest.config.js": "const base = require('./base');\nmodule.exports = { ...base, testMatch: ['**/*.t.js'] };\n"},
			true, "", "jest.config.js spreads ...base into its configuration, which may set projects"},
		{"jest template with substitution", map[string]string{"package.json": jestPkg, "jest.config.js": "const d = 'src';\nmodule.exports = { testMatch: [`${d}/**/*.t.js`] };\n"},
			true, "", "sets testMatch to [`${d}/**/*.t.js`]"},
		{"jest function export", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = async () => ({ testMatch: ['**/*.t.js'] });\n"},
			true, "", "jest.config.js exports a configuration that is not a literal object (async () =>"},
		{"jest function export without test-file settings", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = async () => ({ verbose: true });\n"},
			false, "", ""},
		{"jest config mutated after its declaration", map[string]string{"package.json": jestPkg, "jest.config.js": "const config = { verbose: true };\nconfig.testMatch = ['**/*.t.js'];\nmodule.exports = config;\n"},
			true, "", "not a literal object (config)"},
		{"jest config bond cannot parse", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { testMatch: ['a' };\n"},
			true, "", "jest.config.js exports a configuration bond cannot parse (jest.config.js: Expected"},
		{"jest projects", map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = { projects: ['a', 'b'] };\n"},
			true, "", "sets projects"},
		{"vitest coverage include is not test include", map[string]string{"package.json": vitePkg, "vitest.config.mts": "import { defineConfig } from \"vitest/config\";\n\n" +
			"export default defineConfig({\n  test: {\n    coverage: {\n      include: [\"src/**/*.ts\"],\n      exclude: [\"src/**/*.spec.ts\"],\n    },\n  },\n});\n"},
			false, "", ""},
		{"vitest test include and exclude", map[string]string{"package.json": vitePkg, "vitest.config.ts": "import { defineConfig } from 'vitest/config';\n" +
			"export default defineConfig({ test: { include: ['src/**/*.spec.ts'], coverage: { include: ['src/**'] }, exclude: ['**/node_modules/**', 'src/slow/**'] } });\n"},
			true, `vitest.config.ts: include=["src/**/*.spec.ts"] exclude=["**/node_modules/**" "src/slow/**"]`, ""},
		{"vite root and test dir", map[string]string{"package.json": vitePkg, "vite.config.js": "export default { root: 'pkg', test: { dir: 'tests' } };\n"},
			true, `vite.config.js: dir="tests" root="pkg"`, ""},
		{"vitest function config", map[string]string{"package.json": vitePkg, "vitest.config.ts": "import { defineConfig } from 'vitest/config';\nexport default defineConfig(({ mode }) => ({ test: { include: ['a/**'] } }));\n"},
			true, "", "vitest.config.ts exports a configuration that is not a literal object"},
		{"vitest mergeConfig", map[string]string{"package.json": vitePkg, "vitest.config.ts": "import { defineConfig, mergeConfig } from 'vitest/config';\nimport vite from './vite.config';\n" +
			"export default mergeConfig(vite, defineConfig({ test: { include: ['a/**'] } }));\n"},
			true, "", "mergeConfig(vite"},
		{"vitest exclude spreads the defaults", map[string]string{"package.json": vitePkg, "vitest.config.ts": "import { configDefaults, defineConfig } from 'vitest/config';\n" +
			"export default defineConfig({ test: { exclude: [...configDefaults.exclude, 'e2e/**'] } });\n"},
			true, "", "sets test.exclude to [...configDefaults.exclude, \"e2e/**\"]"},
		{"vitest test is a variable", map[string]string{"package.json": vitePkg, "vitest.config.js": "import shared from './shared.js';\nexport default { test: shared };\n"},
			true, "", "sets test to shared, not an object literal"},
		{"vitest test sets no patterns", map[string]string{"package.json": vitePkg, "vitest.config.js": "export default { test: { globals: true, coverage: { exclude: ['x'] } } };\n"},
			false, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := ReadSuiteConfig(testrepo.Files(t, tt.files), "")
			if err != nil {
				t.Fatal(err)
			}
			if cfg.OwnTestFiles != tt.own {
				t.Fatalf("OwnTestFiles = %v, want %v (patterns %s, unread %q)", cfg.OwnTestFiles, tt.own, describePatterns(cfg.Patterns), cfg.Unread)
			}
			switch {
			case !tt.own:
				if cfg.Patterns != nil || cfg.Unread != "" {
					t.Errorf("a config without test-file settings: patterns %s, unread %q", describePatterns(cfg.Patterns), cfg.Unread)
				}
			case tt.why != "":
				if cfg.Patterns != nil || !strings.Contains(cfg.Unread, tt.why) {
					t.Errorf("patterns %s, unread %q; want no patterns and a reason containing %q", describePatterns(cfg.Patterns), cfg.Unread, tt.why)
				}
			default:
				if got := describePatterns(cfg.Patterns); got != tt.want || cfg.Unread != "" {
					t.Errorf("patterns\n got %s (unread %q)\nwant %s", got, cfg.Unread, tt.want)
				}
			}
		})
	}
}

// TestConfigFiles: the files TestPatterns.Files lists — the config's patterns applied to the
// tree, narrowed by the command's arguments as the runner reads them — and each reason it gives
// instead of a list.
func TestConfigFiles(t *testing.T) {
	tree := map[string]string{
		"src/a.test.ts": "", "src/b.test.ts": "", "src/util.ts": "", "src/c.test.mts": "", "test/c.test.ts": "",
		"src/__tests__/d.js": "", "fixtures/e.test.ts": "", "dist/f.test.js": "", "src/dist/g.test.ts": "",
		"node_modules/pkg/h.test.js": "", "src/format.spec.ts": "", "src/slow/s.spec.ts": "",
	}
	jest := func(cfg string) map[string]string {
		return map[string]string{"package.json": jestPkg, "jest.config.js": "module.exports = " + cfg + ";\n"}
	}
	vitest := func(cfg string) map[string]string {
		return map[string]string{"package.json": vitePkg, "vitest.config.ts": "export default " + cfg + ";\n"}
	}
	tests := []struct {
		name           string
		config         map[string]string
		filters, named []string
		links          map[string]string // symbolic links to make: path → target
		want           string            // the files, space-separated
		why            string            // a substring of the reason, when there is one
	}{
		{"jest testMatch, named files inside it", jest(`{ testMatch: ['**/src/**/*.test.ts'] }`), []string{"src/a.test.ts"}, []string{"src/a.test.ts"}, nil, "src/a.test.ts", ""},
		{"jest testMatch, the whole suite", jest(`{ testMatch: ['**/src/**/*.test.ts'] }`), nil, nil, nil, "src/a.test.ts src/b.test.ts src/dist/g.test.ts", ""},
		{"jest testMatch, a named file outside it", jest(`{ testMatch: ['**/src/**/*.test.ts'] }`), []string{"src/a.test.ts", "test/c.test.ts"}, []string{"src/a.test.ts", "test/c.test.ts"}, nil, "",
			`jest would not run test/c.test.ts: it does not match testMatch ["**/src/**/*.test.ts"] (jest.config.js)`},
		{"jest arguments are regular expressions", jest(`{ testMatch: ['<rootDir>/src/**/*.test.ts'] }`), []string{"src/[ab]\\.test"}, nil, nil, "src/a.test.ts src/b.test.ts", ""},
		{"jest arguments are case-insensitive", jest(`{ testMatch: ['**/src/**/*.test.ts'] }`), []string{"SRC/A.TEST"}, nil, nil, "src/a.test.ts", ""},
		{"jest testRegex", jest(`{ testRegex: '/__tests__/.*\\.js$' }`), nil, nil, nil, "src/__tests__/d.js", ""},
		{"jest roots with the default testMatch", jest(`{ roots: ['<rootDir>/test'] }`), nil, nil, nil, "test/c.test.ts", ""},
		{"jest ignore patterns", jest(`{ testMatch: ['**/*.test.ts'], testPathIgnorePatterns: ['/node_modules/', '<rootDir>/src/', '/fixtures/'] }`), nil, nil, nil, "test/c.test.ts", ""},
		{"jest moduleFileExtensions", jest(`{ roots: ['<rootDir>/src'], moduleFileExtensions: ['ts'] }`), nil, nil, nil, "src/a.test.ts src/b.test.ts src/dist/g.test.ts src/format.spec.ts src/slow/s.spec.ts", ""},
		{"jest default extensions, a version-dependent file", jest(`{ roots: ['<rootDir>/src'] }`), nil, nil, nil, "", "whether jest runs src/c.test.mts depends on its version"},
		{"jest pattern depends on the checkout's place", jest(`{ testMatch: ['/$TMP/**/*.test.ts', '**/nowhere/**'] }`), nil, nil, nil, "", "depends on the directory the repository is in"},
		{"jest extglob", jest(`{ testMatch: ['**/?(*.)+(spec|test).ts'] }`), nil, nil, nil, "", "uses glob syntax bond does not match"},
		{"jest lookahead", jest(`{ testRegex: '^(?!.*fixtures).*\\.test\\.ts$' }`), nil, nil, nil, "", "a regular expression bond cannot read"},
		{"jest finds nothing", jest(`{ testMatch: ['**/*.check.js'] }`), []string{"src/a.test.ts"}, nil, nil, "", "jest finds no test file for src/a.test.ts under jest.config.js's test patterns"},
		{"jest rootDir outside", jest(`{ rootDir: '..' }`), nil, nil, nil, "", "rootDir \"..\" is outside the repository"},
		{"vitest include and exclude, a filter", vitest(`{ test: { include: ['src/**/*.spec.ts'], exclude: ['**/node_modules/**', 'src/slow/**'] } }`), []string{"format"}, nil, nil, "src/format.spec.ts", ""},
		{"vitest include, a named file outside it", vitest(`{ test: { include: ['src/**/*.spec.ts'] } }`), []string{"test/c.test.ts"}, []string{"test/c.test.ts"}, nil, "",
			`vitest would not run test/c.test.ts: it does not match test.include ["src/**/*.spec.ts"]`},
		{"vitest picomatch groups (reselect's include)", vitest(`{ test: { include: ['./src/**/*.(spec|test).[jt]s?(x)'], exclude: ['**/node_modules/**', '**/dist/**'] } }`), nil, nil, nil,
			"src/a.test.ts src/b.test.ts src/format.spec.ts src/slow/s.spec.ts", ""},
		{"vitest @() and a group in exclude", vitest(`{ test: { include: ['src/**/*.@(spec).ts'], exclude: ['**/node_modules/**', 'src/(slow|dist)/**'] } }`), nil, nil, nil,
			"src/format.spec.ts", ""},
		{"vitest *() extglob", vitest(`{ test: { include: ['src/**/*.*(spec|test).ts'] } }`), nil, nil, nil, "", `test pattern "src/**/*.*(spec|test).ts" uses glob syntax bond does not match`},
		{"vitest nested group", vitest(`{ test: { include: ['src/**/*.(a|(b|c)).ts'] } }`), nil, nil, nil, "", "uses glob syntax bond does not match"},
		{"vitest excluded directories, an include that cannot reach node_modules (yaml's)", vitest(`{ test: { include: ['src/**/*.ts'], exclude: ['src/_*', 'src/slow/', 'src/dist'] } }`), nil, nil, nil,
			"src/a.test.ts src/b.test.ts src/format.spec.ts src/util.ts", ""},
		{"vitest exclude leaves node_modules in", vitest(`{ test: { exclude: ['src/slow/**'] } }`), nil, nil, nil, "", "does not exclude node_modules"},
		{"vitest test dir, default exclude differs by version", vitest(`{ test: { dir: 'src' } }`), []string{"g.test"}, nil, nil, "", "whether vitest runs src/dist/g.test.ts depends on its version"},
		{"vitest test dir", vitest(`{ test: { dir: 'src' } }`), []string{"a.test", "B.TEST"}, nil, nil, "src/a.test.ts src/b.test.ts", ""},
		{"vitest follows a linked test file", vitest(`{ test: { include: ['src/**/*.spec.ts'] } }`), nil, nil, map[string]string{"src/linked.spec.ts": "format.spec.ts"},
			"src/format.spec.ts src/linked.spec.ts src/slow/s.spec.ts", ""},
		{"vitest follows a linked directory", vitest(`{ test: { include: ['src/**/*.spec.ts'] } }`), nil, nil, map[string]string{"src/more": "../test"}, "",
			"src/more is a symbolic link to a directory"},
		{"jest skips links", jest(`{ testMatch: ['**/src/**/*.test.ts'] }`), nil, nil, map[string]string{"src/linked.test.ts": "a.test.ts", "src/more": "../test", "node_modules/x": "../src"},
			"src/a.test.ts src/b.test.ts src/dist/g.test.ts", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			for p, c := range tree {
				files[p] = c
			}
			for p, c := range tt.config {
				// $TMP is the first directory of the temporary tree the repository is in.
				files[p] = strings.ReplaceAll(c, "$TMP", strings.Split(filepath.ToSlash(os.TempDir()), "/")[1])
			}
			root := testrepo.Files(t, files)
			for link, target := range tt.links {
				if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
					t.Fatal(err)
				}
			}
			cfg, err := ReadSuiteConfig(root, "")
			if err != nil || cfg.Patterns == nil {
				t.Fatalf("ReadSuiteConfig: %v, unread %q", err, cfg.Unread)
			}
			got, why := cfg.Patterns.Files(root, tt.filters, tt.named)
			if tt.why != "" {
				if got != nil || !strings.Contains(why, tt.why) {
					t.Fatalf("files %q, why %q; want no files and a reason containing %q", got, why, tt.why)
				}
				return
			}
			if why != "" || strings.Join(got, " ") != tt.want {
				t.Fatalf("files %q (why %q), want %s", got, why, tt.want)
			}
		})
	}
}

// FuzzReadConfigProgram: reading any program as a config never panics, and whatever it reads
// for the test-file settings is either patterns or a reason, never both.
func FuzzReadConfigProgram(f *testing.F) {
	for _, s := range []string{
		"export default defineConfig({ test: { include: ['a/**'], coverage: { include: ['b'] } } });",
		"const c = { testMatch: ['**/*.t.js'], ...x, [k]: 1, get a() { return 1 }, b() {}, d };\nmodule.exports = c;",
		"module.exports = { testRegex: [`a`, 'b\\\\.js$', /re/], roots: [,] };",
		"export default { test: ", "module.exports = [1, 2", "export default defineConfig(",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, fw := range []Framework{FrameworkJest, FrameworkVitest} {
			v, found, err := readConfigProgram("c.js", src)
			p, own, why := readTestPatterns(fw, "c.js", src, v, found, err)
			if p != nil && why != "" || !own && (p != nil || why != "") {
				t.Fatalf("%s: patterns %s own %v why %q", fw, describePatterns(p), own, why)
			}
		}
	})
}

// TestPicoGroupsParity: the globs picoGroups rewrites match, under doublestar, exactly the paths
// picomatch (vitest 3's matcher, through tinyglobby; the parity fixture's install) matches.
func TestPicoGroupsParity(t *testing.T) {
	pm, err := filepath.Abs("../testdata/parity/node_modules/picomatch")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(pm); err != nil {
		testneed.Missing(t, "picomatch is not installed under adjudicate/oracle/embedded/testdata/parity; run npm ci there (scripts/test does)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH")
	}
	globs := []string{"test/**/*.(spec|test).[jt]s?(x)", "src/**/*.@(spec).ts", "src/(slow|dist)/**", "**/?(a|bb)x.js", "src/*.(a|b|).ts"}
	paths := []string{"test/a.test.ts", "test/x/a.spec.tsx", "test/a.test.js", "test/a.test.jsx", "test/a.test.tsxx", "test/a.foo.ts",
		"test/a.(spec|test).ts", "test/a.test.t", "src/a.spec.ts", "src/a.test.ts", "src/slow/s.ts", "src/dist/g.ts", "src/a.ts", "src/.ts",
		"x.js", "ax.js", "bbx.js", "abx.js", "d/bbx.js", "src/a.b.ts", "src/b.ts"}
	script := `const pm = require(process.argv[1]); const [globs, paths] = JSON.parse(process.argv[2]);
process.stdout.write(JSON.stringify(globs.map(g => paths.map(p => pm(g)(p)))));`
	arg, _ := json.Marshal([][]string{globs, paths})
	out, err := exec.Command("node", "-e", script, pm, string(arg)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want [][]bool
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for gi, g := range globs {
		rw := picoGroups(g)
		if rw == "" {
			t.Errorf("picoGroups(%q) refused", g)
			continue
		}
		for pi, p := range paths {
			got, _ := doublestar.Match(rw, p)
			if got != want[gi][pi] {
				t.Errorf("%q (as %q) on %q: doublestar %v, picomatch %v", g, rw, p, got, want[gi][pi])
			}
		}
	}
}

// TestVitestFilesParity: the files bond lists under a vitest config's include and exclude are
// the files tinyglobby (vitest 3's search: expandDirectories off, dot on; the parity fixture's
// install) finds with them — an excluded directory with or without its trailing slash, an
// include that cannot reach node_modules, picomatch's groups.
func TestVitestFilesParity(t *testing.T) {
	tg, err := filepath.Abs("../testdata/parity/node_modules/tinyglobby")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tg); err != nil {
		testneed.Missing(t, "tinyglobby is not installed under adjudicate/oracle/embedded/testdata/parity; run npm ci there (scripts/test does)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		testneed.Missing(t, "node is not on PATH")
	}
	tree := map[string]string{"tests/doc/parse.ts": "", "tests/_setup.ts": "", "tests/_utils/u.ts": "", "tests/artifacts/a.ts": "",
		"tests/fixtures/f.js": "", "tests/cli.test.js": "", "tests/x.spec.tsx": "", "node_modules/p/tests/n.ts": "", "src/a.ts": ""}
	for _, tc := range []struct{ include, exclude []string }{
		{[]string{"tests/**/*.{js,ts}"}, []string{"tests/_*", "tests/artifacts/", "tests/fixtures"}},
		{[]string{"./tests/**/*.(spec|test).[jt]s?(x)"}, []string{"**/node_modules/**", "tests/artifacts/**"}},
		{[]string{"tests/**/*.ts", "tests/*.js"}, []string{"tests/doc"}},
	} {
		t.Run(strings.Join(tc.include, ","), func(t *testing.T) {
			js, _ := json.Marshal(map[string][]string{"include": tc.include, "exclude": tc.exclude})
			files := map[string]string{"package.json": vitePkg, "vitest.config.mjs": "export default { test: " + string(js) + " };\n"}
			for p, c := range tree {
				files[p] = c
			}
			root := testrepo.Files(t, files)
			cfg, err := ReadSuiteConfig(root, "")
			if err != nil || cfg.Patterns == nil {
				t.Fatalf("config: %v, %s", err, cfg.Unread)
			}
			got, why := cfg.Patterns.Files(root, nil, nil)
			if why != "" {
				t.Fatalf("bond: %s", why)
			}
			script := `const { glob } = require(process.argv[1]); const o = JSON.parse(process.argv[3]);
glob(o.include, { cwd: process.argv[2], ignore: o.exclude, dot: true, expandDirectories: false }).then(r => process.stdout.write(JSON.stringify(r.sort())));`
			out, err := exec.Command("node", "-e", script, tg, root, string(js)).Output()
			if err != nil {
				t.Fatalf("node: %v", err)
			}
			var want []string
			if err := json.Unmarshal(out, &want); err != nil {
				t.Fatal(err)
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("bond lists %q, tinyglobby finds %q", got, want)
			}
		})
	}
}
