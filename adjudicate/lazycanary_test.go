package adjudicate

// The canaries run after the mutants, only where a verdict can depend on one (checks.go
// canaryPlan). These tests hold that order to the eager one's verdicts.

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// canaryFixture is a repository with one file of each kind the canary order must get right:
//   - src/killed.js, whose mutant the test kills (its canary is not needed);
//   - src/loose.js, loaded by the test but with only an accepted mutant (its canary runs, killed);
//   - src/built.js, which the test never loads: it imports dist/built.js, a committed built copy
//     (the canary survives; the mutant, accepted, is unshown);
//   - src/text.js, which the test reads as text and never loads (the mutant is killed by the
//     text check, yet the canary survives: no evidence, unshown);
//   - src/caught.js, which the test loads inside a try that swallows the canary's throw, with
//     only an accepted mutant (the canary passes, but its coverage run shows the throw ran and
//     nothing after it: swallowed, the file is loaded, the mutant vacuous — the attack case
//     canary-swallow-hides-accepted).
func canaryFixture(t *testing.T) (root string, front plan.Front, muts []plan.Mutant) {
	t.Helper()
	built := "function triple(x) {\n  return x * 3;\n}\nmodule.exports = { triple };\n"
	root = testrepo.Git(t, map[string]string{
		"src/killed.js": "function double(x) {\n  return x * 2;\n}\nmodule.exports = { double };\n",
		"src/loose.js":  "function label(n) {\n  const unit = n === 1 ? 'item' : 'items';\n  return n + ' ' + unit;\n}\nmodule.exports = { label };\n",
		"src/built.js":  built,
		"dist/built.js": built,
		"src/text.js":   "function sum(a, b) {\n  return a + b;\n}\nmodule.exports = { sum };\n",
		"src/caught.js": "function half(x) {\n  return x / 2;\n}\nmodule.exports = { half };\n",
		"test/all.test.js": `const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { double } = require('../src/killed.js');
const { label } = require('../src/loose.js');
const { triple } = require('../dist/built.js');
test('double', () => { assert.strictEqual(double(3), 6); });
test('label is text', () => { assert.strictEqual(typeof label(2), 'string'); });
test('triple', () => { assert.strictEqual(triple(2), 6); });
test('sum is written as a + b', () => {
  assert.ok(fs.readFileSync(path.join(__dirname, '..', 'src', 'text.js'), 'utf8').includes('a + b'));
});
let caught = null;
try {
  caught = require('../src/caught.js');
} catch (e) {
  if (!String(e && e.message).includes('bond canary')) throw e;
}
test('half runs', () => { if (caught) caught.half(4); });
`,
	})
	muts = []plan.Mutant{
		mutantAt(t, root, "src/killed.js", 2, "swap-arithmetic", "x * 2", "x / 2"),
		mutantAt(t, root, "src/loose.js", 2, "invert-equality", "n === 1", "n !== 1"),
		mutantAt(t, root, "src/built.js", 2, "swap-arithmetic", "x * 3", "x / 3"),
		mutantAt(t, root, "src/text.js", 2, "swap-arithmetic", "a + b", "a - b"),
		mutantAt(t, root, "src/caught.js", 2, "swap-arithmetic", "x / 2", "x * 2"),
	}
	front = plan.Front{Files: []plan.FileInfo{
		{Path: "src/killed.js", Added: []int{2}}, {Path: "src/loose.js", Added: []int{2}},
		{Path: "src/built.js", Added: []int{2}}, {Path: "src/text.js", Added: []int{2}},
		{Path: "src/caught.js", Added: []int{2}},
	}}
	return root, front, muts
}

// certifyCanaryFixture certifies the fixture with the node runner, canaries eager or lazy.
func certifyCanaryFixture(t *testing.T, root string, front plan.Front, muts []plan.Mutant, eager bool, inc string) *report.Report {
	t.Helper()
	return certifyCanaryFixtureWith(t, RunnerNode, root, front, muts, eager, inc)
}

// certifyCanaryFixtureWith is certifyCanaryFixture with the given runner.
func certifyCanaryFixtureWith(t *testing.T, runner string, root string, front plan.Front, muts []plan.Mutant, eager bool, inc string) *report.Report {
	t.Helper()
	o := Options{Plan: plan.Options{Repo: root}, Oracle: []string{"test/all.test.js"}, Runner: runner, Jobs: 2,
		Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll, Incremental: inc}
	o.eagerCanaries = eager
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if inc != "" {
		abs, _ := filepath.Abs(root)
		// The signing key's directory beside the file, so a second run trusts the first's.
		if o.inc, err = openIncremental(inc, abs, filepath.Join(filepath.Dir(inc), "key")); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
	if err == nil && o.inc != nil {
		err = o.inc.finish(rep, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestLazyCanariesSameVerdicts: certify with the canaries after the mutants gives every mutant
// the verdicts (in every regime) and reason the eager order gives, and the same bond, while
// running the canary only of the files that need one; the embedded runner's lazy order gives
// the node runner's.
func TestLazyCanariesSameVerdicts(t *testing.T) {
	t.Parallel()
	needNode(t)
	root, front, muts := canaryFixture(t)
	eager := certifyCanaryFixture(t, root, front, muts, true, "")
	lazy := certifyCanaryFixture(t, root, front, muts, false, "")

	wantVerdict := []report.Verdict{report.VerdictHeld, report.VerdictVacuous, report.VerdictUnshown, report.VerdictUnshown, report.VerdictVacuous}
	wantReason := []report.Reason{"", "", report.ReasonCanarySurvived, report.ReasonCanarySurvived, ""}
	for i, e := range eager.Mutants {
		l := lazy.Mutants[i]
		if e.Verdict != wantVerdict[i] || e.Reason != wantReason[i] {
			t.Errorf("eager %s: status %s reason %q verdict %s; the fixture wants verdict %s reason %q\n%s", e.Path, e.Status, e.Reason, e.Verdict, wantVerdict[i], wantReason[i], e.OutputTail)
		}
		for _, r := range report.Regimes {
			if l.ByRegime[r] != e.ByRegime[r] {
				t.Errorf("%s under %s: lazy %s, eager %s", l.Path, r, l.ByRegime[r], e.ByRegime[r])
			}
		}
		if l.Reason != e.Reason {
			t.Errorf("%s: lazy reason %q (status %s), eager %q (status %s)", l.Path, l.Reason, l.Status, e.Reason, e.Status)
		}
	}
	for _, r := range report.Regimes {
		if lazy.Bond.ByRegime[r] != eager.Bond.ByRegime[r] {
			t.Errorf("bond under %s: lazy %s, eager %s", r, lazy.Bond.ByRegime[r], eager.Bond.ByRegime[r])
		}
	}
	// Where the two orders differ: the eager order never runs a mutant of a file whose canary
	// survived; the lazy one runs it, and the text check kills src/text.js's.
	if s := eager.Mutants[3].Status; s != report.StatusSkipped {
		t.Errorf("eager src/text.js mutant %s, want skipped", s)
	}
	if s := lazy.Mutants[3].Status; s != report.StatusKilled {
		t.Errorf("lazy src/text.js mutant %s, want killed (by the text check), unshown", s)
	}

	wantEager := []report.Canary{
		{Path: "src/killed.js", Result: report.CanaryKilled}, {Path: "src/loose.js", Result: report.CanaryKilled},
		{Path: "src/built.js", Result: report.CanarySurvived}, {Path: "src/text.js", Result: report.CanarySurvived},
		{Path: "src/caught.js", Result: report.CanarySwallowed},
	}
	wantLazy := []report.Canary{
		{Path: "src/killed.js", Result: report.CanaryNotRun, Reason: report.CanaryNotNeeded, LoadedBy: muts[0].ID},
		wantEager[1], wantEager[2], wantEager[3], wantEager[4],
	}
	for name, c := range map[string]struct{ got, want []report.Canary }{"eager": {eager.SelfCheck, wantEager}, "lazy": {lazy.SelfCheck, wantLazy}} {
		if len(c.got) != len(c.want) {
			t.Fatalf("%s self_check %+v, want %+v", name, c.got, c.want)
		}
		for i := range c.got {
			g := c.got[i]
			g.DurationMS = 0
			checkCanaryCoverage(t, name, g)
			if g.Coverage != nil && g.Coverage.SameRun {
				t.Errorf("%s canary of %s: node's coverage costs a run, yet same_run says there was none", name, g.Path)
			}
			g.Coverage = nil
			if g != c.want[i] {
				t.Errorf("%s self_check[%d] %+v, want %+v", name, i, g, c.want[i])
			}
		}
	}
	// The canary of a loaded file whose mutant was killed is the run saved.
	if lazy.SelfCheck[0].DurationMS != 0 {
		t.Errorf("the not-needed canary has a duration: %+v", lazy.SelfCheck[0])
	}
	// The embedded runner's statement probes tell a swallowed canary from a file the oracle does
	// not load as V8's coverage does: the same self-check and verdicts as the node runner's.
	emb := certifyCanaryFixtureWith(t, RunnerEmbedded, root, front, muts, false, "")
	if emb.Run.Runner != RunnerEmbedded {
		t.Fatalf("runner %s, want embedded (%s)", emb.Run.Runner, emb.Run.RunnerNote)
	}
	for i, c := range emb.SelfCheck {
		checkCanaryCoverage(t, "embedded", c)
		// Its coverage is free: the canary's one run keeps it, and no second run is made.
		if c.Coverage != nil && !c.Coverage.SameRun {
			t.Errorf("embedded canary of %s made a second run for its coverage: %+v", c.Path, c.Coverage)
		}
		if c.Result != lazy.SelfCheck[i].Result {
			t.Errorf("embedded canary of %s %s, node %s", c.Path, c.Result, lazy.SelfCheck[i].Result)
		}
	}
	for i, m := range emb.Mutants {
		if m.Verdict != lazy.Mutants[i].Verdict || m.Reason != lazy.Mutants[i].Reason {
			t.Errorf("embedded %s: %s (%q), node %s (%q)", m.Path, m.Verdict, m.Reason, lazy.Mutants[i].Verdict, lazy.Mutants[i].Reason)
		}
	}
	// Reach: src/built.js and src/text.js are never loaded (their canaries survived).
	for _, f := range lazy.Baseline.Reach.Files {
		if (f.Path == "src/built.js" || f.Path == "src/text.js") && f.Coverage != "not-loaded" {
			t.Errorf("lazy reach of %s: %s (%s), want not-loaded", f.Path, f.Coverage, f.Detail)
		}
	}
}

// checkCanaryCoverage holds a canary of the fixture to the coverage run its result must rest on:
// none for a killed or not-run canary; for a survived one (a built copy, a file read as text) a
// run whose coverage has no hit map of the file; for a swallowed one a run that ran the throw
// line and nothing after it.
func checkCanaryCoverage(t *testing.T, order string, c report.Canary) {
	t.Helper()
	cov := c.Coverage
	switch c.Result {
	case report.CanarySurvived:
		if cov == nil || cov.Recorded || cov.Swallowed() {
			t.Errorf("%s canary of %s survived, coverage run %+v: want one that did not record the file", order, c.Path, cov)
		}
	case report.CanarySwallowed:
		if cov == nil || !cov.Swallowed() || cov.ThrowLine != 1 {
			t.Errorf("%s canary of %s swallowed, coverage run %+v: want the throw line 1 ran and nothing after it", order, c.Path, cov)
		}
	default:
		if cov != nil {
			t.Errorf("%s canary of %s %s has a coverage run %+v: only a survived canary gets one", order, c.Path, c.Result, cov)
		}
	}
}

// TestExhaustiveRunsEveryCanary: --exhaustive-runs (every run) still runs the canary of every
// file, before the mutants, and its verdicts are the default engine's.
func TestExhaustiveRunsEveryCanary(t *testing.T) {
	needNode(t)
	root, front, muts := canaryFixture(t)
	o := Options{Plan: plan.Options{Repo: root}, Oracle: []string{"test/all.test.js"}, Runner: RunnerNode, Jobs: 2,
		Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll, ExhaustiveRuns: true}
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	ex, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	lazy := certifyCanaryFixture(t, root, front, muts, false, "")
	for i, c := range ex.SelfCheck {
		if c.Result == report.CanaryNotRun {
			t.Errorf("exhaustive self_check[%d] %+v: every canary must run", i, c)
		}
	}
	for i, m := range ex.Mutants {
		for _, r := range report.Regimes {
			if m.ByRegime[r] != lazy.Mutants[i].ByRegime[r] {
				t.Errorf("%s under %s: exhaustive %s, default %s", m.Path, r, m.ByRegime[r], lazy.Mutants[i].ByRegime[r])
			}
		}
	}
	// Exhaustive runs every mutant, the text-read file's too: its kill is no evidence either.
	if m := ex.Mutants[3]; m.Status != report.StatusKilled || m.Reason != report.ReasonCanarySurvived {
		t.Errorf("exhaustive src/text.js mutant %s (%s), want killed (canary-survived)", m.Status, m.Reason)
	}
	// A swallowed canary, first as last, lets the file's mutant run and be adjudicated.
	if m := ex.Mutants[4]; m.Status != report.StatusAccepted || m.Verdict != report.VerdictVacuous {
		t.Errorf("exhaustive src/caught.js mutant %s (%s) verdict %s, want accepted, vacuous (its canary was swallowed)", m.Status, m.Reason, m.Verdict)
	}
}

// TestIncrementalCanaryAfterReuse: with --incremental, the second run reuses the outcomes no
// canary decided (the kill, the loaded file's accepted mutant), runs again those a survived
// canary decided (they are never kept), runs the canaries after the reuse, and derives the same
// verdicts and self-check.
func TestIncrementalCanaryAfterReuse(t *testing.T) {
	needNode(t)
	root, front, muts := canaryFixture(t)
	inc := filepath.Join(t.TempDir(), "inc.json")
	first := certifyCanaryFixture(t, root, front, muts, false, inc)
	second := certifyCanaryFixture(t, root, front, muts, false, inc)
	wantCached := []bool{true, true, false, false, true}
	for i, m := range second.Mutants {
		if m.Cached != wantCached[i] {
			t.Errorf("%s: cached %v, want %v (status %s reason %q)", m.Path, m.Cached, wantCached[i], m.Status, m.Reason)
		}
		for _, r := range report.Regimes {
			if m.ByRegime[r] != first.Mutants[i].ByRegime[r] {
				t.Errorf("%s under %s: first %s, second %s", m.Path, r, first.Mutants[i].ByRegime[r], m.ByRegime[r])
			}
		}
		if m.Reason != first.Mutants[i].Reason {
			t.Errorf("%s: reason %q, then %q", m.Path, first.Mutants[i].Reason, m.Reason)
		}
	}
	for i, c := range second.SelfCheck {
		f := first.SelfCheck[i]
		if c.Path != f.Path || c.Result != f.Result || c.Reason != f.Reason || c.LoadedBy != f.LoadedBy {
			t.Errorf("self_check[%d]: first %+v, second %+v", i, f, c)
		}
	}
}

// TestReportSchemaNamesCanaryResults: docs/report-schema.md's self_check section names every
// canary result and the not-needed reason, with the fields they come with.
func TestReportSchemaNamesCanaryResults(t *testing.T) {
	b, err := os.ReadFile("../docs/report-schema.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "## `self_check[]`")
	if start < 0 {
		t.Fatal("docs/report-schema.md has no self_check section")
	}
	section := doc[start:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	for _, w := range []string{report.CanaryKilled, report.CanarySurvived, report.CanarySwallowed, report.CanaryError, report.CanaryNotRun, report.CanaryNotNeeded, "loaded_by", "reason", "coverage", "throw_ran", "ran_after", "same_run"} {
		if !strings.Contains(section, "`"+w+"`") {
			t.Errorf("docs/report-schema.md's self_check section does not name `%s`", w)
		}
	}
}
