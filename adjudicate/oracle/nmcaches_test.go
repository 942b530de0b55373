package oracle

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/testrepo"
)

// shimmed makes a repository with an install (a dependency, a small .cache holding seed, no
// .vite) and one sandbox of it with its node_modules shimmed.
func shimmed(t *testing.T) (root string, sb *Box, rec *report.NodeModulesCaches) {
	t.Helper()
	root = testrepo.Git(t, map[string]string{"a.js": "x\n", ".gitignore": "node_modules/\n"})
	for p, c := range map[string]string{"node_modules/dep/index.js": "z", "node_modules/.cache/tool/seed.json": "{}"} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), []byte(c), 0o644)
	}
	tr, err := ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	sb, err = MakeSandbox(tr, filepath.Join(t.TempDir(), "sb"), 0)
	if err != nil {
		t.Fatal(err)
	}
	if rec, err = sb.ShimNodeModules(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sb.Caches.Close)
	return root, sb, rec
}

// Caches are the sandbox's own and put back after every run; the install's entries are links.
func TestNodeModulesCachesReset(t *testing.T) {
	root, sb, rec := shimmed(t)
	if got := strings.Join(rec.Dirs, " "); got != "node_modules/.cache node_modules/.vite node_modules/.vite-temp" {
		t.Errorf("dirs %q", got)
	}
	nm := filepath.Join(sb.Root, "node_modules")
	if fi, err := os.Lstat(filepath.Join(nm, "dep")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("node_modules/dep: want a link into the install, got %v %v", fi, err)
	}
	if _, err := os.Lstat(filepath.Join(nm, ".vite-temp")); !os.IsNotExist(err) {
		t.Errorf(".vite-temp exists before any run (vite's mkdir would fail): %v", err)
	}
	// A run writes into every cache, as vite and babel do.
	os.Mkdir(filepath.Join(nm, ".vite-temp"), 0o755)
	os.WriteFile(filepath.Join(nm, ".vite-temp", "config.mjs"), []byte("run 1"), 0o644)
	os.WriteFile(filepath.Join(nm, ".cache", "tool", "seed.json"), []byte("poisoned"), 0o644)
	os.WriteFile(filepath.Join(nm, ".cache", "new.json"), []byte("run 1"), 0o644)
	if err := sb.Caches.Reset(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(nm, ".vite-temp")); !os.IsNotExist(err) {
		t.Errorf(".vite-temp left for the next run: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(nm, ".cache", "tool", "seed.json")); err != nil || string(b) != "{}" {
		t.Errorf(".cache not put back: %q %v", b, err)
	}
	if _, err := os.Lstat(filepath.Join(nm, ".cache", "new.json")); !os.IsNotExist(err) {
		t.Errorf("a run's new cache file was kept: %v", err)
	}
	// The user's install never saw any of it.
	for _, p := range []string{".vite-temp", ".cache/new.json"} {
		if _, err := os.Lstat(filepath.Join(root, "node_modules", p)); !os.IsNotExist(err) {
			t.Errorf("the install got %s: %v", p, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(root, "node_modules", ".cache", "tool", "seed.json")); string(b) != "{}" {
		t.Errorf("the install's cache changed: %q", b)
	}
}

// A run that replaces, removes or adds an entry of the sandbox's node_modules stops certify,
// named; a node_modules replaced by a link out of the sandbox is an error, never a removal
// outside it.
func TestNodeModulesShimTampered(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		tamper     func(nm string)
	}{
		{"replaced", "node_modules/dep", func(nm string) {
			os.Remove(filepath.Join(nm, "dep"))
			os.MkdirAll(filepath.Join(nm, "dep"), 0o755)
			os.WriteFile(filepath.Join(nm, "dep", "index.js"), []byte("poisoned"), 0o644)
		}},
		{"removed", "node_modules/dep", func(nm string) { os.Remove(filepath.Join(nm, "dep")) }},
		{"added", "node_modules/evil", func(nm string) { os.Mkdir(filepath.Join(nm, "evil"), 0o755) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, sb, _ := shimmed(t)
			tc.tamper(filepath.Join(sb.Root, "node_modules"))
			err := sb.Caches.Reset()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("reset: %v, want an error naming %s", err, tc.want)
			}
		})
	}
	t.Run("linked out", func(t *testing.T) {
		_, sb, _ := shimmed(t)
		outside := t.TempDir()
		os.MkdirAll(filepath.Join(outside, ".cache"), 0o755)
		os.WriteFile(filepath.Join(outside, ".cache", "keep"), []byte("k"), 0o644)
		nm := filepath.Join(sb.Root, "node_modules")
		os.RemoveAll(nm)
		os.Symlink(outside, nm)
		if err := sb.Caches.Reset(); err == nil {
			t.Error("reset through a link out of the sandbox succeeded")
		}
		if b, err := os.ReadFile(filepath.Join(outside, ".cache", "keep")); err != nil || string(b) != "k" {
			t.Errorf("a file outside the sandbox was removed or changed: %v", err)
		}
	})
}
