package embedded

import (
	"os"
	"path/filepath"
	"testing"
)

// A file esbuild reached through one of the tree's node_modules links is named by the link's
// path in the repository, never relative to bond's working copy; files in the tree by their
// path; anything else outside keeps its relative path.
func TestBundlerRelThroughLinks(t *testing.T) {
	base := t.TempDir()
	real := filepath.Join(base, "checkout")
	root := filepath.Join(base, "work", "patched", "checkout")
	for _, d := range []string{
		filepath.Join(real, "node_modules", "dep"),
		filepath.Join(real, "packages", "a", "node_modules", "inner"),
		filepath.Join(root, "src"),
		filepath.Join(root, "packages", "a"),
		filepath.Join(base, "elsewhere"),
	} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		filepath.Join(root, "node_modules"):                  filepath.Join(real, "node_modules"),
		filepath.Join(root, "packages", "a", "node_modules"): filepath.Join(real, "packages", "a", "node_modules"),
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	b := &bundler{root: root}
	for _, tc := range []struct{ abs, want string }{
		{filepath.Join(root, "src", "a.js"), "src/a.js"},
		{filepath.Join(real, "node_modules", "dep", "index.js"), "node_modules/dep/index.js"},
		{filepath.Join(real, "packages", "a", "node_modules", "inner", "x.js"), "packages/a/node_modules/inner/x.js"},
		{filepath.Join(base, "elsewhere", "y.js"), "../../../elsewhere/y.js"},
	} {
		if got := b.rel(tc.abs); got != tc.want {
			t.Errorf("rel(%s) = %q, want %q", tc.abs, got, tc.want)
		}
	}
}
