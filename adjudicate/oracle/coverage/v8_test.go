package coverage

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// fnSrc is the file the hand-written V8 coverage below describes.
const fnSrc = `function f(a) {
  if (a) {
    return 1;
  }
  // a comment

  return 2;
}
function g() {
  return 3; /* trailing */
}
f(0);
`

// rng builds a range from the first occurrence of from to the end of the first occurrence of to
// after it, so tests say which text a range covers instead of counting offsets.
func rng(t *testing.T, src, from, to string, count int) map[string]int {
	t.Helper()
	s := strings.Index(src, from)
	e := strings.Index(src[s:], to)
	if s < 0 || e < 0 {
		t.Fatalf("range %q…%q not in source", from, to)
	}
	return map[string]int{"startOffset": s, "endOffset": s + e + len(to), "count": count}
}

type fn struct {
	Name   string           `json:"functionName"`
	Ranges []map[string]int `json:"ranges"`
	Block  bool             `json:"isBlockCoverage"`
}

// v8JSON writes one process's coverage file for url.
func v8JSON(t *testing.T, url string, fns []fn, cache map[string]any) string {
	t.Helper()
	doc := map[string]any{"result": []any{map[string]any{"scriptId": "1", "url": url, "functions": fns}}}
	if cache != nil {
		doc["source-map-cache"] = cache
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func parse(t *testing.T, root, doc string) Result {
	t.Helper()
	res, err := ParseV8(strings.NewReader(doc), V8Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestParseV8Ranges(t *testing.T) {
	root := t.TempDir()
	p := writeFile(t, root, "lib/f.js", fnSrc)
	url := "file://" + filepath.ToSlash(p)
	top := map[string]int{"startOffset": 0, "endOffset": len(fnSrc), "count": 1}
	// Process 1: f(0) ran, so the if block (count 0 inside f's count 1) did not; g never ran and
	// has function-level coverage only (isBlockCoverage false, count 0 for the whole function).
	one := v8JSON(t, url, []fn{
		{Name: "", Ranges: []map[string]int{top}, Block: true},
		{Name: "f", Ranges: []map[string]int{rng(t, fnSrc, "function f", "return 2;\n}", 1), rng(t, fnSrc, "{\n    return 1", "}", 0)}, Block: true},
		{Name: "g", Ranges: []map[string]int{rng(t, fnSrc, "function g", "*/\n}", 0)}},
	}, nil)
	res := parse(t, root, one)
	want1 := FileHits{1: true, 2: true, 3: false, 4: false, 7: true, 8: true, 9: false, 10: false, 11: false, 12: true}
	if got := res.Hits["lib/f.js"]; !equalHits(got, want1) {
		t.Errorf("one process: hits = %v, want %v", got, want1)
	}
	if res.Sources["lib/f.js"] != SourceV8 {
		t.Errorf("source = %q, want v8", res.Sources["lib/f.js"])
	}
	// Process 2: f(1) and g() ran; merged with process 1 every line of f and g executed once.
	two := v8JSON(t, url, []fn{
		{Name: "", Ranges: []map[string]int{top}, Block: true},
		{Name: "f", Ranges: []map[string]int{rng(t, fnSrc, "function f", "return 2;\n}", 1), rng(t, fnSrc, "\n  return 2;", "}", 0)}, Block: true},
		{Name: "g", Ranges: []map[string]int{rng(t, fnSrc, "function g", "*/\n}", 1)}},
	}, nil)
	res.merge(parse(t, root, two))
	want2 := FileHits{1: true, 2: true, 3: true, 4: true, 7: false, 8: false, 9: true, 10: true, 11: true, 12: true}
	for l, h := range want1 {
		want2[l] = want2[l] || h
	}
	if got := res.Hits["lib/f.js"]; !equalHits(got, want2) {
		t.Errorf("two processes merged: hits = %v, want %v", got, want2)
	}
}

func TestParseV8Ignores(t *testing.T) {
	root := t.TempDir()
	other := t.TempDir()
	nm := writeFile(t, root, "node_modules/dep/index.js", "x()\n")
	out := writeFile(t, other, "a.js", "x()\n")
	top := []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": 4, "count": 1}}, Block: true}}
	for _, url := range []string{"file://" + nm, "file://" + out, "node:internal/main", "", "evalmachine.<anonymous>"} {
		res := parse(t, root, v8JSON(t, url, top, nil))
		if len(res.Sources) != 0 {
			t.Errorf("%q: got %v, want nothing", url, res.Sources)
		}
	}
}

// A script whose ranges run past the end of the file on disk is code a runner transformed: no
// hit map, unavailable with the reason. Ranges that stop short of the end are treated the same
// (the code that ran is not the file), and so is a file that no longer exists.
func TestParseV8TransformedUnavailable(t *testing.T) {
	root := t.TempDir()
	p := writeFile(t, root, "src/a.js", "const a = 1;\n")
	for _, end := range []int{764, 5} {
		doc := v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": end, "count": 1}}, Block: true}}, nil)
		res := parse(t, root, doc)
		if res.Hits.Known("src/a.js") {
			t.Errorf("end %d: got a hit map %v, want none", end, res.Hits["src/a.js"])
		}
		if res.Sources["src/a.js"] != SourceUnavailable || !strings.Contains(res.Unavailable["src/a.js"], fmt.Sprintf("offset %d", end)) {
			t.Errorf("end %d: source %q reason %q", end, res.Sources["src/a.js"], res.Unavailable["src/a.js"])
		}
	}
	// Unavailable in one process wins over a map from another: the merge never claims "not
	// executed" for lines a transformed copy may have run.
	good := parse(t, root, v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": 13, "count": 1}}, Block: true}}, nil))
	bad := parse(t, root, v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": 764, "count": 1}}, Block: true}}, nil))
	good.merge(bad)
	if good.Hits.Known("src/a.js") || good.Sources["src/a.js"] != SourceUnavailable {
		t.Errorf("merged: %v %v, want unavailable", good.Hits, good.Sources)
	}
	missing := parse(t, root, v8JSON(t, "file://"+filepath.Join(root, "gone.js"), []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": 3, "count": 1}}, Block: true}}, nil))
	if missing.Sources["gone.js"] != SourceUnavailable {
		t.Errorf("missing file: %v", missing.Sources)
	}
}

// UTF-16 offsets: V8 counts UTF-16 code units, so a line after an astral character must still
// land on the right bytes.
func TestParseV8UTF16(t *testing.T) {
	root := t.TempDir()
	src := "const s = '😀é';\nif (s) {\n  s.x();\n}\n"
	p := writeFile(t, root, "u.js", src)
	n := len([]rune(src)) + 1 // 😀 is two UTF-16 units
	blockStart := len([]rune("const s = '😀é';\nif (s) ")) + 1
	doc := v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{
		{"startOffset": 0, "endOffset": n, "count": 1},
		{"startOffset": blockStart, "endOffset": n - 1, "count": 0},
	}, Block: true}}, nil)
	res := parse(t, root, doc)
	want := FileHits{1: true, 2: true, 3: false, 4: false}
	if got := res.Hits["u.js"]; !equalHits(got, want) {
		t.Errorf("hits = %v, want %v (%v)", got, want, res.Unavailable)
	}
}

const tsSrc = `// sign classifies a number.
export interface Signed {
  label: string;
}

export function sign(n: number): Signed {
  if (n < 0) {
    return { label: 'negative' };
  }
  return { label: 'non-negative' };
}
`

// esbuildTS compiles tsSrc as tsx does, returning the code without its map comment and the map.
func esbuildTS(t *testing.T, sourcefile string) (code string, mapJSON []byte) {
	t.Helper()
	r := api.Transform(tsSrc, api.TransformOptions{Loader: api.LoaderTS, Sourcemap: api.SourceMapExternal, Sourcefile: sourcefile, Format: api.FormatESModule})
	if len(r.Errors) > 0 {
		t.Fatalf("esbuild: %v", r.Errors)
	}
	return string(r.Code), r.Map
}

// signRanges covers code (esbuild's output of tsSrc) as a run calling sign(5) would.
func signRanges(t *testing.T, code string) []fn {
	n := len(code)
	return []fn{
		{Ranges: []map[string]int{{"startOffset": 0, "endOffset": n, "count": 1}}, Block: true},
		{Name: "sign", Ranges: []map[string]int{rng(t, code, "function sign", "\"non-negative\" };\n}", 1), rng(t, code, "{\n    return { label: \"negative\"", "};\n  }", 0)}, Block: true},
	}
}

var signTSWant = FileHits{6: true, 7: true, 8: false, 9: false, 10: true, 11: true}

// An inline data: source map in the file on disk (a built dist file) maps V8's ranges back to
// the original TypeScript lines.
func TestParseV8InlineSourceMap(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "src/sign.ts", tsSrc)
	code, m := esbuildTS(t, "../src/sign.ts")
	onDisk := code + "//# sourceMappingURL=data:application/json;base64," + base64.StdEncoding.EncodeToString(m) + "\n"
	p := writeFile(t, root, "dist/sign.js", onDisk)
	fns := signRanges(t, code)
	fns[0].Ranges[0]["endOffset"] = len(onDisk)
	res := parse(t, root, v8JSON(t, "file://"+p, fns, nil))
	if got := res.Hits["src/sign.ts"]; !equalHits(got, signTSWant) {
		t.Errorf("hits = %v, want %v (%v)", got, signTSWant, res.Unavailable)
	}
	if res.Hits.Known("dist/sign.js") {
		t.Errorf("the generated file got a map of its own: %v", res.Hits["dist/sign.js"])
	}
}

// Node's source-map-cache (what tsx leaves): the code that ran is not on disk, only its line
// lengths; the map carries sourcesContent, which must match the file on disk.
func TestParseV8SourceMapCache(t *testing.T) {
	root := t.TempDir()
	p := writeFile(t, root, "src/sign.ts", tsSrc)
	url := "file://" + filepath.ToSlash(p)
	code, m := esbuildTS(t, "sign.ts")
	lens := []int{}
	for _, l := range strings.Split(code, "\n") {
		lens = append(lens, len(l))
	}
	cache := map[string]any{url: map[string]any{"lineLengths": lens, "data": json.RawMessage(m), "url": nil}}
	res := parse(t, root, v8JSON(t, url, signRanges(t, code), cache))
	if got := res.Hits["src/sign.ts"]; !equalHits(got, signTSWant) || res.Sources["src/sign.ts"] != SourceV8 {
		t.Errorf("hits = %v (%s), want %v (%v)", got, res.Sources["src/sign.ts"], signTSWant, res.Unavailable)
	}
	// The same map over a file that has changed since (a stale build): unavailable.
	writeFile(t, root, "src/sign.ts", strings.Replace(tsSrc, "negative'", "neg'", 1))
	res = parse(t, root, v8JSON(t, url, signRanges(t, code), cache))
	if res.Hits.Known("src/sign.ts") || !strings.Contains(res.Unavailable["src/sign.ts"], "different version") {
		t.Errorf("stale: hits %v reason %q", res.Hits["src/sign.ts"], res.Unavailable["src/sign.ts"])
	}
	// Ranges past the end of the code the map describes: unavailable.
	fns := signRanges(t, code)
	fns[0].Ranges[0]["endOffset"] = len(code) + 500
	writeFile(t, root, "src/sign.ts", tsSrc)
	res = parse(t, root, v8JSON(t, url, fns, cache))
	if res.Hits.Known("src/sign.ts") || res.Sources["src/sign.ts"] != SourceUnavailable {
		t.Errorf("ranges past the map: %v %v", res.Hits, res.Sources)
	}
}

func TestMaskJS(t *testing.T) {
	tests := []struct{ src, want string }{
		// c code, s space, m comment
		{"a // b", "csmmmm"},
		{"/* x */a", "mmmmmmmc"},
		{"'//'", "cccc"},
		{"`${'//'}`", "ccccccccc"},
		{"x = /\\/\\//;", "cscsccccccc"},
		{"a / b // c", "cscscsmmmm"},
		{"#!/x\na", "mmmmsc"},
		{"`a${`b${c}`}//`", "ccccccccccccccc"},
		{"return /a\\//g", "ccccccscccccc"},
	}
	kinds := map[byteKind]byte{kindCode: 'c', kindSpace: 's', kindComment: 'm'}
	for _, tt := range tests {
		m := maskJS([]byte(tt.src))
		got := make([]byte, len(m))
		for i, k := range m {
			got[i] = kinds[k]
		}
		if string(got) != tt.want {
			t.Errorf("maskJS(%q) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func mkWrite(p, text string) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, []byte(text), 0o644)
}

// Node reports real paths; a root given through a symbolic link must still own them.
func TestParseV8SymlinkedRoot(t *testing.T) {
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "sandbox")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	p := writeFile(t, real, "a.js", "x()\n")
	res := parse(t, link, v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": 4, "count": 1}}, Block: true}}, nil))
	if got, want := res.Hits["a.js"], (FileHits{1: true}); !equalHits(got, want) {
		t.Errorf("hits = %v, want %v (%v)", res.Hits, want, res.Unavailable)
	}
}

// vlq encodes a source map segment's fields (base64 VLQ, as the source map format writes them).
func vlq(fields ...int) string {
	const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	var b strings.Builder
	for _, v := range fields {
		u := v << 1
		if v < 0 {
			u = -v<<1 | 1
		}
		for {
			d := u & 31
			u >>= 5
			if u > 0 {
				d |= 32
			}
			b.WriteByte(digits[d])
			if u == 0 {
				break
			}
		}
	}
	return b.String()
}

// Babel's maps point some generated positions at the column just past a line's last character
// (the end of a statement): that is the line's end, not a stale build. A column further out is.
func TestParseV8SourceMapLineEnd(t *testing.T) {
	for _, tt := range []struct {
		name    string
		origCol int
		stale   bool
	}{
		{"end of line", 4, false},
		{"past the end", 6, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeFile(t, root, "src/a.js", "a();\nb();\n")
			// generated "a(); b();": column 0 maps to 1:0, column 4 to 1:origCol, column 5 to 2:0.
			mappings := vlq(0, 0, 0, 0) + "," + vlq(4, 0, 0, tt.origCol) + "," + vlq(1, 0, 1, -tt.origCol)
			m := `{"version":3,"sources":["../src/a.js"],"names":[],"mappings":"` + mappings + `"}`
			code := "a(); b();\n"
			onDisk := code + "//# sourceMappingURL=data:application/json;base64," + base64.StdEncoding.EncodeToString([]byte(m)) + "\n"
			p := writeFile(t, root, "dist/a.js", onDisk)
			res := parse(t, root, v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": len(onDisk), "count": 1}}, Block: true}}, nil))
			if tt.stale {
				if res.Hits.Known("src/a.js") || !strings.Contains(res.Unavailable["src/a.js"], "outside the file on disk") {
					t.Errorf("hits %v, reason %q: want unavailable, outside the file", res.Hits["src/a.js"], res.Unavailable["src/a.js"])
				}
				return
			}
			if want := (FileHits{1: true, 2: true}); !equalHits(res.Hits["src/a.js"], want) {
				t.Errorf("hits = %v, want %v (%v)", res.Hits["src/a.js"], want, res.Unavailable)
			}
		})
	}
}
