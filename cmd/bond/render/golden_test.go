package render

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites golden files instead of comparing against them.
var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/bond/render -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (go test ./cmd/bond/render -update rewrites it)\n--- got ---\n%s", name, got)
	}
}
