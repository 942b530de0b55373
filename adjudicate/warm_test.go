package adjudicate

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// warmFixtureStatuses are testdata/warm/vitest's and testdata/warm/jest's mutants under operator
// set 2 as a cold vitest or jest decides them (the two fixtures are one module and one test
// file, written for each runner): the tests never pass lo > hi nor an empty range, so the guards
// of those are accepted; the rest are killed.
var warmFixtureStatuses = map[string]report.Status{
	"src/range.js:3":  report.StatusAccepted,
	"src/range.js:4":  report.StatusKilled,
	"src/range.js:5":  report.StatusKilled,
	"src/range.js:11": report.StatusAccepted,
	"src/range.js:12": report.StatusKilled,
}

// warmFixture is one runner's warm fixture: its tree and patch under testdata/warm, and the
// installed fixture whose node_modules it links.
type warmFixture struct{ dir, modules, bin string }

var (
	warmVitestFixture = warmFixture{"../testdata/warm/vitest", "../testdata/coverage/vitest", "node_modules/.bin/vitest"}
	warmJestFixture   = warmFixture{"../testdata/warm/jest", "../testdata/coverage/jest", "node_modules/.bin/jest"}
)

// tree is a committed copy of the fixture's tree with node_modules linked, and its patch.
func (f warmFixture) tree(t testing.TB) (root, diff string) {
	root = linkedTreeFrom(t, f.dir+"/tree", f.modules, f.bin)
	diff, _ = filepath.Abs(f.dir + "/patch.diff")
	return root, diff
}

// certifyWarm certifies testdata/warm/vitest (vitest 3 from testdata/coverage/vitest) with cmd
// as the oracle under --runner node --warm, edit changing the tree first, and checks every
// mutant's status is the cold runner's; it returns the report's warm record.
func certifyWarm(t *testing.T, ctx context.Context, cmd string, edit func(t *testing.T, root string)) *report.WarmInfo {
	t.Helper()
	return certifyWarmFixture(t, ctx, warmVitestFixture, cmd, edit)
}

// certifyWarmFixture is certifyWarm on fixture f.
func certifyWarmFixture(t *testing.T, ctx context.Context, f warmFixture, cmd string, edit func(t *testing.T, root string)) *report.WarmInfo {
	t.Helper()
	root, diff := f.tree(t)
	if edit != nil {
		edit(t, root)
	}
	o := Options{Plan: plan.Options{Repo: root, DiffPath: diff, OperatorSet: 2}, Runner: RunnerNode, OracleCmd: cmd, Warm: true,
		Adjudicate: AdjudicateAll, Jobs: 1, Timeout: 2 * time.Minute}
	rep, err := Certify(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Mutants) != len(warmFixtureStatuses) {
		t.Fatalf("got %d mutants, want %d", len(rep.Mutants), len(warmFixtureStatuses))
	}
	for _, m := range rep.Mutants {
		at := fmt.Sprintf("%s:%d", m.Path, m.Line)
		if want := warmFixtureStatuses[at]; m.Status != want {
			t.Errorf("%s (%s): status %s, want %s as cold vitest decides; output:\n%s", at, m.Mutated, m.Status, want, m.OutputTail)
		}
		if m.Status == report.StatusKilled && m.KilledBy == "" {
			t.Errorf("%s: killed without a failing test named", at)
		}
	}
	if rep.Run.Warm == nil {
		t.Fatal("run.warm is missing under --warm")
	}
	return rep.Run.Warm
}

// TestWarmVitest runs the fixture's mutants through the warm vitest worker: its kills count,
// its acceptances are confirmed cold, and the statuses are the cold runner's; with the harness's
// invalidation switched off (the stale-transform failure mode of docs/warm-workers.md, where
// every mutant ran the first transform and "survived") the probe catches every stale answer,
// the worker is replaced and the run made cold, and the statuses are still the cold runner's;
// a vitest config that turns isolation off is refused by name.
func TestWarmVitest(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	const cmd = "npx vitest run test/range.test.js"
	for _, tt := range []struct {
		name  string
		stale bool
		edit  func(t *testing.T, root string)
		check func(t *testing.T, w *report.WarmInfo)
	}{
		{name: "fresh worker", check: func(t *testing.T, w *report.WarmInfo) {
			if w.Worker != "vitest" || w.Refused != "" || w.Started != 1 || w.Killed != 3 || w.Confirmed != 2 || w.Discarded != 0 || w.Controls < 1 {
				t.Errorf("warm record %+v, want one vitest worker, 3 kills, 2 accepted confirmed cold, none discarded, a control", *w)
			}
		}},
		{name: "stale transform caught by the probe", stale: true, check: func(t *testing.T, w *report.WarmInfo) {
			// The study's failure mode: the stale worker says every test passed on a mutant
			// cold vitest kills; the probe is what throws that answer away.
			if w.Killed != 0 || w.Discarded == 0 || !slices.ContainsFunc(w.Why, func(why string) bool {
				return strings.Contains(why, "wrong probe") && strings.Contains(why, "said 0 of 4 tests failed")
			}) {
				t.Errorf("warm record %+v, want no warm kill and stale all-pass answers discarded for their wrong probe", *w)
			}
			if w.Started < 2 {
				t.Errorf("warm record %+v: a stale worker must be replaced", *w)
			}
		}},
		{name: "config turns isolation off", edit: func(t *testing.T, root string) {
			writeCommitted(t, root, "vitest.config.js", "export default { test: { isolate: false } };\n")
		}, check: func(t *testing.T, w *report.WarmInfo) {
			if !strings.Contains(w.Refused, "isolate: false") || w.Started != 0 || w.Killed != 0 {
				t.Errorf("warm record %+v, want it refused naming isolate: false", *w)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			if tt.stale {
				ctx = withStaleWarm(ctx)
			}
			tt.check(t, certifyWarm(t, ctx, cmd, tt.edit))
		})
	}
}

// TestWarmJest runs testdata/warm/jest's mutants (jest 29 with babel-jest, installed in
// testdata/coverage/jest) through the warm jest worker: its kills count, its acceptances are
// confirmed cold, and the statuses are the cold runner's. With the mutated file given the mtime
// of the worker's first run (jest's stale-transform failure mode: its in-memory transform cache
// is keyed by path and mtime, so the worker runs the first run's code and every mutant
// "survives"), the probe catches every stale answer, the worker is replaced and the run made
// cold, and the statuses are still the cold runner's. (The configs it refuses:
// TestWarmJestRefusesConfigs.)
func TestWarmJest(t *testing.T) {
	t.Parallel()
	needGit(t)
	needNode(t)
	const cmd = "npx jest test/range.test.js"
	for _, tt := range []struct {
		name  string
		stale bool
		edit  func(t *testing.T, root string)
		check func(t *testing.T, w *report.WarmInfo)
	}{
		{name: "fresh worker", check: func(t *testing.T, w *report.WarmInfo) {
			if w.Worker != "jest" || w.Refused != "" || w.Started != 1 || w.Killed != 3 || w.Confirmed != 2 || w.Discarded != 0 || w.Controls < 1 {
				t.Errorf("warm record %+v, want one jest worker, 3 kills, 2 accepted confirmed cold, none discarded, a control", *w)
			}
		}},
		{name: "stale transform caught by the probe", stale: true, check: func(t *testing.T, w *report.WarmInfo) {
			if w.Killed != 0 || w.Discarded == 0 || !slices.ContainsFunc(w.Why, func(why string) bool {
				return strings.Contains(why, "wrong probe") && strings.Contains(why, "said 0 of 4 tests failed")
			}) {
				t.Errorf("warm record %+v, want no warm kill and stale all-pass answers discarded for their wrong probe", *w)
			}
			if w.Started < 2 {
				t.Errorf("warm record %+v: a stale worker must be replaced", *w)
			}
		}},
		// commander.js's kind of config: a transform for TypeScript only, so jest loads the
		// mutated .js file as written; bond's wrapper hands it back as it is, with the probe.
		{name: "config transforms TypeScript only", edit: func(t *testing.T, root string) {
			writeCommitted(t, root, "jest.config.js", "module.exports = { transform: { '^.+\\\\.tsx?$': 'babel-jest' } };\n")
		}, check: func(t *testing.T, w *report.WarmInfo) {
			if w.Worker != "jest" || w.Refused != "" || w.Killed != 3 || w.Confirmed != 2 || w.Discarded != 0 {
				t.Errorf("warm record %+v, want 3 warm kills, 2 accepted confirmed cold, none discarded", *w)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			if tt.stale {
				ctx = withStaleWarm(ctx)
			}
			w := certifyWarmFixture(t, ctx, warmJestFixture, cmd, tt.edit)
			t.Logf("warm record: %+v", *w)
			tt.check(t, w)
		})
	}
}

// TestWarmJestRefusesConfigs starts the warm jest worker on testdata/warm/jest under configs
// that would let state outlive one run in the worker's process — project code jest would load
// into the worker itself and keep loaded from run to run, where a cold jest loads it afresh —
// and checks each is refused by name before any run, so every run is cold; the fixture as it is
// starts.
func TestWarmJestRefusesConfigs(t *testing.T) {
	needNode(t)
	for _, tt := range []struct {
		name  string
		files map[string]string
		why   string
	}{
		{"the fixture as it is", nil, ""},
		{"custom test environment", map[string]string{
			"env.js":         "module.exports = require('jest-environment-node').TestEnvironment;\n",
			"jest.config.js": "module.exports = { testEnvironment: './env.js' };\n"}, "the config's testEnvironment is"},
		{"global setup", map[string]string{
			"setup.js":       "module.exports = async () => { process.env.RUNS = String(Number(process.env.RUNS || 0) + 1); };\n",
			"jest.config.js": "module.exports = { globalSetup: './setup.js' };\n"}, "the config sets globalSetup"},
		{"custom resolver", map[string]string{
			"resolver.js":    "module.exports = (path, options) => options.defaultResolver(path, options);\n",
			"jest.config.js": "module.exports = { resolver: './resolver.js' };\n"}, "the config sets resolver"},
		{"project transformer", map[string]string{
			"tr.js":          "module.exports = { process: (src) => ({ code: src }) };\n",
			"jest.config.js": "module.exports = { transform: { '\\\\.js$': './tr.js' } };\n"}, "project code the worker would keep loaded"},
		{"several projects", map[string]string{
			"jest.config.js": "module.exports = { projects: [{ displayName: 'a', testMatch: ['**/test/*.test.js'] }, { displayName: 'b', testMatch: ['**/test/*.test.js'] }] };\n"},
			"the config defines 2 projects"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, _ := warmJestFixture.tree(t)
			for name, content := range tt.files {
				if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			w := oracle.WarmFor(root, "npx jest test/range.test.js", os.Environ(), nil, t.TempDir())
			if w.Refused() != "" {
				t.Fatalf("refused before starting: %s", w.Refused())
			}
			sb := &oracle.Box{Root: root, Home: t.TempDir()}
			wk, err := w.Worker(t.Context(), sb, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			got := w.Refused()
			t.Logf("worker started: %v; refused: %q", wk != nil, got)
			if tt.why == "" && (wk == nil || got != "") || tt.why != "" && (wk != nil || !strings.Contains(got, tt.why)) {
				t.Errorf("worker %v, refused %q; want %q", wk != nil, got, tt.why)
			}
		})
	}
}

// TestWarmRefusesCommands checks the oracle commands the warm worker does not stand for keep
// every run cold, saying why, without starting anything.
func TestWarmRefusesCommands(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"test/a.test.js", "package.json"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct{ cmd, why string }{
		{"", "--oracle's node --test runs are cold"},
		{"npx mocha test/a.test.js", "runs mocha; the warm worker runs vitest and jest only"},
		{"npx jest test/a.test.js", ""},
		{"npx jest --ci --silent -w 2 --reporters=default test/a.test.js", ""},
		{"npx jest --testTimeout=100 test/a.test.js", "passes jest --testTimeout"},
		{"npx vitest run --no-isolate test/a.test.js", "turns isolation off"},
		{"npx vitest run --pool=vmThreads test/a.test.js", "does not pass on"},
		{"npx vitest run test/a.test.js && echo done", "not one test runner invocation"},
		{"npx vitest run test/a.test.js", ""},
	} {
		w := oracle.WarmFor(root, tt.cmd, nil, nil, t.TempDir())
		if tt.why == "" && w.Refused() != "" || tt.why != "" && !strings.Contains(w.Refused(), tt.why) {
			t.Errorf("%q: refused %q, want %q", tt.cmd, w.Refused(), tt.why)
		}
	}
	// jest's --ci decides whether a new snapshot is written or fails: the jest worker passes it on.
	for cmd, ci := range map[string]bool{"npx jest --ci test/a.test.js": true, "npx jest test/a.test.js": false} {
		if w := oracle.WarmFor(root, cmd, nil, nil, t.TempDir()); w.Ci != ci || !slices.Contains(w.Args(t.TempDir()), fmt.Sprintf(`{"ci":%v,"keepMtime":false}`, ci)) {
			t.Errorf("%q: ci %v, harness arguments %q; want ci %v passed on", cmd, w.Ci, w.Args(""), ci)
		}
	}
}

// writeCommitted writes rel in the git checkout root and commits it.
func writeCommitted(t *testing.T, root, rel, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, rel), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "edit")
}
