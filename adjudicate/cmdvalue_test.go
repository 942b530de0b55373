package adjudicate

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSoleTest pins which test file a command runner's trace takes a helper's calls for: the one
// runner argument naming a JavaScript or TypeScript file, even behind options Parse refuses,
// and none when the run names its files, the command names two, or an option's value is a file.
func TestSoleTest(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"test/a.test.js", "test/b.test.ts", "test/setup.js"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		cmd   string
		tests []string
		want  string
	}{
		{"npx mocha --require @babel/register --reporter dot test/a.test.js", nil, "test/a.test.js"},
		{"node --test test/b.test.ts", nil, "test/b.test.ts"},
		{"npx mocha test/a.test.js test/b.test.ts", nil, ""},
		{"npx mocha --file test/setup.js test/a.test.js", nil, ""},
		{"npx mocha test/missing.test.js", nil, ""},
		{"npx mocha test/a.test.js", []string{"test/a.test.js"}, ""},
		{"make test", nil, ""},
	}
	for _, tt := range tests {
		r := &cmdRunner{cmd: tt.cmd}
		if got := r.soleTest(tt.tests, root); got != tt.want {
			t.Errorf("%q (tests %v): sole test %q, want %q", tt.cmd, tt.tests, got, tt.want)
		}
	}
}
