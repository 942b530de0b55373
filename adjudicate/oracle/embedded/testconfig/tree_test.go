package testconfig

import (
	"os"
	"path/filepath"
	"testing"
)

// writeTree writes files (path → contents) under a new temporary root.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

const (
	jestPkg = `{"devDependencies": {"jest": "^29.7.0"}}`
	vitePkg = `{"devDependencies": {"vitest": "^3.2.0"}}`
)
