package coverage

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseV8 feeds arbitrary coverage documents about one real file: no panic, and every file
// in the result is either mapped or unavailable with a reason, never both.
func FuzzParseV8(f *testing.F) {
	f.Add(`{"result":[{"url":"URL","functions":[{"ranges":[{"startOffset":0,"endOffset":13,"count":1}],"isBlockCoverage":true}]}]}`)
	f.Add(`{"result":[{"url":"URL","functions":[{"ranges":[{"startOffset":5,"endOffset":2,"count":-1}]}]}],"source-map-cache":{"URL":{"lineLengths":[3,-1,9],"data":{"version":3,"sources":["a.ts"],"mappings":"AAAA;AACA"}}}}`)
	f.Add(`{"result":[{"url":"URL","functions":[]}],"source-map-cache":{"URL":{"lineLengths":[40],"data":{"version":3,"sources":["src/a.js"],"sourcesContent":["x"],"mappings":"AAAA,KAAK,CAAC"}}}}`)
	root := f.TempDir()
	p := filepath.Join(root, "src", "a.js")
	if err := mkWrite(p, "const a = 1;\n// c\nif (a) { b(); }\n"); err != nil {
		f.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(p)
	f.Fuzz(func(t *testing.T, doc string) {
		doc = strings.ReplaceAll(doc, "URL", url)
		res, err := ParseV8(strings.NewReader(doc), V8Options{Root: root})
		if err != nil {
			return
		}
		for path, src := range res.Sources {
			_, mapped := res.Hits[path]
			why, bad := res.Unavailable[path]
			if mapped == bad || (bad && (why == "" || src != SourceUnavailable)) {
				t.Fatalf("%s: mapped %v, unavailable %v (%q), source %q", path, mapped, bad, why, src)
			}
		}
	})
}

// FuzzMaskJS: no panic and one kind per byte, on any input.
func FuzzMaskJS(f *testing.F) {
	for _, s := range []string{"a // b", "`${`${'/*'}`}`", "x = /[/]/g; /* */", "#!x\n'\\", "}`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if m := maskJS([]byte(src)); len(m) != len(src) {
			t.Fatalf("mask has %d kinds for %d bytes", len(m), len(src))
		}
	})
}
