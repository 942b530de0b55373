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
	"github.com/bond-tool/bond/internal/isolate"
	"github.com/bond-tool/bond/plan"
)

// workspaceLinksWant are the links workspaceRepo's install has, as the report names them.
var workspaceLinksWant = []report.WorkspaceLink{
	{Link: "node_modules/.bin/lib-clamp", Target: "packages/lib/cli.js"},
	{Link: "node_modules/@shelf/scoped", Target: "packages/scoped"},
	{Link: "node_modules/lib", Target: "packages/lib"},
	{Link: "packages/scoped/node_modules/lib", Target: "packages/lib"},
}

// workspaceRepo copies testdata/workspace/npm-links/tree (committed) and gives it the install an
// npm-workspaces install makes, without npm: node_modules/lib -> ../packages/lib, its command
// node_modules/.bin/lib-clamp -> ../lib/cli.js beside a command of another package, a scoped
// node_modules/@shelf/scoped -> ../../packages/scoped beside a scoped package of its own
// (@shelf/vendor), and a nested packages/scoped/node_modules/lib -> ../../lib, as pnpm links a
// package's workspace dependencies.
func workspaceRepo(t *testing.T) string {
	t.Helper()
	root := copyTree(t, "../testdata/workspace/npm-links/tree")
	for _, d := range []string{"node_modules/@shelf/vendor", "node_modules/.bin", "packages/scoped/node_modules"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		"node_modules/@shelf/vendor/package.json": `{"name":"@shelf/vendor","version":"1.0.0"}` + "\n",
		"node_modules/@shelf/vendor/index.js":     "module.exports = { unit: 1 };\n",
		"node_modules/@shelf/vendor/cli.js":       "#!/usr/bin/env node\n",
	}
	for p, c := range files {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(p)), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	links := map[string]string{
		"node_modules/lib":                 "../packages/lib",
		"node_modules/@shelf/scoped":       "../../packages/scoped",
		"packages/scoped/node_modules/lib": "../../lib",
		"node_modules/.bin/lib-clamp":      "../lib/cli.js",
		"node_modules/.bin/vendor":         "../@shelf/vendor/cli.js",
	}
	for l, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(l))); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// Only links into the repository count, and none into an install (pnpm's store), out of it, or
// dangling.
func TestWorkspaceLinksFound(t *testing.T) {
	root := workspaceRepo(t)
	outside := t.TempDir()
	nm := filepath.Join(root, "node_modules")
	os.MkdirAll(filepath.Join(nm, ".pnpm", "store@1.0.0", "node_modules", "store"), 0o755)
	for l, target := range map[string]string{
		"store":          ".pnpm/store@1.0.0/node_modules/store",
		"away":           outside,
		"dangling":       "../packages/missing",
		"@shelf/up":      "../../node_modules/@shelf/vendor",
		"@shelf/abs-lib": filepath.Join(root, "packages", "lib"),
	} {
		if err := os.Symlink(target, filepath.Join(nm, filepath.FromSlash(l))); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]report.WorkspaceLink{{Link: "node_modules/@shelf/abs-lib", Target: "packages/lib"}}, workspaceLinksWant...)
	slices.SortFunc(want, func(a, b report.WorkspaceLink) int { return strings.Compare(a.Link, b.Link) })
	if got := tr.WorkspaceLinks(); !slices.Equal(got, want) {
		t.Errorf("workspace links\n got %v\nwant %v", got, want)
	}
}

// resolved is the real path p leads to.
func resolved(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// In a shimmed sandbox each workspace link leads to the sandbox's copy of its package, an @scope
// directory holding one is a directory of the sandbox's own, and every other entry leads into the
// install; replacing any of them stops the run, named.
func TestWorkspaceLinksShim(t *testing.T) {
	shim := func(t *testing.T) (root string, sb *oracle.Box, rec *report.NodeModulesCaches) {
		root = workspaceRepo(t)
		tr, err := oracle.ReadTree(context.Background(), root)
		if err != nil {
			t.Fatal(err)
		}
		if sb, err = oracle.MakeSandbox(tr, filepath.Join(t.TempDir(), "sb"), 0); err != nil {
			t.Fatal(err)
		}
		if rec, err = sb.ShimNodeModules(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sb.Caches.Close)
		return root, sb, rec
	}
	root, sb, rec := shim(t)
	box := resolved(t, sb.Root)
	for link, want := range map[string]string{
		"node_modules/lib":                 filepath.Join(box, "packages", "lib"),
		"node_modules/@shelf/scoped":       filepath.Join(box, "packages", "scoped"),
		"packages/scoped/node_modules/lib": filepath.Join(box, "packages", "lib"),
		"node_modules/.bin/lib-clamp":      filepath.Join(box, "packages", "lib", "cli.js"),
		"node_modules/@shelf/vendor":       resolved(t, filepath.Join(root, "node_modules", "@shelf", "vendor")),
		"node_modules/.bin/vendor":         resolved(t, filepath.Join(root, "node_modules", "@shelf", "vendor", "cli.js")),
	} {
		if got := resolved(t, filepath.Join(sb.Root, filepath.FromSlash(link))); got != want {
			t.Errorf("%s leads to %s, want %s", link, got, want)
		}
	}
	for _, d := range []string{"node_modules/@shelf", "node_modules/.bin"} {
		if fi, err := os.Lstat(filepath.Join(sb.Root, filepath.FromSlash(d))); err != nil || !fi.IsDir() {
			t.Errorf("%s: want a directory of the sandbox's own, got %v %v", d, fi, err)
		}
	}
	if !slices.Contains(rec.Dirs, "packages/scoped/node_modules/.vite-temp") {
		t.Errorf("caches %q: the nested node_modules has none of its own", rec.Dirs)
	}
	if err := sb.Caches.Reset(); err != nil {
		t.Fatalf("reset of an untouched sandbox: %v", err)
	}

	for _, tc := range []struct {
		name, want string
		tamper     func(box string)
	}{
		{"workspace link to the user's package", "node_modules/lib", func(box string) {
			os.Remove(filepath.Join(box, "node_modules", "lib"))
			os.Symlink(filepath.Join(root, "packages", "lib"), filepath.Join(box, "node_modules", "lib"))
		}},
		{"scope replaced by the install's", "node_modules/@shelf", func(box string) {
			os.RemoveAll(filepath.Join(box, "node_modules", "@shelf"))
			os.Symlink(filepath.Join(root, "node_modules", "@shelf"), filepath.Join(box, "node_modules", "@shelf"))
		}},
		{"scope removed", "node_modules/@shelf", func(box string) {
			os.RemoveAll(filepath.Join(box, "node_modules", "@shelf"))
		}},
		{"entry added in a scope", "node_modules/@shelf/evil", func(box string) {
			os.Mkdir(filepath.Join(box, "node_modules", "@shelf", "evil"), 0o755)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, sb, _ := shim(t)
			tc.tamper(sb.Root)
			err := sb.Caches.Reset()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("reset: %v, want an error naming %s", err, tc.want)
			}
		})
	}
}

// TestWorkspaceCertify certifies testdata/workspace/npm-links, whose tests import the patched
// packages by name through workspace links (a scoped one, and a nested one from @shelf/scoped to
// lib): the canaries of both files and every mutant must be killed, since the sandbox's copies
// are what the tests load, under copy-on-write, read-only and detect protection alike. Before the
// fix the links led to the user's packages: the canaries survived and no mutant ran.
func TestWorkspaceCertify(t *testing.T) {
	needGit(t)
	needNode(t)
	readOnly := func(o isolate.Options) (*isolate.Isolator, error) {
		o.Layers = ""
		return isolate.New(o)
	}
	for _, tc := range []struct {
		name  string
		mode  string // BOND_ISOLATE
		iso   func(isolate.Options) (*isolate.Isolator, error)
		want  confine.Protection
		other Options
	}{
		{name: "copy-on-write", want: confine.CopyOnWrite},
		{name: "read-only", iso: readOnly, want: confine.ReadOnly},
		{name: "detect", mode: "detect", want: confine.Detect},
		{name: "embedded", want: confine.CopyOnWrite, other: Options{Runner: RunnerEmbedded, Oracle: []string{"test/lib.test.js", "test/scoped.test.js"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(isolate.ModeVar, tc.mode)
			root := workspaceRepo(t)
			diff, _ := filepath.Abs("../testdata/workspace/npm-links/patch.diff")
			o := tc.other
			o.Plan = plan.Options{Repo: root, DiffPath: diff}
			if o.Oracle == nil {
				o.OracleCmd = "node --test test/"
			}
			o.Jobs, o.Timeout, o.newIsolator = 2, 2*time.Minute, tc.iso
			rep, err := Certify(t.Context(), o)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Sandbox.Protection != tc.want {
				if tc.mode == "" && os.Getenv("CI") == "" {
					t.Skipf("protection %s here, not %s: %s", rep.Sandbox.Protection, tc.want, rep.Sandbox.Why)
				}
				t.Fatalf("protection %s, want %s (%s)", rep.Sandbox.Protection, tc.want, rep.Sandbox.Why)
			}
			if !slices.Equal(rep.Sandbox.WorkspaceLinks, workspaceLinksWant) {
				t.Errorf("workspace_links %v, want %v", rep.Sandbox.WorkspaceLinks, workspaceLinksWant)
			}
			checked := map[string]bool{}
			for _, c := range rep.SelfCheck {
				checked[c.Path] = true
				if !c.Loaded() {
					t.Errorf("canary of %s %+v, want killed (or not needed after a killed mutant)", c.Path, c)
				}
			}
			for _, p := range []string{"packages/lib/index.js", "packages/scoped/index.js"} {
				if !checked[p] {
					t.Errorf("no canary of %s (self_check %+v)", p, rep.SelfCheck)
				}
			}
			perFile := map[string]int{}
			for _, m := range rep.Mutants {
				perFile[m.Path]++
				if m.Status != report.StatusKilled {
					t.Errorf("%s:%d %s: %s (%s), want killed", m.Path, m.Line, m.Operator, m.Status, m.Reason)
				}
			}
			if perFile["packages/lib/index.js"] == 0 || perFile["packages/scoped/index.js"] == 0 {
				t.Errorf("mutants per file %v, want some in both patched files", perFile)
			}
			if len(rep.TreeChanges) > 0 {
				t.Errorf("tree changes %q", rep.TreeChanges)
			}
		})
	}
}
