package adjudicate

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// TestValueWitnessFixture certifies testdata/witness/value under the embedded runner with
// operator set 2 (issue 28): a return value the test receives and ignores is witness value with
// the call; an equivalent mutant (?? → || where validation keeps the value a finite number) and a
// private helper whose internal value changes while no export's result does are witness none,
// with the count of calls compared, never value.
func TestValueWitnessFixture(t *testing.T) {
	needGit(t)
	root := copyTree(t, "../testdata/witness/value/tree")
	diff, _ := filepath.Abs("../testdata/witness/value/patch.diff")
	rep, err := Certify(t.Context(), Options{Plan: plan.Options{Repo: root, DiffPath: diff, OperatorSet: 2}, Oracle: []string{"test/oracle.test.js"},
		Runner: RunnerEmbedded, Adjudicate: AdjudicateAll, Jobs: 1, Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]valueWant{
		"src/list.js:7":  {"ternary-false", report.WitnessValue, 6, 1},
		"src/scale.js:6": {"swap-logical", report.WitnessNone, 6, 0},
		"src/tally.js:4": {"swap-logical", report.WitnessNone, 6, 0},
	}
	if len(rep.Mutants) != len(want) {
		t.Fatalf("got %d mutants, want %d", len(rep.Mutants), len(want))
	}
	for _, m := range rep.Mutants {
		at := fmt.Sprintf("%s:%d", m.Path, m.Line)
		w, ok := want[at]
		if !ok {
			t.Errorf("unexpected mutant at %s", at)
			continue
		}
		if d := checkValueWitness(t, at, m, w, ""); d != nil {
			if d.Callee != "src/index.js#removeWhere" || d.Test != "removeWhere removes in place" || d.Path != "return" || d.BaselineOutcome != "[2, 4]" || d.MutantOutcome != "[]" {
				t.Errorf("%s: value %+v", at, d)
			}
			if m.ByRegime[report.RegimeWitnessRequired] != report.VerdictVacuous {
				t.Errorf("%s: witness-required %s, want vacuous", at, m.ByRegime[report.RegimeWitnessRequired])
			}
		} else if m.ByRegime[report.RegimeWitnessRequired] != report.VerdictUnshown {
			t.Errorf("%s: witness-required %s, want unshown", at, m.ByRegime[report.RegimeWitnessRequired])
		}
	}
	if rep.Run.ValueDetector == "" {
		t.Error("the run does not say whether the value detector looked")
	}
}

// TestValueWitnessRunners certifies testdata/witness/value-cjs (the value fixture written as
// CommonJS) and testdata/witness/value-esm (written as ES modules, its entry re-exporting with
// `export *`) under the embedded runner, the node runner and node --test as an oracle command,
// and their mocha variants under mocha: the command runners trace the calls through nodetrace's
// hooks (Module._load for CommonJS, module customization hooks for ES modules) and must give each
// mutant the embedded runner's witness, the same counts, the same first difference and the
// test's name (`suite > test` under mocha). Where bond cannot name the test
// files (node --test finding its own in test/), an ES-module test file's imports cannot be
// wrapped: the run and every mutant say which import and why, and no mutant gets witness value.
func TestValueWitnessRunners(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	cjs := map[string]valueWant{
		"src/list.js:7":  {"ternary-false", report.WitnessValue, 6, 1},
		"src/scale.js:6": {"swap-logical", report.WitnessNone, 6, 0},
		"src/tally.js:4": {"swap-logical", report.WitnessNone, 6, 0},
	}
	tests := []struct {
		name, fixture, runner, oracleCmd string
		want                             map[string]valueWant
		note                             string // a fragment of run.value_detector
		unavailable                      string // a fragment of every mutant's witness.values.unavailable
	}{
		{name: "embedded", fixture: "value-cjs", runner: RunnerEmbedded, want: cjs, note: "on (runner embedded)"},
		{name: "node", fixture: "value-cjs", runner: RunnerNode, want: cjs, note: "on (runner node): calls the test files make into the modules they require"},
		{name: "command node --test", fixture: "value-cjs", runner: RunnerNode, oracleCmd: "node --test test/oracle.test.js", want: cjs, note: "on (runner command)"},
		{name: "mocha", fixture: "value-mocha", runner: RunnerNode, oracleCmd: "npx mocha test/oracle.test.js", want: cjs, note: "on (runner command)"},
		{name: "mocha through npm test", fixture: "value-mocha", runner: RunnerNode, oracleCmd: "npm test", want: cjs, note: "on (runner command)"},
		{name: "embedded on ESM", fixture: "value-esm", runner: RunnerEmbedded, want: cjs, note: "on (runner embedded)"},
		{name: "node on ESM", fixture: "value-esm", runner: RunnerNode, want: cjs, note: "on (runner node): calls the test files make into the modules they require or import"},
		{name: "command node --test on ESM", fixture: "value-esm", runner: RunnerNode, oracleCmd: "node --test test/oracle.test.js", want: cjs, note: "on (runner command)"},
		{name: "mocha on ESM", fixture: "value-mocha-esm", runner: RunnerNode, oracleCmd: "npx mocha test/oracle.test.js", want: cjs, note: "on (runner command)"},
		{name: "mocha on ESM through npm test", fixture: "value-mocha-esm", runner: RunnerNode, oracleCmd: "npm test", want: cjs, note: "on (runner command)"},
		{name: "ESM, test files bond cannot name", fixture: "value-esm", runner: RunnerNode, oracleCmd: "node --test test/",
			note: "unavailable: the test file test/oracle.test.js imports src/index.js, whose exports bond did not list", unavailable: "whose exports bond did not list",
			want: map[string]valueWant{"src/list.js:7": {"ternary-false", report.WitnessNone, 0, 0}, "src/scale.js:6": {"swap-logical", report.WitnessNone, 0, 0}, "src/tally.js:4": {"swap-logical", report.WitnessNone, 0, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var root string
			if strings.HasPrefix(tt.fixture, "value-mocha") {
				root = linkedTree(t, "../testdata/witness/"+tt.fixture+"/tree", "node_modules/.bin/mocha")
			} else {
				root = copyTree(t, "../testdata/witness/"+tt.fixture+"/tree")
			}
			o := Options{Runner: tt.runner, OracleCmd: tt.oracleCmd, skipSuggest: true}
			for at, m := range certifyWitnessFixture(t, root, tt.fixture, o, tt.note, len(tt.want)) {
				w, ok := tt.want[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				if d := checkValueWitness(t, at, m, w, tt.unavailable); d != nil {
					if d.Callee != "src/index.js#removeWhere" || d.File != "test/oracle.test.js" || d.Path != "return" || d.Args != "[1, 2, 3, 4], function (anonymous)" || d.BaselineOutcome != "[2, 4]" || d.MutantOutcome != "[]" {
						t.Errorf("%s: value %+v", at, d)
					}
					// node:test under the node runners names no test (nodetrace's TestHookTestNames says
					// why); the embedded runner and mocha do.
					test := "removeWhere removes in place"
					switch {
					case strings.HasPrefix(tt.fixture, "value-mocha"):
						test = "the value fixture > " + test
					case tt.runner == RunnerNode:
						test = ""
					}
					if d != nil && d.Test != test {
						t.Errorf("%s: the witnessing call names test %q, want %q", at, d.Test, test)
					}
				}
			}
		})
	}
}

// linkedTree copies an installed fixture tree, node_modules left out and linked instead, into a
// fresh git checkout. The fixture must hold need (its runner, installed by npm ci from the
// committed lockfile, as scripts/test does): under CI its absence fails the test, elsewhere it
// skips it.
func linkedTree(t *testing.T, src, need string) string {
	t.Helper()
	return linkedTreeFrom(t, src, src, need)
}

// linkedTreeFrom is linkedTree with the node_modules of the fixture at modules (a fixture that
// shares another's install: its package.json asks for the same versions).
func linkedTreeFrom(t testing.TB, src, modules, need string) string {
	t.Helper()
	return testrepo.Linked(t, src, modules, need)
}

// certifyWitnessFixture certifies testdata/witness/FIXTURE's patch on root (a copy of its tree)
// with operator set 2, --adjudicate all, one sandbox, and o's runner, oracle command (else the
// fixture's test/oracle.test.js) and value options; it checks that run.value_detector says note
// and that n mutants were planned, and returns them by "path:line".
// n is the number of mutants expected, or -1 for any; o.Plan's operator set (2 when 0) and
// changed-first rule are kept.
func certifyWitnessFixture(t *testing.T, root, fixture string, o Options, note string, n int) map[string]report.MutantResult {
	t.Helper()
	diff, _ := filepath.Abs("../testdata/witness/" + fixture + "/patch.diff")
	set := o.Plan.OperatorSet
	if set == 0 {
		set = 2
	}
	o.Plan = plan.Options{Repo: root, DiffPath: diff, OperatorSet: set, ChangedFirst: o.Plan.ChangedFirst}
	o.Adjudicate, o.Jobs, o.Timeout = AdjudicateAll, 1, 2*time.Minute
	if o.OracleCmd == "" {
		o.Oracle = []string{"test/oracle.test.js"}
	}
	rep, err := Certify(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Run.ValueDetector, note) {
		t.Errorf("run.value_detector %q, want it to say %q", rep.Run.ValueDetector, note)
	}
	if n >= 0 && len(rep.Mutants) != n {
		t.Fatalf("got %d mutants, want %d", len(rep.Mutants), n)
	}
	out := map[string]report.MutantResult{}
	for _, m := range rep.Mutants {
		out[fmt.Sprintf("%s:%d", m.Path, m.Line)] = m
	}
	return out
}

// TestValueWitnessJest certifies testdata/witness/value-jest (jest 29, CommonJS, two test files,
// a setupFilesAfterEnv of the project's own that the tests check ran) with jest as the oracle
// command, directly, through npm test and with workers: bond's setup file wraps the modules each
// test file requires through jest.mock, and must give the ignored return value witness value with
// the call and the test's name, and the equivalent mutant (?? 0 on a value validation keeps an
// integer) witness none with its call counts, never value; a test that checks the module's
// identity, jest.isMockFunction and a jest.spyOn of an export still passes. With a preset of its
// own the preset's setup file runs once, and the project's after it.
func TestValueWitnessJest(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	wants := map[string]valueWant{
		"src/queue.js:4": {"ternary-false", report.WitnessValue, 6, 1},
		"src/pad.js:6":   {"swap-logical", report.WitnessNone, 6, 0},
	}
	// A preset's setup file is joined before the list jest's command line gives: bond must pass
	// the project's own only, or the preset's would run twice (the project's setup file throws).
	preset := map[string]string{
		"package.json":            `{"name":"value-fixture-jest","version":"1.0.0","private":true,"jest":{"preset":"./preset/jest-preset.json","testEnvironment":"node","setupFilesAfterEnv":["<rootDir>/test/setup.js"]}}`,
		"preset/jest-preset.json": `{"setupFilesAfterEnv":["<rootDir>/preset/setup.js"]}`,
		"preset/setup.js":         "global.presetRuns = (global.presetRuns || 0) + 1;\n",
		"test/setup.js":           "if (global.presetRuns !== 1) throw new Error('the preset setup file ran ' + global.presetRuns + ' times');\nglobal.projectSetupRan = true;\n",
	}
	for _, tt := range []struct {
		name, cmd string
		files     map[string]string
	}{
		{name: "npx jest", cmd: "npx jest"},
		{name: "npm test", cmd: "npm test"},
		{name: "two workers", cmd: "npx jest --maxWorkers=2"},
		{name: "a preset's setup file", cmd: "npx jest", files: preset},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := linkedTree(t, "../testdata/witness/value-jest/tree", "node_modules/.bin/jest")
			if tt.files != nil {
				for name, text := range tt.files {
					p := filepath.Join(root, filepath.FromSlash(name))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				for _, args := range [][]string{{"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "preset"}} {
					cmd := exec.Command("git", args...)
					cmd.Dir = root
					if out, err := cmd.CombinedOutput(); err != nil {
						t.Fatalf("git %v: %v\n%s", args, err, out)
					}
				}
			}
			got := certifyWitnessFixture(t, root, "value-jest", Options{Runner: RunnerNode, OracleCmd: tt.cmd, skipSuggest: true}, "recorded by bond's setup file, which jest runs first", len(wants))
			for at, m := range got {
				w, ok := wants[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				checkDrainWitness(t, at, checkValueWitness(t, at, m, w, ""), "src/index.js#drain", "test/queue.test.js", "drain takes items off the front")
			}
		})
	}
}

// TestValueWitnessJestESM certifies testdata/witness/value-jest-esm (the jest fixture written as
// ES modules: a package of type module, jest 29 under --experimental-vm-modules, the install of
// value-jest shared) with jest as the oracle command, through npm test and with NODE_OPTIONS:
// bond's setup file, an ES module run after the project's own, imports the modules each test
// file imports and wraps them through jest.unstable_mockModule, and must give the ignored return
// value witness value with the call and the test's name, and the equivalent mutant (?? 0 on a
// value validation keeps an integer) witness none with its call counts, never value; a test that
// checks the module's identity under a dynamic import, its named and default exports and
// jest.isMockFunction still passes, as does one that checks the project's setup file ran. With
// neighbours asked, the neighbour calls are made and counted beside the recorded ones; .mjs test
// files in a package not of type module are traced alike.
func TestValueWitnessJestESM(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	wants := map[string]valueWant{
		"src/queue.js:4": {"ternary-false", report.WitnessValue, 7, 1},
		"src/pad.js:6":   {"swap-logical", report.WitnessNone, 7, 0},
	}
	// .mjs test files in a package that is not of type module (its src/ is, by a package.json
	// of its own): jest loads the tests as ES modules by their extension.
	mjs := func(t *testing.T, root string) {
		files := map[string]string{
			"package.json":     `{"name":"value-fixture-jest-mjs","private":true,"scripts":{"test":"node --experimental-vm-modules node_modules/.bin/jest"},"jest":{"testEnvironment":"node","testMatch":["**/test/*.test.mjs"],"setupFilesAfterEnv":["<rootDir>/test/setup.js"]}}`,
			"src/package.json": `{"type":"module"}`,
		}
		for name, text := range files {
			if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range []string{"test/pad.test", "test/queue.test"} {
			if err := os.Rename(filepath.Join(root, f+".js"), filepath.Join(root, f+".mjs")); err != nil {
				t.Fatal(err)
			}
		}
		for _, args := range [][]string{{"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "mjs"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = root
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
	}
	for _, tt := range []struct {
		name, cmd  string
		neighbours bool
		edit       func(t *testing.T, root string)
	}{
		{name: "npm test", cmd: "npm test"},
		{name: "NODE_OPTIONS, neighbours asked", cmd: "NODE_OPTIONS=--experimental-vm-modules npx jest", neighbours: true},
		{name: ".mjs test files", cmd: "npm test", edit: mjs},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := linkedTreeFrom(t, "../testdata/witness/value-jest-esm/tree", "../testdata/witness/value-jest/tree", "node_modules/.bin/jest")
			queueTest := "test/queue.test.js"
			if tt.edit != nil {
				tt.edit(t, root)
				queueTest = "test/queue.test.mjs"
			}
			note := "recorded by bond's setup file, an ES module jest runs last"
			if tt.neighbours {
				note = "neighbour calls in the first"
			}
			got := certifyWitnessFixture(t, root, "value-jest-esm", Options{Runner: RunnerNode, OracleCmd: tt.cmd, ValueNeighbours: tt.neighbours, skipSuggest: true}, note, len(wants))
			for at, m := range got {
				w, ok := wants[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				if tt.neighbours {
					// The neighbour calls are compared beside the recorded ones: only the
					// recorded counts are pinned here (TestValueNeighboursJest pins the rest).
					if v := m.Witness.Values; m.Witness.Kind != w.kind || v == nil || v.Neighbours == 0 || v.Calls-v.Neighbours != w.calls {
						t.Errorf("%s: witness %s, values %+v, want %s with neighbours counted", at, m.Witness.Kind, v, w.kind)
					}
					continue
				}
				checkDrainWitness(t, at, checkValueWitness(t, at, m, w, ""), "src/index.js#drain", queueTest, "drain takes items off the front")
			}
		})
	}
}

// TestValueWitnessVitest certifies testdata/witness/value-vitest (vitest 3, TypeScript, two test
// files, a vitest.config.ts whose setupFiles the tests check ran once) with vitest as the oracle
// command, directly, through npm test, naming its test files, and in the threads and forks pools:
// bond's config loads the project's and runs bond's setup file first, which wraps the modules each
// test file imports through vi.doMock, and must give the ignored return value witness value with
// the call and the test's name, and the equivalent mutant (?? 0 on a value validation keeps an
// integer) witness none with its call counts, never value; a test that checks the module's named
// exports and vi.isMockFunction still passes. Without a config of the project's bond's config
// stands alone; with neighbours asked (the threads pool) they are made and change no verdict. A repository with a workspace
// file is refused by name on the run (a command that names its own config: TestWithVitestArgs).
func TestValueWitnessVitest(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	wants := map[string]valueWant{
		"src/queue.ts:4": {"ternary-false", report.WitnessValue, 6, 1},
		"src/pad.ts:6":   {"swap-logical", report.WitnessNone, 6, 0},
	}
	// Without vitest.config.ts the project's setup file is gone: the tests that check it ran
	// are dropped with it.
	noConfig := func(t *testing.T, root string) {
		for _, f := range []string{"vitest.config.ts", "test/setup.ts"} {
			if err := os.Remove(filepath.Join(root, f)); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range []string{"test/pad.test.ts", "test/queue.test.ts"} {
			p := filepath.Join(root, f)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			text := string(b)
			i := strings.Index(text, "\n  test('the project setup file ran once'")
			if i < 0 {
				t.Fatalf("%s has no setup test", f)
			}
			if err := os.WriteFile(p, []byte(text[:i]+"\n});\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tt := range []struct {
		name, cmd   string
		edit        func(t *testing.T, root string)
		unavailable string
		neighbours  bool
	}{
		{name: "npx vitest run, forks pool", cmd: "npx vitest run --pool forks"},
		{name: "npm test", cmd: "npm test"},
		// Named files may narrow the mutant's coverage run to the test files that reach its line
		// (per-test-file reach, made only when its cost rule says it pays, which the machine's
		// speed decides): drain's is reached by queue.test.ts alone, whose 2 calls are then
		// compared; the loop below reads which happened from the run.
		{name: "test files named", cmd: "npx vitest run test/queue.test.ts test/pad.test.ts"},
		{name: "threads pool, neighbours asked", cmd: "npx vitest run --pool=threads", neighbours: true},
		{name: "no config of the project's", cmd: "npx vitest run", edit: noConfig},
		{name: "a workspace file", cmd: "npx vitest run", unavailable: "the repository has vitest.workspace.json", edit: func(t *testing.T, root string) {
			if err := os.WriteFile(filepath.Join(root, "vitest.workspace.json"), []byte(`["."]`), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := linkedTreeFrom(t, "../testdata/witness/value-vitest/tree", "../testdata/coverage/vitest", "node_modules/.bin/vitest")
			if tt.edit != nil {
				tt.edit(t, root)
				for _, args := range [][]string{{"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "edit"}} {
					cmd := exec.Command("git", args...)
					cmd.Dir = root
					if out, err := cmd.CombinedOutput(); err != nil {
						t.Fatalf("git %v: %v\n%s", args, err, out)
					}
				}
			}
			note := "recorded by bond's setup file, which vitest runs first"
			switch {
			case tt.unavailable != "":
				note = tt.unavailable
			case tt.neighbours:
				note = "neighbour calls in the first"
			}
			got := certifyWitnessFixture(t, root, "value-vitest", Options{Runner: RunnerNode, OracleCmd: tt.cmd, ValueNeighbours: tt.neighbours, skipSuggest: true}, note, len(wants))
			for at, m := range got {
				w, ok := wants[at]
				if !ok {
					t.Errorf("unexpected mutant at %s", at)
					continue
				}
				if n := len(m.Runs); n > 0 && len(m.Runs[n-1].TestFiles) == 1 && m.Runs[n-1].TestFiles[0] == "test/queue.test.ts" {
					w.calls = 2
				}
				if tt.unavailable != "" {
					checkValueWitness(t, at, m, valueWant{w.op, report.WitnessNone, 0, 0}, tt.unavailable)
					continue
				}
				if v := m.Witness.Values; tt.neighbours && v != nil {
					// The neighbour calls (TestValueNeighboursVitest) come on top of the tests' own:
					// the equivalent mutant still differs on none of them.
					if v.Neighbours == 0 {
						t.Errorf("%s: values %+v, want neighbour calls under the threads pool", at, v)
					}
					w.calls += v.Neighbours
					if w.differ > 0 {
						w.differ = max(v.Differ, 1)
					}
				}
				checkDrainWitness(t, at, checkValueWitness(t, at, m, w, ""), "src/index.ts#drain", "test/queue.test.ts", "drain > takes items off the front")
			}
		})
	}
}

// valueWant is one fixture mutant's expected witness: its operator, the witness kind and how
// many calls the value detector compared and found different.
type valueWant struct {
	op            string
	kind          report.WitnessKind
	calls, differ int
}

// checkValueWitness checks that m, found at at, was accepted with w's operator, witness kind and
// call counts (or, with unavailable, that the detector says it could not look, naming that
// fragment), and returns its value difference when w is a value witness, for the caller's own
// checks of the call.
func checkValueWitness(t *testing.T, at string, m report.MutantResult, w valueWant, unavailable string) *report.ValueDiff {
	t.Helper()
	if m.Operator != w.op || m.Status != report.StatusAccepted || m.Witness.Kind != w.kind {
		t.Errorf("%s: %s %s witness %s (reason %q: %s), want %s accepted witness %s", at, m.Operator, m.Status, m.Witness.Kind, m.Reason, m.Note, w.op, w.kind)
	}
	v := m.Witness.Values
	switch {
	case v == nil:
		t.Errorf("%s: no witness.values", at)
	case unavailable != "":
		if !strings.Contains(v.Unavailable, unavailable) {
			t.Errorf("%s: values %+v, want unavailable saying %q", at, v, unavailable)
		}
	case v.Unavailable != "" || v.Calls != w.calls || v.Differ != w.differ:
		t.Errorf("%s: values %+v, want %d of %d calls differ", at, v, w.differ, w.calls)
	}
	if w.kind != report.WitnessValue {
		return nil
	}
	if m.Witness.Value == nil {
		t.Errorf("%s: witness value without its call", at)
		return &report.ValueDiff{}
	}
	return m.Witness.Value
}

// checkDrainWitness checks the value witness d (nil: checkValueWitness already reported why not)
// of the queue fixtures' ignored-return mutant: the drain call of the test named test in file,
// whose return was the two items and is empty under the mutant.
func checkDrainWitness(t *testing.T, at string, d *report.ValueDiff, callee, file, test string) {
	t.Helper()
	if d != nil && (d.Callee != callee || d.File != file || d.Test != test ||
		d.Path != "return" || d.BaselineOutcome != `["a", "b"]` || d.MutantOutcome != "[]") {
		t.Errorf("%s: value %+v", at, d)
	}
}
