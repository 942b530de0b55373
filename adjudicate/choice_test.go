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
		{"vitest", "vitest", "npm test -- test/clamp.test.js", map[string]string{
			"package.json":       `{"name":"clamp","private":true,"type":"module","scripts":{"test":"vitest run"},"devDependencies":{"vitest":"3.2.4"}}`,
			"src/clamp.js":       "export " + clampLib,
			"test/clamp.test.js": "import { describe, expect, test } from 'vitest';\nimport { clamp } from '../src/clamp.js';\n" + clampTests,
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
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
		{"own test patterns", "npx jest test/add.test.js", "names its own test files", map[string]string{
			"jest.config.js": "module.exports = { testMatch: ['**/*.check.js'] };\n",
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
				if tc.name == "own test patterns" {
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
