package adjudicate

// The parity harness (issue [parity], deliver 2): a mutant's status and killing test must not
// depend on how many sandboxes run at once, on the order runs start, on the runner, or on
// whether an incremental cache supplied it. Every certify fixture, every calibration case and
// generated multi-file patches are certified under each configuration and compared mutant by
// mutant with the first; a difference fails and prints both runs.

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/config"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
	"github.com/pelletier/go-toml/v2"
)

var (
	parityGenerated = flag.Int("parity.generated", 8, "how many generated multi-file patches the parity harness certifies")
	paritySeed      = flag.Int64("parity.seed", 1, "the parity harness generator's seed")
)

// parityConfig is one way of running a case; apply edits the case's options.
type parityConfig struct {
	name  string
	apply func(o *Options, dir string)
}

// parityConfigs are the ways every case runs; the first is the reference. Each other varies
// what a verdict must not depend on, several at once where one failure would still say which
// two runs differ (both are printed): more sandboxes than cores with the runs started in a
// shuffled order; the node runner; an incremental cache, cold (two sandboxes, writing the file)
// then warm (reusing it) on one file. A plain two-sandbox run was dropped as the cold run is
// one, and so was a two-sandbox shuffled run, which four shuffled covers (CI time, [speed]).
var parityConfigs = []parityConfig{
	{"j1", func(o *Options, _ string) { o.Jobs = 1 }},
	{"j4-shuffled", func(o *Options, _ string) { o.Jobs, o.shuffleSeed = 4, 20261205 }},
	{"node", func(o *Options, _ string) { o.Jobs, o.Runner = 2, RunnerNode }},
	{"incremental-cold", func(o *Options, dir string) { o.Jobs, o.Incremental = 2, filepath.Join(dir, "bond.incremental.json") }},
	{"incremental-warm", func(o *Options, dir string) { o.Jobs, o.Incremental = 2, filepath.Join(dir, "bond.incremental.json") }},
}

// parityCase is one case of the harness: a checkout and the options that certify it.
type parityCase struct {
	name string
	root string
	o    Options
	ctx  context.Context
}

// TestParityHarness certifies every case under every configuration and requires the same
// status and killed_by for every mutant (SPEC: a verdict never depends on concurrency, order,
// runner or cache). Cases the reference cannot certify (a setup error by design) are skipped.
func TestParityHarness(t *testing.T) {
	t.Parallel()
	needNode(t)
	cases := map[string]func(t *testing.T) parityCase{}
	fixtures, _ := filepath.Glob("../testdata/calibration/*/expect.toml")
	certify, _ := filepath.Glob("../testdata/certify/*/patch.diff")
	for _, f := range append(fixtures, certify...) {
		dir := filepath.Dir(f)
		cases[filepath.Base(filepath.Dir(dir))+"-"+filepath.Base(dir)] = func(t *testing.T) parityCase { return fixtureCase(t, dir) }
	}
	for i := range *parityGenerated {
		cases[fmt.Sprintf("generated-%d", i)] = func(t *testing.T) parityCase { return generatedCase(t, generatePatch(*paritySeed, i)) }
	}
	if len(cases) < 15+*parityGenerated {
		t.Fatalf("found only %d cases", len(cases))
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := mk(t)
			t.Logf("case %s", c.name)
			replayUnderConfigs(t, c)
		})
	}
}

// fixtureCase is a calibration case or certify fixture as the harness runs it.
func fixtureCase(t *testing.T, dir string) parityCase {
	var want calExpect
	if b, err := os.ReadFile(filepath.Join(dir, "expect.toml")); err == nil {
		if err := toml.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
	}
	if want.Exit != 0 {
		t.Skipf("%s: a setup error by design, no mutants to compare", dir)
	}
	root := copyTree(t, filepath.Join(dir, "tree"))
	diff, _ := filepath.Abs(filepath.Join(dir, "patch.diff"))
	o := Options{Plan: plan.Options{Repo: root, DiffPath: diff}, Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll}
	cfg, err := config.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	applyCalibrationConfig(t, cfg, &o)
	if len(o.Oracle) > 0 && want.Mode == "" {
		o.Runner = RunnerAuto // a file-list oracle runs embedded, so "node" compares the runners
	}
	return parityCase{name: filepath.Base(dir), root: root, o: o, ctx: calibrationContext(context.Background(), want.Mode)}
}

// generatedCase writes g as a checkout whose last commit is the patch, linking the installed
// runner its framework needs.
func generatedCase(t *testing.T, g genPatch) parityCase {
	var root string
	if g.modules != "" {
		root = runnerFixture(t, g.modules, g.base)
	} else {
		root = testrepo.Git(t, g.base)
	}
	for p, c := range g.patched {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(p)), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, root, "add", "-A")
	gitIn(t, root, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "the patch")
	o := Options{Plan: plan.Options{Repo: root, Base: "HEAD~1", OperatorSet: 2, Budget: 100, PerOperator: 100},
		Oracle: g.oracle, OracleCmd: g.oracleCmd, Timeout: 2 * time.Minute, Adjudicate: AdjudicateAll}
	return parityCase{name: g.name, root: root, o: o, ctx: context.Background()}
}

// replayUnderConfigs certifies c under every configuration and compares each with the first.
func replayUnderConfigs(t *testing.T, c parityCase) {
	dir := t.TempDir()
	var ref *report.Report
	for _, pc := range parityConfigs {
		o := c.o
		pc.apply(&o, dir)
		if pc.name == "node" && c.o.Runner == RunnerNode {
			continue // the reference already ran under node
		}
		rep, err := Certify(c.ctx, o)
		if err != nil {
			t.Fatalf("%s under %s: %v", c.name, pc.name, err)
		}
		t.Logf("%s under %s: runner %s, %d mutants, %s", c.name, pc.name, rep.Run.Runner, len(rep.Mutants), statusCounts(rep))
		if ref == nil {
			ref = rep
			if len(rep.Mutants) == 0 {
				t.Logf("%s: no mutants to compare", c.name)
			}
			continue
		}
		compareConfigs(t, c.name, parityConfigs[0].name, ref, pc.name, rep)
	}
}

// compareConfigs reports every mutant whose status or killing test differs between a and b.
func compareConfigs(t *testing.T, name, an string, a *report.Report, bn string, b *report.Report) {
	t.Helper()
	if len(a.Mutants) != len(b.Mutants) {
		t.Errorf("%s: %d mutants under %s, %d under %s", name, len(a.Mutants), an, len(b.Mutants), bn)
		return
	}
	for i, ma := range a.Mutants {
		mb := b.Mutants[i]
		if ma.ID != mb.ID {
			t.Errorf("%s: mutant %d is %s under %s, %s under %s", name, i, ma.ID, an, mb.ID, bn)
			continue
		}
		if ma.Status == mb.Status && ma.KilledBy == mb.KilledBy {
			continue
		}
		t.Errorf("%s: %s:%d %s (%s → %s) differs:\n--- %s (runner %s): %s, killed_by %q\n%s\n--- %s (runner %s): %s, killed_by %q\n%s",
			name, ma.Path, ma.Line, ma.Operator, ma.Change.From, ma.Change.To,
			an, a.Run.Runner, ma.Status, ma.KilledBy, indent(ma.OutputTail),
			bn, b.Run.Runner, mb.Status, mb.KilledBy, indent(mb.OutputTail))
	}
}

// statusCounts summarises a report's mutant statuses, for the harness's log.
func statusCounts(rep *report.Report) string {
	n := map[report.Status]int{}
	for _, m := range rep.Mutants {
		n[m.Status]++
	}
	return fmt.Sprint(n)
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

// gitIn runs git args in dir.
func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}
