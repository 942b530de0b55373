package adjudicate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
)

// TestSoleTest pins which test file a command runner's trace takes a helper's calls for: the one
// runner argument naming a JavaScript or TypeScript file, even behind options Parse refuses,
// and none when the command names two, none, or an option's value is a file. (A run given test
// files of its own takes those: nodetrace's soleTest.)
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
		cmd, want string
	}{
		{"npx mocha --require @babel/register --reporter dot test/a.test.js", "test/a.test.js"},
		{"node --test test/b.test.ts", "test/b.test.ts"},
		{"npx mocha test/a.test.js test/b.test.ts", ""},
		{"npx mocha --file test/setup.js test/a.test.js", ""},
		{"npx mocha test/missing.test.js", ""},
		{"make test", ""},
	}
	for _, tt := range tests {
		if got := oracle.SoleTest(tt.cmd, nil, root); got != tt.want {
			t.Errorf("%q: sole test %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
