package oraclecmd

import (
	"strings"
	"testing"
)

// TestWithBail covers which oracle commands get a bail flag and which are left as they are.
func TestWithBail(t *testing.T) {
	for _, r := range []struct{ cmd, want string }{
		{"npx jest test/a.test.js", "npx jest test/a.test.js --bail"},
		{"jest", "jest --bail"},
		{"npx vitest run test/a.test.ts", "npx vitest run test/a.test.ts --bail=1"},
		{"./node_modules/.bin/mocha test/x.js", "./node_modules/.bin/mocha test/x.js --bail"},
		{"node node_modules/mocha/bin/_mocha test", "node node_modules/mocha/bin/_mocha test --bail"},
		{"NODE_ENV=test npx --no-install jest", "NODE_ENV=test npx --no-install jest --bail"},
		{"pnpm exec vitest run", "pnpm exec vitest run --bail=1"},
		{"node --test test/a.test.js", "node --test test/a.test.js"}, // Node 20: no bail
		{"npm test", "npm test"},                                           // a script: runner not visible
		{"npx jest --bail=2", "npx jest --bail=2"},                         // already set
		{"npx mocha -b t.js", "npx mocha -b t.js"},                         // already set
		{"npx jest && echo ok", "npx jest && echo ok"},                     // not one simple command
		{"npx jest 'a b.test.js'", "npx jest 'a b.test.js'"},               // quoting: left alone
		{"npx vitest watch", "npx vitest watch"},                           // watch mode: left alone
		{"npx jest -- --runInBand", "npx jest -- --runInBand"},             // arguments past --
		{"npx tsx --test test/a.test.ts", "npx tsx --test test/a.test.ts"}, // unknown runner
	} {
		if got := WithBail(r.cmd); got != r.want {
			t.Errorf("WithBail(%q) = %q, want %q", r.cmd, got, r.want)
		}
	}
}

// TestWithoutCoverage covers which oracle commands get their runner's coverage switched off.
func TestWithoutCoverage(t *testing.T) {
	tests := []struct{ cmd, want string }{
		{"npx jest test/a.test.js", "npx jest test/a.test.js --coverage=false"},
		{"jest --coverage", "jest --coverage --coverage=false"}, // jest: the last value wins
		{"NODE_ENV=test npx jest --bail", "NODE_ENV=test npx jest --bail --coverage=false"},
		{"npx vitest run test/a.test.ts", "npx vitest run test/a.test.ts --coverage.enabled=false"},
		{"npx vitest run --coverage", "npx vitest run --coverage"},                   // vitest refuses a repeat
		{"vitest run --coverage.enabled=true", "vitest run --coverage.enabled=true"}, // likewise
		{"npx jest -- --coverage", "npx jest -- --coverage"},                         // past --: not jest's
		{"npx mocha test/", "npx mocha test/"},                                       // no coverage of its own
		{"npm test", "npm test"},                                                     // a script's runner is not visible
		{"npx jest 'a b.test.js'", "npx jest 'a b.test.js'"},                         // quoting: left alone
		{"node --test test/a.test.js", "node --test test/a.test.js"},
	}
	for _, tt := range tests {
		if got := WithoutCoverage(tt.cmd); got != tt.want {
			t.Errorf("WithoutCoverage(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}

// TestWithJestArgs covers where bond's setup-file options go in a jest command, and which commands
// it leaves as they are, saying why.
func TestWithJestArgs(t *testing.T) {
	scripts := map[string]string{"test": "jest --ci", "both": "tsc && jest", "sep": "jest -- test/a.test.js"}
	args := []string{"--setupFilesAfterEnv=/w/s.cjs", "--setupFilesAfterEnv=/sb/it's.js"}
	tests := []struct{ cmd, want, problem string }{
		{cmd: "npx jest", want: `npx jest --setupFilesAfterEnv=/w/s.cjs '--setupFilesAfterEnv=/sb/it'\''s.js'`},
		{cmd: "npx jest test/a.test.js", want: `npx jest test/a.test.js --setupFilesAfterEnv=/w/s.cjs '--setupFilesAfterEnv=/sb/it'\''s.js'`},
		{cmd: "npm test", want: `npm test -- --setupFilesAfterEnv=/w/s.cjs '--setupFilesAfterEnv=/sb/it'\''s.js'`},
		{cmd: "npx mocha test/a.js", problem: "runs no jest"},
		{cmd: "npx jest --setupFiles=x.js", problem: "gives jest --setupFiles"},
		{cmd: "npx jest --setupFilesAfterEnv x.js", problem: "gives jest --setupFilesAfterEnv"},
		{cmd: "npm run sep", problem: "passes `--`"},
	}
	for _, tt := range tests {
		got, problem := WithJestArgs(tt.cmd, Options{Scripts: scripts}, args)
		switch {
		case tt.problem != "":
			if !strings.Contains(problem, tt.problem) || got != tt.cmd {
				t.Errorf("%s: got %q, problem %q; want it unchanged, saying %q", tt.cmd, got, problem, tt.problem)
			}
		case problem != "" || got != tt.want:
			t.Errorf("%s: got %q (problem %q), want %q", tt.cmd, got, problem, tt.want)
		}
	}
}

// TestBailGiven covers which commands set their runner's bail themselves, including through a
// package script, and which spellings turn it off.
func TestBailGiven(t *testing.T) {
	scripts := map[string]string{"test": "mocha --bail test/", "plain": "jest"}
	for _, r := range []struct{ cmd, want string }{
		{"npx mocha test/", ""},
		{"npx mocha --bail test/", "--bail"},
		{"mocha -b test/", "-b"},
		{"npx jest --bail=1", "--bail=1"},
		{"npx jest --bail", "--bail"},
		{"npx jest --bail=0", ""},
		{"npx vitest run --bail 2", "--bail 2"},
		{"npx vitest run --bail=0", ""},
		{"npx mocha --no-bail", ""},
		{"node --test test/a-b.test.js", ""},
		{"npm test", "--bail"},
		{"npm run plain", ""},
		{"echo --bail", ""},
	} {
		if got := BailGiven(r.cmd, Options{Scripts: scripts}); got != r.want {
			t.Errorf("BailGiven(%q) = %q, want %q", r.cmd, got, r.want)
		}
	}
}

// TestWithVitestArgs: bond's --config goes after every option vitest reads (through npx, a
// package script with npm's `--`), and a command that picks its own config, root, project or
// workspace, runs the tests in a browser, or passes a script's `--`, is refused
// by name, unchanged.
func TestWithVitestArgs(t *testing.T) {
	scripts := map[string]string{"test": "vitest run", "both": "tsc && vitest run", "sep": "vitest run -- test/a.test.ts"}
	args := []string{"--config=/w/it's.mjs"}
	tests := []struct{ cmd, want, problem string }{
		{cmd: "npx vitest run", want: `npx vitest run '--config=/w/it'\''s.mjs'`},
		{cmd: "npx vitest run test/a.test.ts --pool=threads", want: `npx vitest run test/a.test.ts --pool=threads '--config=/w/it'\''s.mjs'`},
		{cmd: "npx vitest run --pool forks", want: `npx vitest run --pool forks '--config=/w/it'\''s.mjs'`},
		{cmd: "npm test", want: `npm test -- '--config=/w/it'\''s.mjs'`},
		{cmd: "npx jest", problem: "runs no vitest"},
		{cmd: "npx vitest run --config vitest.unit.ts", problem: "gives vitest --config"},
		{cmd: "npx vitest run -c=vitest.unit.ts", problem: "gives vitest -c"},
		{cmd: "npx vitest run --root packages/a", problem: "gives vitest --root"},
		{cmd: "npx vitest run --project unit", problem: "gives vitest --project"},
		{cmd: "npx vitest run --workspace w.json", problem: "gives vitest --workspace"},
		{cmd: "npx vitest run --browser.enabled", problem: "gives vitest --browser"},
		{cmd: "npx vitest run --pool vmThreads", want: `npx vitest run --pool vmThreads '--config=/w/it'\''s.mjs'`},
		{cmd: "npm run sep", problem: "passes `--`"},
	}
	for _, tt := range tests {
		got, problem := WithVitestArgs(tt.cmd, Options{Scripts: scripts}, args)
		switch {
		case tt.problem != "":
			if !strings.Contains(problem, tt.problem) || got != tt.cmd {
				t.Errorf("%s: got %q, problem %q; want it unchanged, saying %q", tt.cmd, got, problem, tt.problem)
			}
		case problem != "" || got != tt.want:
			t.Errorf("%s: got %q (problem %q), want %q", tt.cmd, got, problem, tt.want)
		}
	}
}
