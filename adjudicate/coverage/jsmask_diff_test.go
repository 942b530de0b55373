package coverage

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaskLexMatchesMaskJS compares the two readings of "which bytes are code", the coverage
// package's own scanner (maskJS) and package lex's tokens (maskLex), on every JavaScript and
// TypeScript file of the repository's fixtures (node_modules excluded) and on TestMaskJS's
// rows: every byte must be code in both or in neither, which is all the coverage reader asks
// of the mask (a line is executable when a code byte on it is covered). Comment and
// whitespace may differ: maskJS counts the "\r" of a "\r\n" ending a line comment as comment,
// lex ends the comment before it.
func TestMaskLexMatchesMaskJS(t *testing.T) {
	var files []string
	for _, root := range []string{"../../testdata", "../../operators/testdata"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			switch filepath.Ext(p) {
			case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 100 {
		t.Fatalf("only %d fixture files found", len(files))
	}
	differ := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		old, lexed := maskJS(src), maskLex(src)
		for i := range src {
			if (old[i] == kindCode) != (lexed[i] == kindCode) {
				line := strings.Count(string(src[:i]), "\n") + 1
				t.Errorf("%s:%d: byte %d %q: maskJS %d, maskLex %d", p, line, i, src[i], old[i], lexed[i])
				differ++
				break
			}
		}
	}
	t.Logf("%d files compared, %d differ", len(files), differ)
	for _, src := range []string{"a // b", "/* x */a", "'//'", "`${'//'}`", "x = /\\/\\//;", "a / b // c",
		"#!/x\na", "`a${`b${c}`}//`", "return /a\\//g", "a // b\r\nc", "/* a\r\nb */ c"} {
		old, lexed := maskJS([]byte(src)), maskLex([]byte(src))
		for i := range old {
			if (old[i] == kindCode) != (lexed[i] == kindCode) {
				t.Errorf("%q byte %d: maskJS %d, maskLex %d", src, i, old[i], lexed[i])
			}
		}
	}
}
