// Package testrepo writes the small repositories tests run bond on: files in a temporary
// directory, and the same committed to a fresh git checkout. Both adjudicate's and
// adjudicate/oracle's tests use it, so a fixture is written one way.
package testrepo

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
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
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "fixture"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	return root
}
