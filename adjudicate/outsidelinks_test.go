package adjudicate

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
)

// resolveInside follows links as the kernel would in a sandbox: through other links of the
// tree, .. after a link counted from the link's target, absolute targets always outside.
func TestResolveInside(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "src", "deep"), 0o755)
	os.WriteFile(filepath.Join(root, "src", "lib.js"), nil, 0o644)
	links := map[string]string{
		"src/ok.js":      "lib.js",
		"src/up.js":      "../src/lib.js",
		"src/out.js":     "../../outside.js",
		"src/abs.js":     "/etc/passwd",
		"here":           ".",
		"src/tricky":     "../here/..", // lexically src/.. stays inside; through here it leaves
		"src/deep/dot":   "..",
		"src/dangle.js":  "missing/../../..",
		"src/dangle2.js": "missing/x.js",
		"loop1":          "loop2",
		"loop2":          "loop1",
		"src/viadeep":    "deep/dot/lib.js",
		"src/chain-out":  "../src/out.js",
	}
	for l, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(l))); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		rel    string
		inside bool
	}{
		{"src/ok.js", true},
		{"src/up.js", true},
		{"src/out.js", false},
		{"src/abs.js", false},
		{"here", true},
		{"src/tricky", false},
		{"src/deep/dot", true},
		{"src/dangle.js", false},
		{"src/dangle2.js", true},
		{"loop1", false},
		{"src/viadeep", true},
		{"src/chain-out", false},
	}
	for _, tt := range tests {
		if target, got := oracle.ResolveInside(root, tt.rel); got != tt.inside {
			t.Errorf("resolveInside(%s) = %v (last target %q), want %v", tt.rel, got, target, tt.inside)
		}
	}
}

// specialLinks names the links whose target is neither a regular file nor a directory, which
// certify refuses even under --allow-outside-links.
func TestSpecialLinks(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "src"), 0o755)
	os.WriteFile(filepath.Join(root, "src", "lib.js"), nil, 0o644)
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		rel, target string
		special     bool
	}{
		{"package.json", "/dev/zero", true},
		{"pipe.json", "fifo", true},
		{"ok.js", "src/lib.js", false},
		{"dir", "src", false},
		{"dangling.js", "missing.js", false},
		{"etc", "/etc/passwd", false}, // outside, but a regular file: outsideLinks' business
	}
	tr := &oracle.Tree{Root: root}
	want := map[string]bool{}
	for _, tt := range tests {
		if err := os.Symlink(tt.target, filepath.Join(root, tt.rel)); err != nil {
			t.Fatal(err)
		}
		tr.Files = append(tr.Files, oracle.TreeFile{Rel: tt.rel, Mode: fs.ModeSymlink, Link: tt.target})
		if tt.special {
			want[tt.rel+" -> "+tt.target] = true
		}
	}
	got := tr.SpecialLinks()
	if len(got) != len(want) {
		t.Fatalf("specialLinks = %q, want the keys of %v", got, want)
	}
	for _, g := range got {
		if !want[g] {
			t.Errorf("specialLinks names %q, not a link to a device or FIFO", g)
		}
	}
}
