package nodetrace

import (
	"os"
	"path/filepath"
	"testing"
)

// TestImportsNodeTest: a file is a node:test suite to run as a script only when its own code
// imports or requires node:test (statically, import() of the literal, require, TypeScript too);
// the bare `test` package, the name in a comment or a string, and a helper's import do not count.
func TestImportsNodeTest(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"test/esm.js":     "import test from 'node:test';\ntest('a', () => {});\n",
		"test/named.mjs":  "import { describe, it } from 'node:test';\ndescribe('a', () => { it('b', () => {}); });\n",
		"test/cjs.js":     "const test = require('node:test');\ntest('a', () => {});\n",
		"test/dynamic.js": "const { test } = await import('node:test');\ntest('a', () => {});\n",
		"test/typed.ts":   "import test from 'node:test';\nconst n: number = 1;\ntest('a', () => { void n; });\n",
		"test/bare.js":    "import test from 'test';\ntest('a', () => {});\n",
		"test/comment.js": "// run with node:test\nconsole.log('node:test');\n",
		"test/helper.js":  "import './support.js';\n",
		"test/support.js": "import test from 'node:test';\nexport { test };\n",
	}
	for f, src := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for f, want := range map[string]bool{
		"test/esm.js": true, "test/named.mjs": true, "test/cjs.js": true, "test/dynamic.js": true, "test/typed.ts": true,
		"test/bare.js": false, "test/comment.js": false, "test/helper.js": false, "test/missing.js": false,
	} {
		if got := ImportsNodeTest(root, f, nil); got != want {
			t.Errorf("%s: ImportsNodeTest %v, want %v", f, got, want)
		}
	}
}
