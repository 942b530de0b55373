// Package golden compares test output with a golden file, byte for byte, and rewrites the file
// when the test binary runs with -update (STYLE.md §12). It is the one golden helper the test
// packages share (STYLE.md §15); each package defines its own -update flag, because only a test
// binary's own flags can be given to `go test ./pkg -update`.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Compare fails t when got differs from the file at path. When the test binary's -update flag
// (flag.Bool("update", …) in the calling package) is set, it writes got to path instead, creating
// the directory.
func Compare(t testing.TB, path string, got []byte) {
	t.Helper()
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it)\n--- got ---\n%s", path, got)
	}
}

// updating reports whether the test binary was run with -update.
func updating() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return false
	}
	b, _ := g.Get().(bool)
	return b
}
