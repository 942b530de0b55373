package nodepkg

import (
	"os"
	"path/filepath"
	"testing"
)

// A package resolves from the directory or any parent, as Node resolves it; its major (and minor)
// version is read from the package.json found, and is 0 when there is none or it cannot be read.
func TestResolvableAndVersion(t *testing.T) {
	root := t.TempDir()
	write := func(rel, s string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("node_modules/mocha/package.json", `{"version": "10.8.2"}`)
	write("app/node_modules/@babel/register/package.json", `{"version": "7.25.0"}`)
	write("app/node_modules/odd/package.json", `{"version": "x1.0"}`)
	write("app/node_modules/broken/package.json", `{`)
	write("app/node_modules/vitest/package.json", `{"version": "3.0.9"}`)
	write("app/node_modules/majoronly/package.json", `{"version": "4"}`)
	app := filepath.Join(root, "app", "src")
	tests := []struct {
		name       string
		resolvable bool
		major      int
		minor      int // MajorMinor's, 0 with the major when either cannot be read
	}{
		{"mocha", true, 10, 8},           // from a parent's node_modules
		{"@babel/register", true, 7, 25}, // a scoped package
		{"vitest", true, 3, 0},
		{"majoronly", true, 4, -1}, // a major without a minor: Major reads it, MajorMinor does not
		{"odd", true, 0, 0},        // a version that is not a number
		{"broken", true, 0, 0},     // a package.json that is not JSON
		{"jest", false, 0, 0},      // not installed anywhere up the tree
	}
	for _, tt := range tests {
		if got := Resolvable(app, tt.name); got != tt.resolvable {
			t.Errorf("Resolvable(%s) = %v, want %v", tt.name, got, tt.resolvable)
		}
		if got := Major(app, tt.name); got != tt.major {
			t.Errorf("Major(%s) = %d, want %d", tt.name, got, tt.major)
		}
		wantMajor, wantMinor := tt.major, tt.minor
		if tt.minor < 0 {
			wantMajor, wantMinor = 0, 0
		}
		if ma, mi := MajorMinor(app, tt.name); ma != wantMajor || mi != wantMinor {
			t.Errorf("MajorMinor(%s) = %d.%d, want %d.%d", tt.name, ma, mi, wantMajor, wantMinor)
		}
	}
}
