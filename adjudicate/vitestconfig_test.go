package adjudicate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// vitest30Files are the committed files of testdata/sandbox/vitest30-mts, the patched tree.
var vitest30Files = []string{"package.json", "package-lock.json", "vitest.config.mts", "src/clamp.ts", "test/clamp.test.ts"}

// TestVitest30TypeScriptConfigCertifies certifies testdata/sandbox/vitest30-mts with no flag
// (issue 24, failure 10): vitest 3.0 has vite bundle vitest.config.mts into
// node_modules/.vite-temp, and writes node_modules/.vite, before it runs a test. With node_modules
// read-only to the tests the baseline failed (ENOENT on the mkdir); with copy-on-write node_modules
// it is green, both mutants of the patch are killed, the bond holds, the report counts the writes,
// and the real node_modules never sees them.
func TestVitest30TypeScriptConfigCertifies(t *testing.T) {
	needNode(t)
	needGit(t)
	fixture := filepath.Join("..", "testdata", "sandbox", "vitest30-mts")
	nm, err := filepath.Abs(filepath.Join(fixture, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, "vitest", "package.json")); err != nil {
		testneed.Missing(t, "the fixture's vitest is not installed (%v): run npm ci in %s", err, fixture)
	}
	files := map[string]string{".gitignore": "node_modules/\n"}
	for _, f := range vitest30Files {
		b, err := os.ReadFile(filepath.Join(fixture, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		files[f] = string(b)
	}
	root := testrepo.Git(t, files)
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	diff, _ := filepath.Abs(filepath.Join(fixture, "patch.diff"))
	// Whether this host can give copy-on-write node_modules at all is asked of isolate directly,
	// so a certify that does not use it where it could fails here rather than skips.
	iso, err := isolate.New(isolate.Options{ReadOnly: []string{nm}, Layers: filepath.Join(t.TempDir(), "layers")})
	if err != nil {
		t.Fatal(err)
	}
	if iso.Protection() != confine.CopyOnWrite {
		msg := "this host gives no copy-on-write node_modules (" + string(iso.Protection()) + ": " + iso.Why() + ")"
		testneed.Missing(t, "%v", msg+"; CI runs as root on a kernel with overlayfs")
	}
	// Copy-on-write, and detect mode (BOND_ISOLATE=detect: no namespace, so each sandbox's
	// node_modules caches are its own, nmcaches.go): the baseline is green either way.
	for _, mode := range []confine.Protection{confine.CopyOnWrite, confine.Detect} {
		t.Run(string(mode), func(t *testing.T) {
			if mode == confine.Detect {
				t.Setenv(isolate.ModeVar, "detect")
			}
			certifyVitest30(t, root, diff, nm, mode)
		})
	}
}

// certifyVitest30 certifies the vitest 3.0 fixture at root under protection mode and checks the
// verdicts and that the real node_modules at nm never got vite's directories.
func certifyVitest30(t *testing.T, root, diff, nm string, mode confine.Protection) {
	rep, err := Certify(t.Context(), Options{Plan: plan.Options{Repo: root, DiffPath: diff}, Jobs: 1, Timeout: 2 * time.Minute})
	if err != nil {
		t.Fatalf("certify failed: %v", err)
	}
	if rep.Sandbox.Protection != mode {
		t.Errorf("protection %s (%s), want %s", rep.Sandbox.Protection, rep.Sandbox.Why, mode)
	}
	if !strings.Contains(rep.Run.OracleCmd, "vitest") && !strings.Contains(rep.Run.OracleCmd, "npm test") {
		t.Errorf("oracle command %q, want the package's vitest test script", rep.Run.OracleCmd)
	}
	want := map[int]string{5: "src/clamp.ts", 6: "src/clamp.ts"}
	if len(rep.Mutants) != len(want) {
		t.Fatalf("got %d mutants, want %d: %+v", len(rep.Mutants), len(want), rep.Mutants)
	}
	for _, m := range rep.Mutants {
		if want[m.Line] != m.Path || m.Status != report.StatusKilled {
			t.Errorf("%s:%d %s: %s, want killed", m.Path, m.Line, m.Operator, m.Status)
		}
	}
	if rep.Bond.Verdict != report.VerdictHeld {
		t.Errorf("bond %s (%s), want held", rep.Bond.Verdict, rep.Bond.Reason)
	}
	switch w, c := rep.Sandbox.NodeModulesWrites, rep.Sandbox.NodeModulesCaches; mode {
	case confine.CopyOnWrite:
		if w == nil || w.Runs == 0 || !slices.ContainsFunc(w.Sample, func(p string) bool { return strings.HasPrefix(p, "node_modules/.vite") }) {
			t.Errorf("node_modules_writes %+v, want runs that wrote node_modules/.vite-temp or .vite", w)
		}
	case confine.Detect:
		if c == nil || !slices.Contains(c.Dirs, "node_modules/.vite-temp") {
			t.Errorf("node_modules_caches %+v, want the sandboxes' own .vite-temp", c)
		}
	}
	for _, d := range []string{".vite-temp", ".vite"} {
		if _, err := os.Lstat(filepath.Join(nm, d)); err == nil {
			t.Errorf("node_modules/%s reached the real node_modules", d)
		}
	}
}
