package coverage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// sameAsEncodingJSON checks that the specialised scanner reads doc exactly as encoding/json does.
func sameAsEncodingJSON(t *testing.T, name string, doc []byte) {
	t.Helper()
	var want v8File
	if err := json.Unmarshal(doc, &want); err != nil {
		t.Fatalf("%s: encoding/json: %v", name, err)
	}
	scripts, cache, err := scanV8(doc)
	if err != nil {
		t.Fatalf("%s: scanV8: %v", name, err)
	}
	if len(scripts) != len(want.Result) {
		t.Fatalf("%s: %d scripts, want %d", name, len(scripts), len(want.Result))
	}
	for i, sc := range scripts {
		w := want.Result[i]
		var wantFns []v8Function
		if len(w.Functions) > 0 {
			if err := json.Unmarshal(w.Functions, &wantFns); err != nil {
				t.Fatal(err)
			}
		}
		fns, err := scanFunctions(doc[sc.start:sc.end])
		if err != nil {
			t.Fatalf("%s: script %d: %v", name, i, err)
		}
		if sc.url != w.URL || !reflect.DeepEqual(normFns(fns), normFns(wantFns)) {
			t.Fatalf("%s: script %d: got %q %+v, want %q %+v", name, i, sc.url, fns, w.URL, wantFns)
		}
	}
	if len(cache) != len(want.SourceMapCache) {
		t.Errorf("%s: cache has %d entries, want %d", name, len(cache), len(want.SourceMapCache))
	}
}

func TestScanV8(t *testing.T) {
	docs := []string{
		`{"result":[]}`,
		` { "result" : [ { "scriptId" : "1" , "url" : "file:///a\u00e9\"b.js" , "functions" : [ { "functionName" : "f\\n" , "ranges" : [ { "startOffset" : 0 , "endOffset" : 12 , "count" : 3 } ] , "isBlockCoverage" : false } ] } ] , "timestamp" : 1.5e3 }`,
		`{"timestamp":12,"result":[{"url":"","functions":[]},{"url":"node:fs","functions":[{"ranges":[],"isBlockCoverage":true,"extra":{"a":[1,"]"]}}]}],"source-map-cache":{"file:///x.js":{"lineLengths":[1,2],"data":{"version":3,"sources":[],"mappings":""},"url":null}}}`,
	}
	for i, d := range docs {
		sameAsEncodingJSON(t, "doc"+string(rune('0'+i)), []byte(d))
	}
	for _, bad := range []string{``, `{`, `{"result":[{"url":"a"`, `{"result":[{"functions":[{"ranges":[{"count":x}]}]}]}`, `{"result":[]} extra`} {
		if _, _, err := scanV8([]byte(bad)); err == nil {
			if scripts, _, _ := scanV8([]byte(bad)); len(scripts) > 0 {
				if _, err := scanFunctions([]byte(bad)[scripts[0].start:scripts[0].end]); err != nil {
					continue
				}
			}
			t.Errorf("scanV8(%q): no error", bad)
		}
	}
}

// checkRealV8Files compares the scanner with encoding/json on what a real runner wrote.
func checkRealV8Files(t *testing.T, dir string) {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		sameAsEncodingJSON(t, strings.TrimPrefix(n, dir), b)
	}
}

// normFns makes empty and nil slices alike (encoding/json decodes [] as empty, the scanner as nil).
func normFns(fns []v8Function) []v8Function {
	if len(fns) == 0 {
		return nil
	}
	out := append([]v8Function(nil), fns...)
	for i := range out {
		if len(out[i].Ranges) == 0 {
			out[i].Ranges = nil
		}
	}
	return out
}
