package oraclecmd

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

var scripts = map[string]string{
	"test":        "vitest run",
	"test:unit":   "jest --ci test/unit",
	"test:node":   "node --test test/",
	"test:env":    "NODE_ENV=test cross-env TZ=UTC jest",
	"test:chain":  "npm run build && jest",
	"test:nested": "npm run test:unit --",
	"test:watch":  "vitest",
	"loop":        "npm run loop",
	"build":       "tsc",
	"lint":        "eslint .",
	"pretest:pre": "tsc",
	"test:pre":    "jest",
}

func TestParse(t *testing.T) {
	tests := []struct {
		cmd    string
		runner Runner
		files  []string
		via    []string
	}{
		{"node --test", RunnerNodeTest, nil, nil},
		{"node --test test/a.test.js test/b.test.js", RunnerNodeTest, []string{"test/a.test.js", "test/b.test.js"}, nil},
		{"node --test-reporter=tap --test test/a.test.js", RunnerNodeTest, []string{"test/a.test.js"}, nil},
		{"node --import tsx --test src/a.test.ts", RunnerNodeTest, []string{"src/a.test.ts"}, nil},
		{"node test/a.test.js", RunnerNodeTest, []string{"test/a.test.js"}, nil},
		{"tsx --test test/a.test.ts", RunnerNodeTest, []string{"test/a.test.ts"}, []string{"tsx"}},
		{"npx jest test/a.test.js", RunnerJest, []string{"test/a.test.js"}, []string{"npx"}},
		{"npx --yes jest@29 --ci --coverage test/a.test.js", RunnerJest, []string{"test/a.test.js"}, []string{"npx"}},
		{"jest --testPathPattern=src/a test/b.test.js", RunnerJest, []string{"src/a", "test/b.test.js"}, nil},
		{"./node_modules/.bin/jest -i", RunnerJest, nil, nil},
		{"npx vitest run src/a.spec.ts", RunnerVitest, []string{"src/a.spec.ts"}, []string{"npx"}},
		{"npx vitest run src/a.spec.ts --configLoader runner", RunnerVitest, []string{"src/a.spec.ts"}, []string{"npx"}},
		{"vitest --run --reporter verbose src/a.spec.ts", RunnerVitest, []string{"src/a.spec.ts"}, nil},
		{"vitest run --coverage.enabled --coverage.reporter=lcov", RunnerVitest, nil, nil},
		{"npx mocha --recursive test/", RunnerMocha, []string{"test/"}, []string{"npx"}},
		{"mocha -R spec 'test/**/*.spec.js'", RunnerMocha, []string{"test/**/*.spec.js"}, nil},
		{"npx mocha --require test/support/env --check-leaks --no-exit -r tsx test/session.js", RunnerMocha, []string{"test/session.js"}, []string{"npx"}},
		{"npm test", RunnerVitest, nil, []string{"npm run test"}},
		{"npm t -- src/a.spec.ts", RunnerVitest, []string{"src/a.spec.ts"}, []string{"npm run test"}},
		{"npm run test:unit -- test/unit/x.test.js", RunnerJest, []string{"test/unit", "test/unit/x.test.js"}, []string{"npm run test:unit"}},
		{"npm run test:node", RunnerNodeTest, []string{"test/"}, []string{"npm run test:node"}},
		{"npm run test:env", RunnerJest, nil, []string{"npm run test:env"}},
		{"npm run test:nested -- 'a b.test.js'", RunnerJest, []string{"test/unit", "a b.test.js"}, []string{"npm run test:nested", "npm run test:unit"}},
		{"yarn test src/a.spec.ts", RunnerVitest, []string{"src/a.spec.ts"}, []string{"yarn run test"}},
		{"yarn jest test/a.test.js", RunnerJest, []string{"test/a.test.js"}, []string{"yarn"}},
		{"pnpm exec vitest run", RunnerVitest, nil, []string{"pnpm exec"}},
		{"pnpm run test:unit", RunnerJest, []string{"test/unit"}, []string{"pnpm run test:unit"}},
		{"CI=1 npx jest", RunnerJest, nil, []string{"npx"}},
		{`jest "test/with space.test.js"`, RunnerJest, []string{"test/with space.test.js"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			inv, err := Parse(tt.cmd, Options{Scripts: scripts})
			if err != nil {
				t.Fatal(err)
			}
			if inv.Runner != tt.runner || !reflect.DeepEqual(inv.Files, tt.files) || !reflect.DeepEqual(inv.Via, tt.via) {
				t.Errorf("got runner %s files %q via %q, want %s %q %q", inv.Runner, inv.Files, inv.Via, tt.runner, tt.files, tt.via)
			}
			if want := tt.runner == RunnerJest || tt.runner == RunnerVitest; inv.Filters != want {
				t.Errorf("Filters = %v, want %v", inv.Filters, want)
			}
		})
	}
}

func TestParseNotRecognised(t *testing.T) {
	tests := []struct{ cmd, why string }{
		{"", "runs no command"},
		{"make test", "make is not a test runner bond knows"},
		{"npm run build && jest", `more than one simple command (a list, "&&")`},
		{"npm run build || jest", `more than one simple command (a list, "||")`},
		{"jest; echo", `more than one simple command (a list, ";")`},
		{"jest | tee out", `more than one simple command (a pipeline, "|")`},
		{"jest &", `more than one simple command (a background job, "&")`},
		{"jest > out.txt", `a redirection (">")`},
		{"jest 2>> log", `a redirection (">>")`},
		{"(jest)", `a subshell`},
		{"jest $(cat files)", "a command substitution"},
		{"jest `cat files`", "a command substitution"},
		{"jest $FILES", `a shell expansion ("$FILES")`},
		{"jest 'unterminated", "unterminated"},
		{"jest -t parses", "jest -t filters tests by name"},
		{"jest --config jest.e2e.js", "names a config file"},
		{"jest --watch", "watch mode never exits"},
		{"jest --frobnicate", "jest option --frobnicate is not one bond knows"},
		{"jest --testEnvironment jsdom", "environment node only"},
		{"vitest", ""}, // vitest alone is watch mode in a terminal and run in CI: recognised below
		{"vitest watch", "watch mode never exits"},
		{"vitest related src/a.ts", "does not run the tests as a suite"},
		{"vitest run -t name", "vitest -t filters tests by name"},
		{"vitest run --environment=jsdom", "environment node only"},
		{"mocha --file ./setup.js", "loads extra files first"},
		{"node --test --test-name-pattern=x", "filters tests by name"},
		{"node --require ./setup.js --test", "preloads a module"},
		{"node scripts/run-tests.js", "not named as a test file"},
		{"node test/a.test.js extra", "with arguments extra"},
		{"node", "without --test or a test file"},
		{"npx -p jest jest", "runs another package"},
		{"npm test", "no \"test\" script"},
		{"npm run lint", "eslint is not a test runner"},
		{"npm run loop", "more than 5 deep"},
		{"npm run test:pre", "also runs the \"pretest:pre\" script"},
		{"npm run test:chain", "more than one simple command"},
		{"npm test --coverage", "pass test arguments after --"},
		{"npm install", "npm install is not a script runner"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			sc := scripts
			if tt.cmd == "npm test" {
				sc = nil
			}
			inv, err := Parse(tt.cmd, Options{Scripts: sc})
			if tt.why == "" {
				if err != nil || inv.Runner != RunnerVitest {
					t.Fatalf("got %+v, %v", inv, err)
				}
				return
			}
			var nr *NotRecognised
			if !errors.As(err, &nr) {
				t.Fatalf("want *NotRecognised, got %+v, %v", inv, err)
			}
			if !strings.Contains(nr.Why, tt.why) {
				t.Errorf("why %q, want it to contain %q", nr.Why, tt.why)
			}
			if !strings.Contains(err.Error(), tt.cmd) {
				t.Errorf("the error should quote the command: %s", err)
			}
		})
	}
}

// TestVitestIsolation: vitest's isolation switches are read as vitest's parser reads booleans
// (a following true or false is the value, any other word a test-file filter), and IsolationOff
// names each form that turns isolation off; the config's isolate: false is testconfig's.
func TestVitestIsolation(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		files []string
		off   string // a substring of IsolationOff's reason; "" for none
		why   string // a substring of Parse's refusal; "" for none
	}{
		{"vitest run a.test.ts", []string{"a.test.ts"}, "", ""},
		{"vitest run --isolate a.test.ts", []string{"a.test.ts"}, "", ""},
		{"vitest run --isolate true a.test.ts", []string{"a.test.ts"}, "", ""},
		{"vitest run --isolate=true a.test.ts", []string{"a.test.ts"}, "", ""},
		{"vitest run --no-isolate a.test.ts", []string{"a.test.ts"}, "vitest --no-isolate turns isolation off", ""},
		{"vitest run --isolate false a.test.ts", []string{"a.test.ts"}, "vitest --isolate=false turns isolation off", ""},
		{"vitest run --isolate=false a.test.ts", []string{"a.test.ts"}, "--isolate=false", ""},
		{"vitest run --poolOptions.threads.isolate=false a.test.ts", []string{"a.test.ts"}, "--poolOptions.threads.isolate=false", ""},
		{"vitest run --poolOptions.forks.isolate false a.test.ts", []string{"a.test.ts"}, "--poolOptions.forks.isolate=false", ""},
		{"vitest run --poolOptions.vmThreads.isolate a.test.ts", []string{"a.test.ts"}, "", ""},
		{"vitest run --no-poolOptions.forks.isolate a.test.ts", []string{"a.test.ts"}, "--no-poolOptions.forks.isolate", ""},
		{"vitest run --poolOptions.forks.singleFork a.test.ts", []string{"a.test.ts"}, "", ""},
		{"vitest run --isolate=0 a.test.ts", nil, "", "a value of the isolation switch bond does not read"},
		{"vitest run --no-isolate=true a.test.ts", nil, "", "a value of the isolation switch bond does not read"},
		{"vitest run -- --no-isolate", []string{"--no-isolate"}, "", ""},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			inv, err := Parse(tc.cmd, Options{})
			if tc.why != "" {
				if err == nil || !strings.Contains(err.Error(), tc.why) {
					t.Fatalf("Parse = %+v, %v; want a refusal naming %q", inv, err, tc.why)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(inv.Files, tc.files) {
				t.Errorf("Files = %q, want %q", inv.Files, tc.files)
			}
			got := IsolationOff(inv)
			if (tc.off == "") != (got == "") || !strings.Contains(got, tc.off) {
				t.Errorf("IsolationOff = %q, want %q", got, tc.off)
			}
		})
	}
}
