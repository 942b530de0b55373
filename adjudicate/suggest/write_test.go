package suggest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/code")

// TestCode writes the suggestion of each shape of call in each framework and compares it with
// its golden file (testdata/code/NAME.js; -update rewrites them: read every change).
func TestCode(t *testing.T) {
	ret := Decoded{Args: []string{"[1, 2, 3]"}, Outcome: Outcome{Kind: "return", Value: `{ total: 6, mean: 2 }`}}
	mutated := Decoded{Args: []string{"[1, 2, 3, 4]", "5"}, Outcome: Outcome{Kind: "return", Value: "[2, 4]"}, After: map[int]string{0: "[1, 3]"}}
	thrown := Decoded{Args: []string{"'x'"}, Outcome: Outcome{Kind: "throw", Error: &ErrorShape{Name: "RangeError", Message: "not a port: x", Props: [][2]string{{"code", "'EPORT'"}}}}}
	rejected := Decoded{Args: []string{}, Outcome: Outcome{Kind: "rejected", Value: "'boom'"}}
	resolved := Decoded{Args: []string{"-0"}, Outcome: Outcome{Kind: "resolved", Value: "NaN"}}
	fn := Decoded{Args: []string{"{ depth: 0 }"}, Outcome: Outcome{Kind: "return", Type: "function"}}
	fnResolved := Decoded{Args: []string{}, Outcome: Outcome{Kind: "resolved", Type: "function"}}
	tests := []struct {
		name string
		t    Test
		why  string
	}{
		{name: "node-test-cjs-return", t: Test{Framework: oraclecmd.RunnerNodeTest, Specifier: "../src/stats.js", ModuleCJS: true, Export: "stats", Callee: "src/stats.js#stats", Call: ret}},
		{name: "node-test-esm-return", t: Test{Framework: oraclecmd.RunnerNodeTest, ESM: true, Specifier: "../src/stats.js", Export: "stats", Callee: "src/stats.js#stats", Call: ret}},
		{name: "node-test-esm-cjs-module", t: Test{Framework: oraclecmd.RunnerNodeTest, ESM: true, ModuleCJS: true, Specifier: "../src/stats.cjs", Export: "stats", Callee: "src/stats.cjs#stats", Call: ret}},
		{name: "mocha-cjs-after", t: Test{Framework: oraclecmd.RunnerMocha, Specifier: "../src/list.js", ModuleCJS: true, Export: "removeAbove", Callee: "src/list.js#removeAbove", Call: mutated}},
		{name: "mocha-cjs-default-export", t: Test{Framework: oraclecmd.RunnerMocha, Specifier: "../src/port.js", ModuleCJS: true, Export: "default", Callee: "src/port.js#default", Call: thrown}},
		{name: "node-test-esm-default-method", t: Test{Framework: oraclecmd.RunnerNodeTest, ESM: true, Specifier: "../src/lib.js", Export: "default.parse", Callee: "src/lib.js#default.parse", Call: thrown}},
		{name: "node-test-rejected-primitive", t: Test{Framework: oraclecmd.RunnerNodeTest, Specifier: "../src/a.js", ModuleCJS: true, Export: "load", Callee: "src/a.js#load", Call: rejected}},
		{name: "jest-resolved", t: Test{Framework: oraclecmd.RunnerJest, Specifier: "../src/a.js", ModuleCJS: true, Export: "load", Callee: "src/a.js#load", Call: resolved}},
		{name: "node-test-cjs-returns-function", t: Test{Framework: oraclecmd.RunnerNodeTest, Specifier: "../src/parser.js", ModuleCJS: true, Export: "makeParser", Callee: "src/parser.js#makeParser", Call: fn, Neighbour: true}},
		{name: "vitest-resolves-function", t: Test{Framework: oraclecmd.RunnerVitest, ESM: true, Specifier: "../src/load.js", Export: "loadHandler", Callee: "src/load.js#loadHandler", Call: fnResolved}},
		{name: "vitest-throw", t: Test{Framework: oraclecmd.RunnerVitest, ESM: true, Specifier: "../src/port.js", Export: "parsePort", Callee: "src/port.js#parsePort", Call: thrown}},

		{name: "hostile-specifier-and-name", t: Test{Framework: oraclecmd.RunnerNodeTest, Specifier: "../a.js'); process.exit(0); ('", ModuleCJS: true, Export: "f", Callee: "a.js#f'); process.exit(0); ('", Call: ret}},
		{name: "odd export name", t: Test{Framework: oraclecmd.RunnerNodeTest, Specifier: "./a.js", Export: "a-b", Callee: "a.js#a-b", Call: ret}, why: "does not write as a property name"},
		{name: "vitest in CommonJS", t: Test{Framework: oraclecmd.RunnerVitest, Specifier: "./a.js", Export: "a", Callee: "a.js#a", Call: ret}, why: "ES modules only"},
		{name: "jest with a thrown primitive", t: Test{Framework: oraclecmd.RunnerJest, Specifier: "./a.js", Export: "a", Callee: "a.js#a", Call: rejected}, why: "node:assert only"},
		{name: "unknown framework", t: Test{Framework: "ava", Specifier: "./a.js", Export: "a", Callee: "a.js#a", Call: ret}, why: "framework ava"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, name, err := Code(tt.t)
			if tt.why != "" {
				if err == nil || !strings.Contains(err.Error(), tt.why) {
					t.Fatalf("Code = %v; want a refusal saying %q", err, tt.why)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(code, jsString(name)) {
				t.Errorf("the code does not hold its test's name %q", name)
			}
			golden := filepath.Join("testdata", "code", tt.name+".js")
			if *update {
				if err := os.WriteFile(golden, []byte(code), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if code != string(want) {
				t.Errorf("code differs from %s:\n%s", golden, code)
			}
		})
	}
}
