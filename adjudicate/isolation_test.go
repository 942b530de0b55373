package adjudicate

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// isolationRepo is the add fixture with an install bond links into every sandbox.
func isolationRepo(t *testing.T) string {
	return testrepo.Git(t, map[string]string{"src/add.js": addJS, "test/add.test.js": addTest,
		".gitignore": "node_modules/\n", "node_modules/dep/index.js": "module.exports = 1;\n"})
}

// A test that poisons node_modules: where overlays work the write lands in the run's own
// copy-on-write layer (the report counts it) and the install is intact; where only read-only
// mounts work the write fails and the install is intact; under BOND_ISOLATE=detect the run stops
// with an input error (exit 2) naming the file. Either way the report says which protection was
// in force.
func TestLinkedNodeModulesProtected(t *testing.T) {
	needNode(t)
	cmd := "echo poison >> node_modules/dep/index.js; node --test test/add.test.js"
	for _, mode := range []string{"", "detect"} {
		t.Run("mode="+mode, func(t *testing.T) {
			t.Setenv(isolate.ModeVar, mode)
			root := isolationRepo(t)
			m := mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")
			rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: cmd, Jobs: 1}, []plan.Mutant{m})
			if rep == nil || rep.Sandbox == nil {
				t.Fatalf("no sandbox record in the report (err %v)", err)
			}
			dep := filepath.Join(root, "node_modules", "dep", "index.js")
			got, _ := os.ReadFile(dep)
			switch rep.Sandbox.Protection {
			case confine.CopyOnWrite:
				if mode == "detect" {
					t.Fatal("BOND_ISOLATE=detect still gave copy-on-write protection")
				}
				if err != nil || string(got) != "module.exports = 1;\n" {
					t.Fatalf("copy-on-write mode: err %v, node_modules/dep/index.js = %q; want no error and the install intact", err, got)
				}
				if w := rep.Sandbox.NodeModulesWrites; w == nil || w.Runs == 0 || !slices.Contains(w.Sample, "node_modules/dep/index.js") {
					t.Errorf("copy-on-write mode: node_modules_writes %+v, want the runs' writes to node_modules/dep/index.js", w)
				}
			case confine.ReadOnly:
				if mode == "detect" {
					t.Fatal("BOND_ISOLATE=detect still gave read-only protection")
				}
				if err != nil || string(got) != "module.exports = 1;\n" {
					t.Fatalf("read-only mode: err %v, node_modules/dep/index.js = %q; want no error and the install intact", err, got)
				}
			case confine.Detect:
				if mode == "" && os.Getenv("CI") != "" {
					t.Fatalf("CI must allow namespaces: %s", rep.Sandbox.Why)
				}
				if err == nil || !input.Is(err) || !strings.Contains(err.Error(), dep) {
					t.Fatalf("detect mode: err %v, want an input error naming %s", err, dep)
				}
				if !rep.Partial || rep.Sandbox.Why == "" {
					t.Errorf("detect mode: partial %v, why %q; want a partial report saying why", rep.Partial, rep.Sandbox.Why)
				}
				if c := rep.Sandbox.NodeModulesCaches; c == nil || !slices.Contains(c.Dirs, "node_modules/.vite-temp") {
					t.Errorf("detect mode: node_modules_caches %+v, want the sandboxes' own caches named", c)
				}
			default:
				t.Fatalf("protection %q", rep.Sandbox.Protection)
			}
		})
	}
}

// The tests get the allow-list and --pass-env, never a secret; the report names what passed.
func TestEnvironmentAllowListAndPassEnv(t *testing.T) {
	needNode(t)
	t.Setenv("AWS_SECRET_ACCESS_KEY", "s3cr3t")
	t.Setenv("BOND_TEST_PASSED", "yes")
	root := isolationRepo(t)
	cmd := `test -z "$AWS_SECRET_ACCESS_KEY" && test "$BOND_TEST_PASSED" = yes && test -d "$TMPDIR" && node --test test/add.test.js`
	m := mutantAt(t, root, "src/add.js", 3, "return-sentinel", "a + b", "undefined")
	rep, err := certifyFixture(t, context.Background(), root, Options{OracleCmd: cmd, Jobs: 1, PassEnv: []string{"BOND_TEST_PASSED"}}, []plan.Mutant{m})
	if err != nil {
		t.Fatalf("the oracle saw a secret or missed a passed variable: %v", err)
	}
	names := rep.Sandbox.EnvPassed
	if !slices.Contains(names, "BOND_TEST_PASSED") || !slices.Contains(names, "TMPDIR") || slices.Contains(names, "AWS_SECRET_ACCESS_KEY") {
		t.Errorf("env_passed = %v; want BOND_TEST_PASSED and TMPDIR, never AWS_SECRET_ACCESS_KEY", names)
	}
	if rep.Sandbox.Reaping == "" {
		t.Error("the report does not say how survivors are reaped")
	}
}

// A --pass-env value that is not a name is bad input.
func TestPassEnvMustBeAName(t *testing.T) {
	for _, n := range []string{"", "A=B", "A B"} {
		if _, err := (Options{OracleCmd: "true", PassEnv: []string{n}}).withDefaults(); err == nil || !input.Is(err) {
			t.Errorf("--pass-env %q: err %v, want an input error", n, err)
		}
	}
}

// limitRunner records the limit each run was given.
type limitRunner struct{ got []time.Duration }

func (r *limitRunner) Run(_ context.Context, _ *oracle.Box, s oracle.RunSpec) (oracle.RunOutcome, error) {
	r.got = append(r.got, s.Timeout)
	return oracle.RunOutcome{Status: report.StatusAccepted}, nil
}
func (r *limitRunner) Name() string        { return "limit" }
func (r *limitRunner) Close()              {}
func (r *limitRunner) CanBail() bool       { return false }
func (r *limitRunner) TestFiles() []string { return nil }
func (r *limitRunner) FreeCoverage() bool  { return false }

// An oracle run without a limit (the baseline without --timeout) is bounded by
// DefaultOracleLimit; a given limit is kept.
func TestOracleRunAlwaysBounded(t *testing.T) {
	r := &limitRunner{}
	x := &oracle.Runs{Choice: &oracle.RunnerChoice{Runner: r}, Clock: &oracle.Clock{}}
	for _, limit := range []time.Duration{0, 7 * time.Second} {
		if _, err := x.Oracle(context.Background(), nil, oracle.RunSpec{Timeout: limit}); err != nil {
			t.Fatal(err)
		}
	}
	if want := []time.Duration{DefaultOracleLimit, 7 * time.Second}; !slices.Equal(r.got, want) {
		t.Errorf("limits %v, want %v", r.got, want)
	}
}
