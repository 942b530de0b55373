package adjudicate

import (
	"cmp"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// TestSuggestedTests certifies testdata/witness/suggest (node:test) and suggest-mocha (mocha)
// (and suggest-jest, suggest-vitest: jest and vitest with TypeScript, under the embedded runner
// and as oracle commands that pick their own test files) under every runner that writes
// suggestions: the value witness of the ignored mean gets a test
// that passed on the patched tree and failed on the mutant, run through the oracle's own runner,
// with the call and the patched outcome asserted exactly; the value witness whose call passes a
// function is not attempted, and says so. In suggest-function a neighbour call returns a function
// on the patched tree and throws under the mutant: the test asserts the returned value's typeof,
// and is verified as the others are.
func TestSuggestedTests(t *testing.T) {
	t.Parallel()
	needGit(t)
	nodeCode := []string{`require('../src/stats.js')`, `deepStrictEqual(stats([1, 2, 3]), { total: 6, mean: 2 });`}
	tests := []struct {
		name, fixture, runner, oracleCmd, framework string
		node                                        bool
		oracle, at, path                            string   // the test file, the mean's mutant, the suggested file
		code                                        []string // fragments of the verified code
		fnArg                                       bool     // the fixture also has removeWhere's value witness (a function argument)
		modules                                     string   // a fixture whose install (node_modules/.bin/RUNNER) the tree shares
		neighbours                                  bool     // the witness is a neighbour call (--value-neighbours)
	}{
		{name: "embedded", fixture: "suggest", runner: RunnerEmbedded, framework: "node:test", code: nodeCode, fnArg: true},
		{name: "embedded, the package's main through require('..')", fixture: "suggest-main", runner: RunnerEmbedded, framework: "node:test",
			code: []string{`require('..')`, nodeCode[1]}, fnArg: true},
		// A neighbour call's returned function (the patched code's parser for depth 0, a
		// TypeError under the mutant): asserted by its typeof, and verified to fail on the mutant.
		{name: "embedded, a returned function", fixture: "suggest-function", runner: RunnerEmbedded, framework: "node:test", neighbours: true,
			oracle: "test/parser.test.js", at: "src/parser.js:6", path: "test/parser.bond-suggested.test.js",
			code: []string{`require('../src/parser.js')`, `strictEqual(typeof (makeParser({ depth: 0 })), 'function');`}},
		{name: "node, a returned function", fixture: "suggest-function", runner: RunnerNode, framework: "node:test", node: true, neighbours: true,
			oracle: "test/parser.test.js", at: "src/parser.js:6", path: "test/parser.bond-suggested.test.js",
			code: []string{`strictEqual(typeof (makeParser({ depth: 0 })), 'function');`}},
		{name: "node", fixture: "suggest", runner: RunnerNode, framework: "node:test", node: true, code: nodeCode, fnArg: true},
		{name: "command node --test", fixture: "suggest", runner: RunnerNode, oracleCmd: "node --test test/stats.test.js", framework: "node:test", node: true, code: nodeCode, fnArg: true},
		{name: "mocha", fixture: "suggest-mocha", runner: RunnerNode, oracleCmd: "npx mocha test/stats.test.js", framework: "mocha", node: true, code: append([]string{`it('src/stats.js#stats returns the patched value'`}, nodeCode...), fnArg: true},
		{name: "embedded jest", fixture: "suggest-jest", runner: RunnerEmbedded, framework: "jest",
			code: []string{`require('../src/stats.js')`, `expect(stats([1, 2, 3])).toStrictEqual({ total: 6, mean: 2 });`}},
		{name: "embedded vitest, TypeScript", fixture: "suggest-vitest", runner: RunnerEmbedded, framework: "vitest", oracle: "test/stats.test.ts", at: "src/stats.ts:5", path: "test/stats.bond-suggested.test.ts",
			code: []string{`import { test, expect } from 'vitest';`, `await import('../src/stats.js')`, `expect(stats([1, 2, 3])).toStrictEqual({ total: 6, mean: 2 });`}},
		{name: "command jest", fixture: "suggest-jest", runner: RunnerNode, oracleCmd: "npx jest", framework: "jest", node: true, modules: "../testdata/witness/value-jest/tree",
			code: []string{`require('../src/stats.js')`, `expect(stats([1, 2, 3])).toStrictEqual({ total: 6, mean: 2 });`}},
		{name: "command vitest, TypeScript", fixture: "suggest-vitest", runner: RunnerNode, oracleCmd: "npx vitest run", framework: "vitest", node: true, modules: "../testdata/coverage/vitest", at: "src/stats.ts:5", path: "test/stats.bond-suggested.test.ts",
			code: []string{`import { test, expect } from 'vitest';`, `await import('../src/stats.js')`, `expect(stats([1, 2, 3])).toStrictEqual({ total: 6, mean: 2 });`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if tt.node {
				needNode(t)
			}
			oracle, at, path := cmp.Or(tt.oracle, "test/stats.test.js"), cmp.Or(tt.at, "src/stats.js:5"), cmp.Or(tt.path, "test/stats.bond-suggested.test.js")
			var root string
			switch {
			case tt.fixture == "suggest-mocha":
				root = linkedTree(t, "../testdata/witness/suggest-mocha/tree", "node_modules/.bin/mocha")
			case tt.modules != "":
				root = linkedTreeFrom(t, "../testdata/witness/"+tt.fixture+"/tree", tt.modules, "node_modules/.bin/"+tt.framework)
			default:
				root = copyTree(t, "../testdata/witness/"+tt.fixture+"/tree")
			}
			diff, _ := filepath.Abs("../testdata/witness/" + tt.fixture + "/patch.diff")
			o := Options{Plan: plan.Options{Repo: root, DiffPath: diff, OperatorSet: 2}, Runner: tt.runner, Adjudicate: AdjudicateAll, Jobs: 1, Timeout: 2 * time.Minute, ValueNeighbours: tt.neighbours}
			if tt.oracleCmd != "" {
				o.OracleCmd = tt.oracleCmd
			} else {
				o.Oracle = []string{oracle}
			}
			rep, err := Certify(t.Context(), o)
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			for _, m := range rep.Mutants {
				here := fmt.Sprintf("%s:%d", m.Path, m.Line)
				st := m.SuggestedTest
				if m.Witness.Kind != report.WitnessValue {
					if st != nil {
						t.Errorf("%s: witness %s has a suggested test %+v", here, m.Witness.Kind, st)
					}
					continue
				}
				seen[here] = true
				if st == nil {
					t.Fatalf("%s: a value witness without suggested_test", here)
				}
				switch {
				case here == at:
					if !st.Verified || st.Patched != "passed" || st.Mutant != "failed" || st.Framework != tt.framework || st.Path != path || st.Dropped != "" || st.NotAttempted != "" {
						t.Errorf("%s: suggested test %+v, want verified (passed, then failed) %s at %s", here, st, tt.framework, path)
					}
					for _, want := range tt.code {
						if !strings.Contains(st.Code, want) {
							t.Errorf("%s: the code does not hold %q:\n%s", here, want, st.Code)
						}
					}
				case here == "src/stats.js:15" && tt.fnArg:
					if st.Verified || st.Code != "" || !strings.Contains(st.NotAttempted, "argument 2: args[1] is a function (anonymous)") {
						t.Errorf("%s: suggested test %+v, want not attempted for the function argument", here, st)
					}
				default:
					t.Errorf("unexpected value witness at %s", here)
				}
			}
			if !seen[at] || tt.fnArg != seen["src/stats.js:15"] {
				t.Errorf("value witnesses at %v, want %s (and src/stats.js:15: %v)", seen, at, tt.fnArg)
			}
			if rep.Timings.SuggestMS <= 0 {
				t.Errorf("timings.suggest_ms = %d, want the suggestion runs' time", rep.Timings.SuggestMS)
			}
			if len(rep.TreeChanges) != 0 {
				t.Errorf("tree_changes %v: the suggested file must not be left in any sandbox", rep.TreeChanges)
			}
		})
	}
}

// TestCommandFor points oracle commands at the suggested file: the same runner and options (a
// jest or vitest command that picks its own files gets the file added), or an error saying why
// the command cannot be pointed there.
func TestCommandFor(t *testing.T) {
	scripts := map[string]string{"test": "mocha test/a.test.js"}
	tests := []struct{ cmd, want, why string }{
		{cmd: "npx mocha test/a.test.js", want: "npx mocha test/a.bond-suggested.test.js"},
		{cmd: "npx mocha --timeout 5000 test/a.test.js test/b.test.js", want: "npx mocha --timeout 5000 test/a.bond-suggested.test.js"},
		{cmd: "node --test test/a.test.js", want: "node --test test/a.bond-suggested.test.js"},
		{cmd: "npm test", why: "cannot be replaced"},
		{cmd: "npx mocha", why: "names no test file"},
		{cmd: "npx vitest run --pool forks", want: "npx vitest run --pool forks test/a.bond-suggested.test.js"},
		{cmd: "npm run vt", want: "npm run vt -- test/a.bond-suggested.test.js"},
		{cmd: "npx jest --ci", want: "npx jest --ci test/a.bond-suggested.test.js"},
		{cmd: "npx jest test/a.test.js", want: "npx jest test/a.bond-suggested.test.js"},
		{cmd: "npm run vtsep", why: "passes `--`"},
	}
	scripts["vt"], scripts["vtsep"] = "vitest run", "vitest run --"
	for _, tt := range tests {
		got, err := commandFor(tt.cmd, oraclecmd.Options{Scripts: scripts}, "test/a.bond-suggested.test.js")
		if tt.why != "" {
			if err == nil || !strings.Contains(err.Error(), tt.why) {
				t.Errorf("commandFor(%q) = %q, %v; want an error saying %q", tt.cmd, got, err, tt.why)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("commandFor(%q) = %q, %v; want %q", tt.cmd, got, err, tt.want)
		}
	}
}

// TestSuggestedTestDropped certifies testdata/witness/suggest-stateful: the witnessing call is
// the module's second (its outcome counts the calls before it), so the suggested test, which makes
// it alone, gets another outcome on the patched tree: it is dropped, with both runs' words, and
// no code is shown.
func TestSuggestedTestDropped(t *testing.T) {
	t.Parallel()
	needGit(t)
	for _, runner := range []string{RunnerEmbedded, RunnerNode} {
		t.Run(runner, func(t *testing.T) {
			t.Parallel()
			if runner == RunnerNode {
				needNode(t)
			}
			root := copyTree(t, "../testdata/witness/suggest-stateful/tree")
			diff, _ := filepath.Abs("../testdata/witness/suggest-stateful/patch.diff")
			rep, err := Certify(t.Context(), Options{Plan: plan.Options{Repo: root, DiffPath: diff, OperatorSet: 2}, Oracle: []string{"test/tag.test.js"},
				Runner: runner, Adjudicate: AdjudicateAll, Jobs: 1, Timeout: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Mutants) != 1 {
				t.Fatalf("got %d mutants, want 1", len(rep.Mutants))
			}
			m := rep.Mutants[0]
			st := m.SuggestedTest
			if m.Witness.Kind != report.WitnessValue || st == nil {
				t.Fatalf("witness %s, suggested test %+v: want value with a suggestion", m.Witness.Kind, st)
			}
			if st.Verified || st.Patched != "failed" || st.Mutant != "" || !strings.HasPrefix(st.Dropped, "it did not pass on the patched tree (failed)") || !strings.Contains(st.Code, `deepStrictEqual(tag('b'), 'b-2');`) {
				t.Errorf("suggested test %+v, want dropped after failing on the patched tree", st)
			}
		})
	}
}
