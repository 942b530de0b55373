package isolate

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/confine"
	"github.com/bond-tool/bond/internal/testneed"
)

// newCopyOnWrite is an Isolator over nm with copy-on-write layers in a directory of the test's
// own; it skips (under CI fails) where namespaces or overlays cannot be made.
func newCopyOnWrite(t *testing.T, nm string) (*Isolator, string) {
	t.Helper()
	layers := filepath.Join(t.TempDir(), "layers")
	iso, err := New(Options{ReadOnly: []string{nm}, Layers: layers})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	if iso.Protection() != confine.CopyOnWrite {
		msg := "no copy-on-write here: " + iso.Why()
		testneed.Missing(t, "%v", msg+"; CI runs as root on a kernel with overlayfs")
	}
	return iso, layers
}

// Under copy-on-write a run may write anywhere in node_modules, through the sandbox's link or by
// the real path: the write succeeds for the run, never reaches the real directory, is listed in
// Aftermath.Written, and the next run sees the install as it was. The layers are out of the
// test's reach and removed after each run; the overlay cannot be unmounted.
func TestCopyOnWriteNodeModules(t *testing.T) {
	nm, sb := install(t)
	iso, layers := newCopyOnWrite(t, nm)
	cases := []struct {
		name, script string
		ok           bool
		written      []string // relative to nm
	}{
		{"append through the sandbox link", "echo poison >> node_modules/dep/index.js && grep -q poison node_modules/dep/index.js", true, []string{"dep/index.js"}},
		{"append by absolute path", "echo poison >> " + nm + "/dep/index.js && grep -q poison " + nm + "/dep/index.js", true, []string{"dep/index.js"}},
		{"vite's bundled config", "mkdir -p node_modules/.vite-temp && echo 'export default {}' > node_modules/.vite-temp/vitest.config.mts.mjs && cat node_modules/.vite-temp/vitest.config.mts.mjs",
			true, []string{".vite-temp", ".vite-temp/vitest.config.mts.mjs"}},
		{"wipe", "rm -rf node_modules/* && test ! -e node_modules/dep", true, []string{"dep"}},
		{"chmod", "chmod 777 node_modules/dep/index.js", true, []string{"dep/index.js"}},
		{"read the layers", "ls -A " + layers + " | grep .", false, nil},
		{"unmount the overlay", "umount -l " + nm + " && echo poison >> " + nm + "/dep/index.js", false, nil},
		{"remount the overlay", "mount -o remount,rw " + nm + "/.. ; umount " + nm + " && echo poison >> " + nm + "/dep/index.js", false, nil},
		// /proc/1 is the run's own init: its root is the run's view, the overlay.
		{"host root through /proc/1", "echo poison >> /proc/1/root" + nm + "/dep/index.js", true, []string{"dep/index.js"}},
	}
	runs := 0
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, code, fin := runWrapped(t, iso, sb, tc.script)
			if (code == 0) != tc.ok {
				t.Errorf("exit %d, want success %v: %s", code, tc.ok, out)
			}
			if fin.Err != nil {
				t.Fatal(fin.Err)
			}
			var want []string
			for _, w := range tc.written {
				want = append(want, filepath.Join(nm, w))
			}
			if !slices.Equal(fin.Written, want) {
				t.Errorf("written %q, want %q", fin.Written, want)
			}
			if len(want) > 0 {
				runs++
			}
			got, err := os.ReadFile(filepath.Join(nm, "dep", "index.js"))
			if err != nil || string(got) != "module.exports = 1;\n" {
				t.Fatalf("the real node_modules changed: %q, %v", got, err)
			}
			if fi, _ := os.Stat(filepath.Join(nm, "dep", "index.js")); fi.Mode().Perm() != 0o644 {
				t.Fatalf("mode changed to %v", fi.Mode())
			}
			if _, err := os.Stat(filepath.Join(nm, ".vite-temp")); err == nil {
				t.Fatal("node_modules/.vite-temp reached the real node_modules")
			}
			if left, _ := os.ReadDir(layers); len(left) != 0 {
				t.Errorf("the run's layers are left in %s: %v", layers, left)
			}
			// The next run sees the install as it was.
			out, code, fin = runWrapped(t, iso, sb, "test \"$(cat node_modules/dep/index.js)\" = 'module.exports = 1;' && test ! -e node_modules/.vite-temp")
			if code != 0 || len(fin.Written) != 0 {
				t.Errorf("the next run saw the previous run's writes (exit %d, written %q): %s", code, fin.Written, out)
			}
		})
	}
	w := iso.Writes()
	if w.Runs != runs || w.Entries < runs || len(w.Sample) == 0 || !strings.HasPrefix(w.Sample[0], nm) {
		t.Errorf("writes %+v, want %d runs that wrote, sampled under %s", w, runs, nm)
	}
}

// Where an overlay cannot be mounted (here: an upper layer inside its own lower directory, which
// overlayfs refuses), New falls back to read-only bind mounts and says why.
func TestCopyOnWriteRefusedFallsBackToReadOnly(t *testing.T) {
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}, Layers: filepath.Join(nm, ".layers")})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	if iso.Protection() != confine.ReadOnly || !strings.Contains(iso.Why(), "copy-on-write refused") {
		t.Fatalf("protection %s, why %q; want read-only saying copy-on-write was refused", iso.Protection(), iso.Why())
	}
	out, code, fin := runWrapped(t, iso, sb, "echo poison >> node_modules/dep/index.js")
	if code == 0 || len(fin.Written) != 0 {
		t.Errorf("a write succeeded under the read-only fallback (exit %d, written %q): %s", code, fin.Written, out)
	}
}
