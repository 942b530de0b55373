package embedded

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A test file that imports many modules is bundled with every input recorded and every
// built-in it cannot provide named, in the same order every time: esbuild runs the plugin's
// callbacks for different files at once, and their records must neither race (a concurrent map
// write ends the process: found on jshttp/vary with a budget of one mutant per line) nor come
// out in the order the goroutines happened to reach them. Run with -race to see the first half
// checked directly.
func TestBundleRecordsManyModulesAtOnce(t *testing.T) {
	root := t.TempDir()
	const n = 64
	var entry strings.Builder
	for i := range n {
		mod := fmt.Sprintf("lib/m%02d.js", i)
		src := fmt.Sprintf("const b = require('%s');\nmodule.exports = () => b;\n", []string{"http", "net", "dns", "zlib"}[i%4])
		if err := os.MkdirAll(filepath.Join(root, "lib"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, mod), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&entry, "require('../%s');\n", mod)
	}
	if err := os.MkdirAll(filepath.Join(root, "test"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "test/all.test.js"), []byte(entry.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := newBundler(root, "test/all.test.js", nil, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.dispose()
	var first []builtinUse
	for round := range 5 {
		out, err := b.build(nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(out.inputs) != n+1 {
			t.Fatalf("round %d: %d inputs recorded, want %d", round, len(out.inputs), n+1)
		}
		if len(out.unsupp) != n {
			t.Fatalf("round %d: %d built-in uses recorded, want %d", round, len(out.unsupp), n)
		}
		if round == 0 {
			first = out.unsupp
			if first[0].importer != "lib/m00.js" || first[0].spec != "http" {
				t.Errorf("first built-in use %+v, want lib/m00.js importing http", first[0])
			}
			continue
		}
		for i := range first {
			if out.unsupp[i] != first[i] {
				t.Fatalf("round %d: built-in use %d is %+v, was %+v", round, i, out.unsupp[i], first[i])
			}
		}
	}
}
