package oraclecmd

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
)

// uvuRepo is a tree laid out as uvu and tape projects are.
var uvuRepo = fstest.MapFS{
	"package.json":           {Data: []byte(`{"scripts": {"unit": "uvu -r tsm test", "test": "tape test/*.js"}}`)},
	"src/a.js":               {},
	"test/a.test.js":         {},
	"test/b.test.ts":         {},
	"test/Input.test.ts":     {},
	"test/helper.js":         {},
	"test/.hidden.js":        {},
	"test/fixtures/x.json":   {},
	"test/nested/c.test.js":  {},
	"node_modules/m/m.js":    {},
	"spec/d.spec.mjs":        {},
	"test/fixtures/build.js": {},
}

func TestParseUvuTape(t *testing.T) {
	tests := []struct {
		cmd          string
		runner       Runner
		files        []string
		dir, pattern string
		args         []string
	}{
		{"uvu", RunnerUvu, nil, "", "", nil},
		{"npx uvu test", RunnerUvu, nil, "test", "", nil},
		{"uvu -r tsm test", RunnerUvu, nil, "test", "", nil},
		{"npx uvu -r ts-node/register/transpile-only test '(input|css-syntax-error)[.]test[.]ts$'", RunnerUvu, nil, "test", "(input|css-syntax-error)[.]test[.]ts$", nil},
		{"uvu test .test.js --bail -i fixtures", RunnerUvu, nil, "test", ".test.js", []string{"--bail", "--ignore=fixtures"}},
		{"uvu test --ignore=fixtures -c", RunnerUvu, nil, "test", "", []string{"--ignore=fixtures", "-c"}},
		{"npm run unit", RunnerUvu, nil, "test", "", nil},
		{"tape test/*.js", RunnerTape, []string{"test/*.js"}, "", "", nil},
		{"npx tape test/a.test.js test/nested/c.test.js", RunnerTape, []string{"test/a.test.js", "test/nested/c.test.js"}, "", "", nil},
		{"tape -r ts-node/register 'test/**/*.ts' --strict", RunnerTape, []string{"test/**/*.ts"}, "", "", []string{"--strict"}},
		{"npm test", RunnerTape, []string{"test/*.js"}, "", "", nil},
	}
	opts := Options{Scripts: ScriptsIn(uvuRepo)}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			inv, err := Parse(tt.cmd, opts)
			if err != nil {
				t.Fatal(err)
			}
			if inv.Runner != tt.runner || !reflect.DeepEqual(inv.Files, tt.files) || inv.Dir != tt.dir || inv.Pattern != tt.pattern || !reflect.DeepEqual(inv.Args, tt.args) {
				t.Errorf("got %s files %q dir %q pattern %q args %q", inv.Runner, inv.Files, inv.Dir, inv.Pattern, inv.Args)
			}
		})
	}
}

// TestParseUvuTapeRefused: what either CLI would do that the embedded runner does not is
// refused by name.
func TestParseUvuTapeRefused(t *testing.T) {
	tests := []struct{ cmd, why string }{
		{"uvu -r esm test", "uvu -r esm preloads a module the embedded runner would not"},
		{"uvu --require=./setup.js test", "uvu --require ./setup.js preloads a module"},
		{"uvu -C packages/a test", "uvu -C moves the root"},
		{"uvu -b test", "uvu reads the word after -b (test) as its value"},
		{"uvu test pattern extra", "extra is a third argument"},
		{"uvu --watch test", "uvu option --watch is not one bond knows to be harmless"},
		{"uvu -v", "prints its version"},
		{"uvu --color=false test", "uvu --color=false is a switch; bond does not guess how sade reads a value given to it"},
		{"tape", "tape without test-file arguments runs no test"},
		{"tape -r @babel/register test/*.js", "tape -r @babel/register preloads a module"},
		{"tape --ignore .gitignore test/*.js", "tape --ignore ignores the test files an ignore file names"},
		{"tape --no-only test/*.js", "tape --no-only forbids .only tests"},
		{"tape --reporter tap test/*.js", "tape option --reporter is not one bond knows"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			_, err := Parse(tt.cmd, Options{})
			var nr *NotRecognised
			if !errors.As(err, &nr) || !strings.Contains(nr.Why, tt.why) {
				t.Fatalf("got %v, want a refusal containing %q", err, tt.why)
			}
		})
	}
}

func TestUvuTapeFiles(t *testing.T) {
	tests := []struct {
		name string
		inv  Invocation
		want []string
	}{
		{"uvu default", Invocation{Runner: RunnerUvu}, []string{"spec/d.spec.mjs", "test/.hidden.js", "test/Input.test.ts", "test/a.test.js", "test/b.test.ts", "test/fixtures/build.js", "test/helper.js", "test/nested/c.test.js"}},
		{"uvu dir", Invocation{Runner: RunnerUvu, Dir: "test"}, []string{"test/.hidden.js", "test/Input.test.ts", "test/a.test.js", "test/b.test.ts", "test/fixtures/build.js", "test/helper.js", "test/nested/c.test.js"}},
		{"uvu dir ignore", Invocation{Runner: RunnerUvu, Dir: "./test", Args: []string{"--ignore=fixtures", "--ignore=^helper", "--ignore=^[.]"}}, []string{"test/Input.test.ts", "test/a.test.js", "test/b.test.ts", "test/nested/c.test.js"}},
		{"uvu pattern is case-insensitive", Invocation{Runner: RunnerUvu, Dir: "test", Pattern: `(input|A)[.]test[.](ts|js)$`}, []string{"test/Input.test.ts", "test/a.test.js"}},
		{"uvu pattern over paths under dir", Invocation{Runner: RunnerUvu, Dir: "test", Pattern: `^nested/`}, []string{"test/nested/c.test.js"}},
		{"uvu pattern from the root", Invocation{Runner: RunnerUvu, Dir: ".", Pattern: `^test/a\.test\.js$`}, []string{"test/a.test.js"}},
		{"uvu pattern as bond's detection writes it", Invocation{Runner: RunnerUvu, Dir: ".", Pattern: `^(?:test/a\.test\.js|spec/d\.spec\.mjs)$`}, []string{"spec/d.spec.mjs", "test/a.test.js"}},
		{"tape glob", Invocation{Runner: RunnerTape, Files: []string{"test/*.js"}}, []string{"test/a.test.js", "test/helper.js"}},
		{"tape globstar and file", Invocation{Runner: RunnerTape, Files: []string{"test/**/*.test.js", "spec/d.spec.mjs"}}, []string{"spec/d.spec.mjs", "test/a.test.js", "test/nested/c.test.js"}},
		{"tape file without extension", Invocation{Runner: RunnerTape, Files: []string{"test/helper"}}, []string{"test/helper.js"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := TestFiles(uvuRepo, tt.inv)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestUvuTapeFilesRefused(t *testing.T) {
	tests := []struct {
		name string
		inv  Invocation
		why  string
	}{
		{"uvu lookahead", Invocation{Runner: RunnerUvu, Dir: "test", Pattern: `a(?=b)`}, "is not a regular expression bond can read as JavaScript does"},
		{"uvu outside", Invocation{Runner: RunnerUvu, Dir: "../x"}, "outside the repository"},
		{"uvu nothing", Invocation{Runner: RunnerUvu, Dir: "test", Pattern: "zzz"}, "uvu finds no test file for test zzz"},
		{"tape directory", Invocation{Runner: RunnerTape, Files: []string{"test"}}, "tape loads the directory test as a module"},
		{"tape missing", Invocation{Runner: RunnerTape, Files: []string{"test/none.js"}}, "test file test/none.js"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := TestFiles(uvuRepo, tt.inv)
			if err == nil || !strings.Contains(err.Error(), tt.why) {
				t.Fatalf("got %v, want an error containing %q", err, tt.why)
			}
		})
	}
}
