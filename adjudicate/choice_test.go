package adjudicate

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
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

// clampMochaTests are clampTests for mocha with node:assert.
const clampMochaTests = `const assert = require('assert');
const { clamp } = require('../src/clamp.js');

describe('clamp', function () {
  it('keeps a number inside the range', function () {
    assert.strictEqual(clamp(5, 0, 10), 5);
  });
  it('raises a number below the range', function () {
    assert.strictEqual(clamp(-1, 0, 10), 0);
  });
});
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
	dir := filepath.Join("..", "testdata", "coverage", modules)
	if modules == "mocha10" {
		dir = filepath.Join("oracle", "embedded", "testdata", "mocha-parity") // mocha 10, the embedded runner's mocha
	}
	nm, err := filepath.Abs(filepath.Join(dir, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, ".bin")); err != nil {
		testneed.Missing(t, "the %s fixture's runner is not installed (%v): run npm ci in %s", modules, err, dir)
	}
	files[".gitignore"] = "node_modules\n"
	root := testrepo.Git(t, files)
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return root
}

// The user's usual jest or vitest command runs in the embedded runner under --runner auto and as
// the command itself under --runner node, and the two give the same facts and verdicts mutant by
// mutant: the killed and the accepted, the line that never ran, and the test that killed.
func TestOracleCommandEmbeddedParity(t *testing.T) {
	t.Parallel()
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
		{"mocha", "mocha10", "npx mocha test/clamp.test.js", map[string]string{
			"package.json":       `{"name":"clamp","private":true,"scripts":{"test":"mocha"},"devDependencies":{"mocha":"10.8.2"}}`,
			"src/clamp.js":       clampLib + "module.exports = { clamp };\n",
			"test/clamp.test.js": clampMochaTests,
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
			emb, cmd := certifyAutoAndNode(t, Options{Plan: plan.Options{Repo: root}, OracleCmd: tc.cmd}, front, muts)
			if emb.Run.Runner != RunnerEmbedded || !strings.Contains(emb.Run.RunnerNote, tc.name+"'s suite of test/clamp.test.js") {
				t.Fatalf("auto: runner %q note %q, want embedded running %s's suite", emb.Run.Runner, emb.Run.RunnerNote, tc.name)
			}
			if cmd.Run.Runner != RunnerCommand {
				t.Fatalf("node: runner %q, want the command runner", cmd.Run.Runner)
			}
			want := []report.Status{report.StatusAccepted, report.StatusKilled, report.StatusKilled, report.StatusSkipped}
			for i := range muts {
				e, c := emb.Mutants[i], cmd.Mutants[i]
				if e.Status != want[i] {
					t.Errorf("%s: embedded status %s, want %s", muts[i].Original, e.Status, want[i])
				}
				if i == 3 && (e.Ran || e.Reason != report.ReasonNotRan) {
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
		chooseOnly     bool // the runner is not installed here: runner choice alone is asked
	}{
		{"not one invocation", "node --test test/add.test.js && true", "not one test runner invocation", nil, false},
		{"a built-in the runtime lacks", "node --test test/fs.test.js", `"node:child_process"`, map[string]string{
			"test/fs.test.js": "const test = require('node:test');\nconst fs = require('node:child_process');\nconst { add } = require('../src/add.js');\ntest('adds', () => { if (add(2, 1) !== 3 || !fs) throw new Error('no'); });\n",
		}, false},
		{"own test patterns, a file outside them", "npx jest test/add.test.js", `jest would not run test/add.test.js: it does not match testMatch ["**/*.check.js"] (jest.config.js)`, map[string]string{
			"jest.config.js": "module.exports = { testMatch: ['**/*.check.js'] };\n", "test/add.check.js": "",
		}, true},
		{"own test patterns, not literals", "npx jest test/add.test.js", "jest.config.js sets testMatch to pats, not a string or an array of strings", map[string]string{
			"jest.config.js": "const pats = ['**/*.test.js'];\nmodule.exports = { testMatch: pats };\n",
		}, true},
		{"vitest --no-isolate", "npx vitest run --no-isolate test/add.test.js", "vitest --no-isolate turns isolation off", map[string]string{"package.json": `{"devDependencies": {"vitest": "3"}}`}, true},
		{"vitest --isolate false", "npx vitest run --isolate false test/add.test.js", "vitest --isolate=false turns isolation off", map[string]string{"package.json": `{"devDependencies": {"vitest": "3"}}`}, true},
		{"vitest pool isolate false", "npx vitest run --poolOptions.forks.isolate=false test/add.test.js", "vitest --poolOptions.forks.isolate=false turns isolation off", map[string]string{"package.json": `{"devDependencies": {"vitest": "3"}}`}, true},
		{"vitest --no-poolOptions isolate", "npx vitest run --no-poolOptions.threads.isolate test/add.test.js", "vitest --no-poolOptions.threads.isolate turns isolation off", map[string]string{"package.json": `{"devDependencies": {"vitest": "3"}}`}, true},
		{"mocha --require", "npx mocha --require ./test/setup.js test/add.test.js", `mocha require "./test/setup.js" (it preloads a module by name`, nil, true},
		{"mocha config require", "npx mocha test/add.test.js", `.mocharc.yml uses mocha require "./test/setup.js" (it preloads a module by name`, map[string]string{
			".mocharc.yml": "require: ./test/setup.js\n",
		}, true},
	}
	for _, tc := range cases {
		for _, runner := range []string{RunnerAuto, RunnerEmbedded} {
			t.Run(tc.name+"/"+runner, func(t *testing.T) {
				files := map[string]string{"src/add.js": addJS, "test/add.test.js": addTest}
				for p, c := range tc.files {
					files[p] = c
				}
				root := testrepo.Git(t, files)
				muts := []plan.Mutant{mutantAt(t, root, "src/add.js", 3, "return-sentinel", "return a + b;", "return undefined;")}
				if tc.chooseOnly {
					// Choice alone: the runner is not installed here, and the fallback is what is asked.
					c, err := oracle.ChooseRunner(Options{OracleCmd: tc.cmd, Runner: runner}.oracleOptions(), root, func() (string, error) { return root, nil }, &oracle.Confinement{}, t.TempDir())
					if runner == RunnerEmbedded {
						if err == nil || !input.Is(err) || !strings.Contains(err.Error(), tc.why) {
							t.Fatalf("err %v, want an input error naming %q", err, tc.why)
						}
						return
					}
					if err != nil || c.Runner.Name() != RunnerCommand || !strings.Contains(c.Note, tc.why) {
						t.Fatalf("err %v, note %q: want the command runner and a note naming %q", err, c.Note, tc.why)
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
				if got := rep.Mutants[0].Status; got != report.StatusKilled {
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
		{"jest setupFilesAfterEnv is honoured", jestTree, map[string]string{"test/setup.ts": "",
			"jest.config.ts": strings.Replace(msConfig, "collectCoverage: true", "setupFilesAfterEnv: ['<rootDir>/test/setup.ts']", 1)},
			"npx jest src/index.test.ts", "src/index.test.ts", ""},
		{"vitest setupFiles is honoured", vitestTree, map[string]string{"test/setup.ts": "",
			"vitest.config.mts": "export default { test: { setupFiles: ['./test/setup.ts'] } };\n"},
			"npx vitest run src/format.spec.ts", "src/format.spec.ts", ""},
		{"vitest setupFiles it cannot resolve", vitestTree, map[string]string{
			"vitest.config.mts": "export default { test: { setupFiles: ['./test/setup'] } };\n"},
			"npx vitest run src/format.spec.ts", "", `vitest.config.mts uses setup files ("./test/setup" is not a file in the repository`},
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
			root := testrepo.Files(t, files)
			got, _, why := oracle.CommandTests(root, tt.cmd)
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

// A mocha command reads as the files mocha would load and its timeout, with mocha's
// configuration read as data; anything that changes how the tests load or what they see is
// the reason the command runner runs it instead, naming the flag or the file.
func TestMochaCommandChoice(t *testing.T) {
	t.Parallel()
	base := map[string]string{
		"package.json":    `{"name":"m","private":true,"scripts":{"test":"mocha --reporter spec test/","unit":"mocha"}}`,
		"src/a.js":        "module.exports = 1;\n",
		"test/a.js":       "it('a', function () {});\n",
		"test/b.spec.cjs": "it('b', function () {});\n",
		"test/.hidden.js": "it('hidden', function () {});\n",
		"test/sub/c.js":   "it('c', function () {});\n",
		"test/helper.ts":  "export const x = 1;\n",
	}
	cases := []struct {
		name, cmd string
		files     map[string]string // added to base; "" deletes
		want      []string
		run       embedded.MochaOptions
		why       string
	}{
		{name: "a file", cmd: "npx mocha test/a.js", want: []string{"test/a.js"}},
		{name: "mocha's default spec", cmd: "mocha", want: []string{"test/a.js", "test/b.spec.cjs"}},
		{name: "recursive", cmd: "mocha --recursive --exit --bail", want: []string{"test/a.js", "test/b.spec.cjs", "test/sub/c.js"}},
		{name: "npm test with a reporter", cmd: "npm test", want: []string{"test/a.js", "test/b.spec.cjs"}},
		{name: "a glob", cmd: "mocha 'test/**/*.js'", want: []string{"test/a.js", "test/sub/c.js"}},
		{name: "a path without its extension", cmd: "mocha test/a", want: []string{"test/a.js"}},
		{name: "extension", cmd: "mocha --extension ts test", want: []string{"test/helper.ts"}},
		{name: "timeout flag", cmd: "mocha -t 5000 test/a.js", want: []string{"test/a.js"}, run: embedded.MochaOptions{Timeout: 5 * time.Second}},
		{name: "no timeouts", cmd: "mocha --no-timeouts test/a.js", want: []string{"test/a.js"}, run: embedded.MochaOptions{Timeout: -1}},
		{name: "json config", cmd: "npm run unit", files: map[string]string{".mocharc.json": `{"spec": ["test/sub"], "timeout": "3s", "reporter": "dot"}`},
			want: []string{"test/sub/c.js"}, run: embedded.MochaOptions{Timeout: 3 * time.Second}},
		{name: "jsonc config with comments", cmd: "mocha", files: map[string]string{".mocharc.jsonc": "{\n  // the slow ones\n  \"recursive\": true, \"ui\": \"bdd\",\n}\n"},
			want: []string{"test/a.js", "test/b.spec.cjs", "test/sub/c.js"}},
		{name: "yaml config", cmd: "mocha", files: map[string]string{".mocharc.yml": "spec:\n  - test/a.js\n  - test/sub # nested\ntimeout: 0\nextension: [js]\n"},
			want: []string{"test/a.js", "test/sub/c.js"}, run: embedded.MochaOptions{Timeout: -1}},
		{name: "js config of literals", cmd: "mocha", files: map[string]string{".mocharc.js": "'use strict';\n\nmodule.exports = {\n  spec: 'test/a.js',\n  slow: 200,\n  forbidOnly: false,\n};\n"},
			want: []string{"test/a.js"}},
		{name: "package.json's mocha key", cmd: "npx mocha", files: map[string]string{"package.json": `{"mocha": {"spec": "test/b.spec.cjs", "timeout": 100}}`},
			want: []string{"test/b.spec.cjs"}, run: embedded.MochaOptions{Timeout: 100 * time.Millisecond}},
		{name: "command and config spec add up", cmd: "mocha test/a.js", files: map[string]string{".mocharc.json": `{"spec": "test/sub/c.js"}`},
			want: []string{"test/a.js", "test/sub/c.js"}},
		{name: "a typescript loader only", cmd: "mocha --extension ts", files: map[string]string{".mocharc.json": `{"require": "tsx"}`},
			want: []string{"test/helper.ts"}},

		{name: "test/mocha.opts, mocha unknown", cmd: "npx mocha test/a.js", files: map[string]string{"test/mocha.opts": "--ui tdd\n"},
			why: "test/mocha.opts uses mocha's legacy options file"},
		{name: "test/mocha.opts under mocha 7", cmd: "npx mocha test/a.js", files: map[string]string{"test/mocha.opts": "--ui tdd\n", "node_modules/mocha/package.json": `{"version": "7.2.0"}`},
			why: "mocha's legacy options file"},
		{name: "test/mocha.opts left over under mocha 10", cmd: "npx mocha test/a.js", files: map[string]string{"test/mocha.opts": "--ui tdd\n", "node_modules/mocha/package.json": `{"version": "10.8.2"}`},
			want: []string{"test/a.js"}},
		{name: "--require a repository file", cmd: "npx mocha --require test/support/env --check-leaks --no-exit test/a.js", files: map[string]string{"test/support/env.js": "process.env.NO_DEPRECATION = 'x';\n"},
			want: []string{"test/a.js"}, run: embedded.MochaOptions{CheckLeaks: true, Requires: []string{"test/support/env.js"}}},
		{name: "--require in order, a loader dropped", cmd: "mocha -r tsx -r ./test/b.cjs --require=test/a.cjs test/a.js", files: map[string]string{"test/a.cjs": "global.A = 1;\n", "test/b.cjs": "global.B = 1;\n", ".mocharc.json": `{"require": "test/c.js"}`, "test/c.js": "global.C = 1;\n"},
			want: []string{"test/a.js"}, run: embedded.MochaOptions{Requires: []string{"test/b.cjs", "test/a.cjs", "test/c.js"}}},
		{name: "--require a missing file", cmd: "npx mocha --require ./setup.js test/a.js", why: `the oracle command's --require uses mocha require "./setup.js" (it preloads a module by name`},
		{name: "--require a package", cmd: "npx mocha --require chai/register-expect test/a.js", why: `mocha require "chai/register-expect" (it preloads a module by name`},
		{name: "--require outside", cmd: "npx mocha --require ../x.js test/a.js", files: map[string]string{"../x.js": ""}, why: `mocha require "../x.js"`},
		{name: "--require a file using mocha's interface", cmd: "npx mocha --require test/hooks.js test/a.js", files: map[string]string{"test/hooks.js": "beforeEach(function () {});\n"},
			why: "calls beforeEach(, which mocha has not installed"},
		{name: "--require a directory", cmd: "npx mocha --require test/sub test/a.js", why: "a directory"},
		{name: "--ui tdd", cmd: "mocha --ui tdd test/a.js", why: "the oracle command's --ui uses mocha's tdd interface"},
		{name: "--parallel", cmd: "mocha --parallel test/a.js", why: "the oracle command's --parallel uses mocha parallel (it runs files in worker processes)"},
		{name: "--check-leaks and --forbid-only", cmd: "mocha --check-leaks --forbid-only test/a.js", want: []string{"test/a.js"},
			run: embedded.MochaOptions{CheckLeaks: true, ForbidOnly: true}},
		{name: "--async-only", cmd: "mocha --async-only", why: "mocha async-only (it fails synchronous tests)"},
		{name: "an unknown flag", cmd: "mocha --sort test/a.js", why: "mocha option --sort is not one bond knows"},
		{name: "config require", cmd: "mocha", files: map[string]string{".mocharc.json": `{"require": ["./test/setup.js"]}`},
			why: `.mocharc.json uses mocha require "./test/setup.js" (it preloads a module by name`},
		{name: "config root hook plugin", cmd: "mocha", files: map[string]string{".mocharc.yaml": "require: test/hooks.mjs\n", "test/hooks.mjs": "export const mochaHooks = { beforeEach() {} };\n"},
			why: `.mocharc.yaml uses mocha require "test/hooks.mjs" (it preloads a mocha plugin (mochaHooks)`},
		{name: "config unknown key", cmd: "mocha", files: map[string]string{".mocharc.json": `{"colour": true}`},
			why: ".mocharc.json uses the mocha setting colour, which bond does not know"},
		{name: "computed js config", cmd: "mocha", files: map[string]string{".mocharc.cjs": "module.exports = { timeout: process.env.CI ? 10000 : 2000 };\n"},
			why: ".mocharc.cjs uses a configuration bond cannot read as data"},
		{name: "js config that is a program", cmd: "mocha", files: map[string]string{".mocharc.js": "const base = require('./base');\nmodule.exports = base;\n"},
			why: ".mocharc.js uses a configuration that is not `module.exports = {…}`"},
		{name: "package.json qunit", cmd: "mocha", files: map[string]string{"package.json": `{"mocha": {"ui": "qunit"}}`},
			why: "package.json uses mocha's qunit interface"},
		{name: "config node options", cmd: "mocha", files: map[string]string{".mocharc.json": `{"node-option": ["experimental-vm-modules"]}`},
			why: "mocha node-option"},
		{name: "no test directory", cmd: "mocha", files: map[string]string{"test/a.js": "", "test/b.spec.cjs": "", "test/.hidden.js": "", "test/sub/c.js": "", "test/helper.ts": ""},
			why: "test file test: stat test: no such file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{}
			for p, c := range base {
				files[p] = c
			}
			for p, c := range tc.files {
				if c == "" {
					delete(files, p)
				} else {
					files[p] = c
				}
			}
			root := testrepo.Git(t, files)
			got, eo, why := oracle.CommandTests(root, tc.cmd)
			if tc.why != "" {
				if why == "" || !strings.Contains(why, tc.why) {
					t.Fatalf("why %q, want one naming %q (files %v)", why, tc.why, got)
				}
				return
			}
			if why != "" {
				t.Fatalf("why %q, want the embedded runner", why)
			}
			if eo.Framework != embedded.FrameworkMocha || !reflect.DeepEqual(eo.Mocha, tc.run) {
				t.Errorf("framework %q settings %+v, want mocha with %+v", eo.Framework, eo.Mocha, tc.run)
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("files %q, want %q", got, tc.want)
			}
		})
	}
}

// Under --runner auto a mocha command over several files runs embedded, each file in its own
// runtime; when the unmutated suite fails that way (b.test.js leans on a global a.test.js sets,
// which mocha's one process shares) auto falls back to mocha itself and says why, and the
// verdicts are mocha's.
func TestMochaSeveralFilesUnderAuto(t *testing.T) {
	a, b := "test/a.test.js", "test/b.test.js"
	cases := []struct {
		name, b, runner, note string
	}{
		{"independent files", subsetB, RunnerEmbedded, "mocha's suite of test/a.test.js test/b.test.js"},
		{"shared setup", "const assert = require('assert');\nconst { scale } = require('../src/calc.js');\nit('scales', () => { assert.strictEqual(scale(3, global.scaleBy), 6); });\n",
			RunnerCommand, "mocha's one process for all the test files of a run"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := fixtureRepo(t, "mocha", map[string]string{"src/calc.js": subsetCalc, a: subsetA + "global.scaleBy = 2;\n", b: tc.b})
			m := mutantAt(t, root, "src/calc.js", 11, "swap-operator", "x * k", "x / k")
			rep := certifyFiles(t, root, Options{OracleCmd: "npx mocha " + a + " " + b, Runner: RunnerAuto, Jobs: 2}, []plan.Mutant{m})
			if rep.Run.Runner != tc.runner || !strings.Contains(rep.Run.RunnerNote, tc.note) {
				t.Fatalf("runner %q note %q, want %s and a note naming %q", rep.Run.Runner, rep.Run.RunnerNote, tc.runner, tc.note)
			}
			if got := rep.Mutants[0]; got.Status != report.StatusKilled || !strings.HasPrefix(got.KilledBy, b+" › ") {
				t.Errorf("mutant %s killed_by %q, want killed by %s", got.Status, got.KilledBy, b)
			}
		})
	}
}

// certifyAutoAndNode certifies muts with o (every detector) under --runner auto and under
// --runner node, for the tests that hold the embedded runner's verdicts to the real runner's.
func certifyAutoAndNode(t *testing.T, o Options, front plan.Front, muts []plan.Mutant) (auto, node *report.Report) {
	t.Helper()
	reports := map[string]*report.Report{}
	for _, runner := range []string{RunnerAuto, RunnerNode} {
		ro := o
		ro.Runner, ro.Jobs, ro.Timeout, ro.Adjudicate = runner, 2, 2*time.Minute, AdjudicateAll
		ro, err := ro.withDefaults()
		if err != nil {
			t.Fatal(err)
		}
		rep, err := certifyPlanned(context.Background(), ro, front, muts, nil, time.Now())
		if err != nil {
			t.Fatalf("--runner %s: %v", runner, err)
		}
		reports[runner] = rep
	}
	return reports[RunnerAuto], reports[RunnerNode]
}
