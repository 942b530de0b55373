package coverage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkParseV8 reads a large generated coverage file: 200 scripts of 500 functions each
// (one block per function, half of them never run), half the scripts under node_modules (as in
// real runs, where dependencies dominate), about 20 MB of JSON. Reported as MB/s of JSON.
func BenchmarkParseV8(b *testing.B) {
	root, doc := benchV8Doc(b)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	b.ReportMetric(float64(len(doc))/1e6, "MB/file") // after ResetTimer, which drops metrics
	for i := 0; i < b.N; i++ {
		res, err := ParseV8(bytes.NewReader(doc), V8Options{Root: root})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Hits) != 100 {
			b.Fatalf("got %d files, want 100 (%v)", len(res.Hits), res.Unavailable)
		}
	}
}

// BenchmarkDecodeV8EncodingJSON is the yardstick for BenchmarkParseV8: decoding alone, with
// encoding/json, the way the reader first did (the scripts under the root decoded, no hit maps
// built). Compare the two MB/s figures from one run.
func BenchmarkDecodeV8EncodingJSON(b *testing.B) {
	_, doc := benchV8Doc(b)
	b.SetBytes(int64(len(doc)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var f v8File
		if err := json.Unmarshal(doc, &f); err != nil {
			b.Fatal(err)
		}
		for _, s := range f.Result {
			if strings.Contains(s.URL, "node_modules") {
				continue
			}
			var fns []v8Function
			if err := json.Unmarshal(s.Functions, &fns); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchV8Doc writes the benchmark's source files under a temp root and returns the root and the
// coverage document about them.
func benchV8Doc(b *testing.B) (string, []byte) {
	b.Helper()
	root := b.TempDir()
	var fnText strings.Builder
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&fnText, "function f%d(a) {\n  if (a > %d) {\n    return a - 1;\n  }\n  // why\n  return a + 1;\n}\n", i, i)
	}
	src := fnText.String()
	type rg = map[string]int
	var results []any
	for s := 0; s < 200; s++ {
		rel := fmt.Sprintf("src/m%d.js", s)
		if s%2 == 1 {
			rel = fmt.Sprintf("node_modules/dep/m%d.js", s)
		}
		p := filepath.Join(root, filepath.FromSlash(rel))
		writeFileB(b, p, src)
		fns := []map[string]any{{"functionName": "", "isBlockCoverage": true, "ranges": []rg{{"startOffset": 0, "endOffset": len(src), "count": 1}}}}
		off := 0
		for i := 0; i < 500; i++ {
			body := fmt.Sprintf("function f%d(a) {\n  if (a > %d) {\n    return a - 1;\n  }\n  // why\n  return a + 1;\n}\n", i, i)
			blk := strings.Index(body, "{\n    return")
			blkEnd := strings.Index(body, "}\n  //") + 1
			count := i % 2
			fns = append(fns, map[string]any{"functionName": fmt.Sprintf("f%d", i), "isBlockCoverage": count == 1, "ranges": []rg{
				{"startOffset": off, "endOffset": off + len(body) - 1, "count": count},
				{"startOffset": off + blk, "endOffset": off + blkEnd, "count": 0},
				{"startOffset": off + blkEnd, "endOffset": off + len(body) - 1, "count": count},
			}})
			off += len(body)
		}
		results = append(results, map[string]any{"scriptId": fmt.Sprint(s), "url": "file://" + filepath.ToSlash(p), "functions": fns})
	}
	doc, err := json.Marshal(map[string]any{"result": results})
	if err != nil {
		b.Fatal(err)
	}
	return root, doc
}

func writeFileB(b *testing.B, p, text string) {
	b.Helper()
	if err := mkWrite(p, text); err != nil {
		b.Fatal(err)
	}
}
