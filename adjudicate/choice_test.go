package adjudicate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
)

// clampLib is the library under test of the jest and vitest fixtures: the tests below pin the
// low branch and leave the high one to chance.
const clampLib = `function clamp(n, lo, hi) {
  if (n < lo) {
    return lo;
  }
  if (n > hi) {
    return hi;
  }
  return n;
}
`

const clampTests = `describe('clamp', () => {
  test('keeps a number inside the range', () => {
    expect(clamp(5, 0, 10)).toBe(5);
  });
  test('raises a number below the range', () => {
    expect(clamp(-1, 0, 10)).toBe(0);
  });
});
`

// runnerFixture is a small repository whose tests run under a real runner installed in one of
// testdata/coverage's fixtures (npm ci there), linked in as node_modules.
func runnerFixture(t *testing.T, modules string, files map[string]string) string {
	t.Helper()
	needNode(t)
	nm, err := filepath.Abs(filepath.Join("..", "testdata", "coverage", modules, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, ".bin")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the %s fixture's runner is not installed (%v): run npm ci in testdata/coverage/%s", modules, err, modules)
		}
		t.Skipf("the %s fixture's runner is not installed: run npm ci in testdata/coverage/%s", modules, modules)
	}
	files[".gitignore"] = "node_modules\n"
	root := writeRepo(t, files)
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return root
}

// The user's usual jest or vitest command runs in the embedded runner under --runner auto and as
// the command itself under --runner node, and the two give the same facts and verdicts mutant by
// mutant: the killed and the accepted, the line that never ran, and the test that killed.
func TestOracleCommandEmbeddedParity(t *testing.T) {
	cases := []struct {
		name, modules, cmd string
		files              map[string]string
	}{
		{"jest", "jest", "npx jest test/clamp.test.js", map[string]string{
			"package.json":       `{"name":"clamp","private":true,"scripts":{"test":"jest"},"devDependencies":{"jest":"29.7.0"}}`,
			"src/clamp.js":       clampLib + "module.exports = { clamp };\n",
			"test/clamp.test.js": "const { clamp } = require('../src/clamp.js');\n\n" + clampTests,
		}},
		// A config naming its own test files, read as literals, keeps the embedded runner.
		{"jest", "jest", "npx jest test/clamp.test.js", map[string]string{
			"package.json": `{"name":"clamp","private":true,"scripts":{"test":"jest"},"devDependencies":{"jest":"29.7.0"}}`,
			"jest.config.js": "/** @type {import('jest').Config} */\nconst config = {\n  testMatch: ['**/test/**/*.test.js'],\n" +
				"  testPathIgnorePatterns: ['/node_modules/'],\n  collectCoverageFrom: ['src/**/*.js'],\n};\n\nmodule.exports = config;\n",
			"src/clamp.js":       clampLib + "module.exports = { clamp };\n",
			"test/clamp.test.js": "const { clamp } = require('../src/clamp.js');\n\n" + clampTests,
		}},
		{"vitest", "vitest", "npm test -- test/clamp.test.js", map[string]string{
			"package.json":       `{"name":"clamp","private":true,"type":"module","scripts":{"test":"vitest run"},"devDependencies":{"vitest":"3.2.4"}}`,
			"src/clamp.js":       "export " + clampLib,
			"test/clamp.test.js": "import { describe, expect, test } from 'vitest';\nimport { clamp } from '../src/clamp.js';\n" + clampTests,
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name+configName(tc.files), func(t *testing.T) {
			root := runnerFixture(t, tc.modules, tc.files)
			muts := []plan.Mutant{
				mutantAt(t, root, "src/clamp.js", 2, "invert-comparison", "<", "<="),
				mutantAt(t, root, "src/clamp.js", 3, "return-sentinel", "return lo;", "return undefined;"),
				mutantAt(t, root, "src/clamp.js", 5, "invert-comparison", ">", "<="),
				mutantAt(t, root, "src/clamp.js", 6, "return-sentinel", "return hi;", "return undefined;"),
			}
			front := plan.Front{Files: []plan.FileInfo{{Path: "src/clamp.js", Added: []int{2, 3, 5, 6}}}}
			reports := map[string]*Report{}
			for _, runner := range []string{RunnerAuto, RunnerNode} {
				o, err := Options{Plan: plan.Options{Repo: root}, OracleCmd: tc.cmd, Runner: runner, Jobs: 2, Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll}.withDefaults()
				if err != nil {
					t.Fatal(err)
				}
				rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
				if err != nil {
					t.Fatalf("--runner %s: %v", runner, err)
				}
				reports[runner] = rep
			}
			emb, cmd := reports[RunnerAuto], reports[RunnerNode]
			if emb.Run.Runner != RunnerEmbedded || !strings.Contains(emb.Run.RunnerNote, tc.name+"'s suite of test/clamp.test.js") {
				t.Fatalf("auto: runner %q note %q, want embedded running %s's suite", emb.Run.Runner, emb.Run.RunnerNote, tc.name)
			}
			if cmd.Run.Runner != RunnerCommand {
				t.Fatalf("node: runner %q, want the command runner", cmd.Run.Runner)
			}
			want := []Status{StatusAccepted, StatusKilled, StatusKilled, StatusSkipped}
			for i := range muts {
				e, c := emb.Mutants[i], cmd.Mutants[i]
				if e.Status != want[i] {
					t.Errorf("%s: embedded status %s, want %s", muts[i].Original, e.Status, want[i])
				}
				if i == 3 && (e.Ran || e.Reason != ReasonNotRan) {
					t.Errorf("%s: embedded ran=%v reason %q, want the line never ran", muts[i].Original, e.Ran, e.Reason)
				}
				// Both sides name the failing test as "file › suite › test" (testresults for the
				// command runner, embeddedFailed for the embedded one).
				sameKiller := e.KilledBy == c.KilledBy
				if e.Status != c.Status || e.Ran != c.Ran || e.Reason != c.Reason || e.Verdict != c.Verdict || !sameKiller {
					t.Errorf("%s: embedded %s ran=%v reason=%q %s killed_by %q; command %s ran=%v reason=%q %s killed_by %q",
						muts[i].Original, e.Status, e.Ran, e.Reason, e.Verdict, e.KilledBy, c.Status, c.Ran, c.Reason, c.Verdict, c.KilledBy)
				}
			}
			if emb.Bond.Verdict != cmd.Bond.Verdict {
				t.Errorf("bond: embedded %s, command %s", emb.Bond.Verdict, cmd.Bond.Verdict)
			}
		})
	}
}

// configName is " with FILE" for a fixture holding a jest or vitest config, for subtest names.
func configName(files map[string]string) string {
	for p := range files {
		if strings.Contains(p, ".config.") {
			return " with " + p
		}
	}
	return ""
}

// An oracle command the embedded runner cannot stand in for: auto runs the command and says why,
// embedded refuses with an input error naming the reason.
func TestOracleCommandFallsBack(t *testing.T) {
	needNode(t)
	cases := []struct {
		name, cmd, why string
		files          map[string]string
	}{
		{"not one invocation", "node --test test/add.test.js && true", "not one test runner invocation", nil},
		{"a built-in the runtime lacks", "node --test test/fs.test.js", `"node:fs"`, map[string]string{
			"test/fs.test.js": "const test = require('node:test');\nconst fs = require('node:fs');\nconst { add } = require('../src/add.js');\ntest('adds', () => { if (add(2, 1) !== 3 || !fs) throw new Error('no'); });\n",
		}},
		{"own test patterns, a file outside them", "npx jest test/add.test.js", `jest would not run test/add.test.js: it does not match testMatch ["**/*.check.js"] (jest.config.js)`, map[string]string{
			"jest.config.js": "module.exports = { testMatch: ['**/*.check.js'] };\n", "test/add.check.js": "",
		}},
		{"own test patterns, not literals", "npx jest test/add.test.js", "jest.config.js sets testMatch to pats, not a string or an array of strings", map[string]string{
			"jest.config.js": "const pats = ['**/*.test.js'];\nmodule.exports = { testMatch: pats };\n",
		}},
	}
	for _, tc := range cases {
		for _, runner := range []string{RunnerAuto, RunnerEmbedded} {
			t.Run(tc.name+"/"+runner, func(t *testing.T) {
				files := map[string]string{"src/add.js": addJS, "test/add.test.js": addTest}
				for p, c := range tc.files {
					files[p] = c
				}
				root := writeRepo(t, files)
				muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 3, "return-sentinel", "return a + b;", "return undefined;")}
				if strings.HasPrefix(tc.name, "own test patterns") {
					// Choice alone: jest is not installed here, and the fallback is what is asked.
					c, err := chooseRunner(Options{OracleCmd: tc.cmd, Runner: runner}, root, &confinement{}, t.TempDir())
					if runner == RunnerEmbedded {
						if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.why) {
							t.Fatalf("err %v, want an input error naming %q", err, tc.why)
						}
						return
					}
					if err != nil || c.runner.name() != RunnerCommand || !strings.Contains(c.note, tc.why) {
						t.Fatalf("err %v, note %q: want the command runner and a note naming %q", err, c.note, tc.why)
					}
					return
				}
				rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: tc.cmd, Runner: runner}, muts)
				if runner == RunnerEmbedded {
					if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.why) {
						t.Fatalf("err %v, want an input error naming %q", err, tc.why)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if rep.Run.Runner != RunnerCommand || !strings.Contains(rep.Run.RunnerNote, tc.why) {
					t.Fatalf("runner %q note %q, want the command runner and a note naming %q", rep.Run.Runner, rep.Run.RunnerNote, tc.why)
				}
				if got := rep.Mutants[0].Status; got != StatusKilled {
					t.Fatalf("mutant %s, want killed by the command", got)
				}
			})
		}
	}
}

// commandTests reads a jest or vitest config's own test patterns: a command naming files they
// match runs embedded as those files; one naming a file outside them, or a config whose
// patterns are not literals, keeps the command runner with a reason naming the file and the
// setting; vitest's coverage.include is not a test pattern.
func TestCommandTestsConfigPatterns(t *testing.T) {
	msConfig := "import type { Config } from 'jest';\n\nconst config: Config = {\n  preset: 'ts-jest',\n  moduleFileExtensions: ['ts', 'js'],\n" +
		"  transform: { '^.+\\\\.ts$': 'ts-jest' },\n  testMatch: ['**/src/**/*.test.ts'],\n  collectCoverage: true,\n" +
		"  coverageThreshold: { global: { branches: 100, lines: 100 } },\n};\n\nexport default config;\n"
	jestTree := map[string]string{
		"package.json":   `{"devDependencies": {"jest": "30.0.5", "ts-jest": "29.4.0"}}`,
		"jest.config.ts": msConfig,
		"src/index.ts":   "export const ms = 1;\n", "src/index.test.ts": "", "src/parse.test.ts": "", "test/other.test.ts": "",
	}
	vitestTree := map[string]string{
		"package.json":      `{"type": "module", "devDependencies": {"vitest": "4.1.10"}}`,
		"vitest.config.mts": "import { defineConfig } from \"vitest/config\";\n\nexport default defineConfig({\n  test: {\n    coverage: {\n      include: [\"src/**/*.ts\"],\n      exclude: [\"src/**/*.spec.ts\"],\n    },\n  },\n});\n",
		"src/index.ts":      "export const x = 1;\n", "src/format.spec.ts": "", "src/parse.spec.ts": "",
	}
	tests := []struct {
		name  string
		tree  map[string]string
		extra map[string]string
		cmd   string
		files string // space-separated, when the embedded runner serves the command
		why   string // a substring of the reason, when it does not
	}{
		{"jest testMatch, named files inside it", jestTree, nil, "npx jest src/index.test.ts src/parse.test.ts --coverage=false", "src/index.test.ts src/parse.test.ts", ""},
		{"jest testMatch, the whole suite", jestTree, nil, "npx jest", "src/index.test.ts src/parse.test.ts", ""},
		{"jest testMatch, a named file outside it", jestTree, nil, "npx jest src/index.test.ts test/other.test.ts", "",
			`jest would not run test/other.test.ts: it does not match testMatch ["**/src/**/*.test.ts"] (jest.config.ts)`},
		{"jest testMatch not a literal", jestTree, map[string]string{"jest.config.ts": strings.Replace(msConfig, "testMatch: ['**/src/**/*.test.ts']", "testMatch: [`${dir}/*.test.ts`]", 1)},
			"npx jest src/index.test.ts", "", "jest.config.ts sets testMatch to [`${dir}/*.test.ts`]"},
		{"jest refusals stay", jestTree, map[string]string{"jest.config.ts": strings.Replace(msConfig, "collectCoverage: true", "setupFiles: ['./setup.ts']", 1)},
			"npx jest src/index.test.ts", "", "setup files"},
		{"vitest coverage include is no test pattern", vitestTree, nil, "npx vitest run src/format.spec.ts", "src/format.spec.ts", ""},
		{"vitest test include", vitestTree, map[string]string{"vitest.config.mts": "export default { test: { include: ['src/format.*'] } };\n"},
			"npx vitest run", "src/format.spec.ts", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			for _, m := range []map[string]string{tt.tree, tt.extra} {
				for p, c := range m {
					files[p] = c
				}
			}
			root := t.TempDir()
			for p, c := range files {
				abs := filepath.Join(root, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, _, why := commandTests(root, tt.cmd)
			if tt.why != "" {
				if got != nil || !strings.Contains(why, tt.why) {
					t.Fatalf("files %q, why %q; want the command runner and a reason containing %q", got, why, tt.why)
				}
				return
			}
			if why != "" || strings.Join(got, " ") != tt.files {
				t.Fatalf("files %q (why %q), want %s", got, why, tt.files)
			}
		})
	}
}
