package nodepkg

import (
	"os"
	"path/filepath"
	"testing"
)

// A package resolves from the directory or any parent, as Node resolves it; its major version is
// read from the package.json found, and is 0 when there is none or it cannot be read.
func TestResolvableAndMajor(t *testing.T) {
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
	app := filepath.Join(root, "app", "src")
	tests := []struct {
		name       string
		resolvable bool
		major      int
	}{
		{"mocha", true, 10},          // from a parent's node_modules
		{"@babel/register", true, 7}, // a scoped package
		{"odd", true, 0},             // a version that is not a number
		{"broken", true, 0},          // a package.json that is not JSON
		{"jest", false, 0},           // not installed anywhere up the tree
	}
	for _, tt := range tests {
		if got := Resolvable(app, tt.name); got != tt.resolvable {
			t.Errorf("Resolvable(%s) = %v, want %v", tt.name, got, tt.resolvable)
		}
		if got := Major(app, tt.name); got != tt.major {
			t.Errorf("Major(%s) = %d, want %d", tt.name, got, tt.major)
		}
	}
}
