// Package testrepo writes the small repositories tests run bond on: files in a temporary
// directory, and the same committed to a fresh git checkout. Both adjudicate's and
// adjudicate/oracle's tests use it, so a fixture is written one way.
package testrepo

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
)

// Files writes files (slash-separated path → contents) into a new temporary directory of t, and
// returns it.
func Files(t testing.TB, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// Git writes files as Files does into a fresh git checkout, commits them, and returns its root.
func Git(t testing.TB, files map[string]string) string {
	t.Helper()
	root := Files(t, files)
	commit(t, root)
	return root
}

// Linked copies an installed fixture tree at src, its node_modules left out and the one at
// modules linked instead, into a fresh git checkout, and returns its root. modules must hold need
// (the fixture's runner, installed by npm ci from the committed lockfile, as scripts/test does):
// under CI its absence fails the test, elsewhere it skips it.
func Linked(t testing.TB, src, modules, need string) string {
	t.Helper()
	src, err := filepath.Abs(src)
	if err != nil {
		t.Fatal(err)
	}
	modules, err = filepath.Abs(modules)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(modules, need)); err != nil {
		testneed.Missing(t, "%s is not installed (%v): run npm ci in %s", need, err, modules)
	}
	root := t.TempDir()
	if out, err := exec.Command("sh", "-c", `cd "$1" && tar cf - --exclude=./node_modules . | (cd "$2" && tar xf -)`, "sh", src, root).CombinedOutput(); err != nil {
		t.Fatalf("copying %s: %v\n%s", src, err, out)
	}
	if err := os.Symlink(filepath.Join(modules, "node_modules"), filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".gitignore"), []byte("node_modules\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	commit(t, root)
	return root
}

// commit makes root a git checkout holding everything in it as one commit.
func commit(t testing.TB, root string) {
	t.Helper()
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}
