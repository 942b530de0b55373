package embedded

// Differential tests of node:path: one table of calls runs through real Node and through the
// embedded runtime, and every answer (or thrown error) must be the same.

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pathCall is one call of a node:path function: the function's name and its arguments as
// JavaScript source.
type pathCall struct {
	fn   string
	args []string
}

func (c pathCall) String() string { return c.fn + "(" + strings.Join(c.args, ", ") + ")" }

// jsStr is s as a JavaScript string literal.
func jsStr(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// pathSegments are the pieces the generated paths are made of: the cases Node's rules single out
// (empty, ".", "..", root, doubled and trailing slashes, dotfiles, several dots).
var pathSegments = []string{"", ".", "..", "a", "/", "//", "a/", ".hidden", "x.y.z", "...", "b.", "/a/"}

// badArgs are non-string arguments, as JavaScript source, whose errors Node words each its own way.
var badArgs = []string{
	"42", "null", "undefined", "true", "{}", "[]", "[1, 2]", "function foo() {}", "() => 1",
	"Symbol('s')", "10n", "NaN", "-0", "1.5", "Infinity", "Object.create(null)",
	"Object.assign(Object.create(null), { a: 1 })", "new Date(0)", "new String('s')", "/re/",
	"new (class Foo {})()", "class Bar {}",
}

// pathTable is the differential table: hand-written edge cases, then generated combinations.
func pathTable() []pathCall {
	var calls []pathCall
	add := func(fn string, args ...string) { calls = append(calls, pathCall{fn, args}) }
	str := func(fn string, args ...string) {
		lits := make([]string, len(args))
		for i, a := range args {
			lits[i] = jsStr(a)
		}
		add(fn, lits...)
	}

	// Hand-written edge cases.
	str("basename", "/a/b/", "b")
	str("basename", "/foo/bar/baz/asdf/quux.html", ".html")
	str("basename", "aaa", "a")
	str("basename", "a/b/", "ab")
	str("basename", "///", "/")
	str("basename", "b//", "b/")
	str("basename", "/x/b//", "xb")
	str("dirname", "/a//b")
	str("dirname", "//a")
	str("dirname", "///a")
	str("parse", "//a")
	str("parse", "/home/user/dir/file.txt")
	str("parse", "./.eslintrc.json")
	str("extname", "index.coffee.md")
	str("extname", ".index.md")
	str("normalize", "/foo/bar//baz/asdf/quux/..")
	str("normalize", "./fixtures///b/../b/c.js")
	str("join", "/foo", "bar", "baz/asdf", "quux", "..")
	str("join")
	str("join", "", "")
	str("resolve")
	str("resolve", "")
	str("resolve", "/foo/bar", "./baz")
	str("resolve", "/foo/bar", "/tmp/file/")
	str("resolve", "wwwroot", "static_files/png/", "../gif/image.gif")
	str("resolve", "../..", "..")
	str("relative", "/data/orandea/test/aaa", "/data/orandea/impl/bbb")
	str("relative", "/a/b", "/a/bc")
	str("relative", "/", "/a")
	str("relative", "/a", "/")
	str("relative", "", "")
	str("relative", "a", "")
	str("relative", "", "../x")
	str("relative", "a/b", "a/b/")
	str("isAbsolute", "//server")
	str("toNamespacedPath", "/a/../b")
	for _, s := range []string{"x", strings.Repeat("x", 28), strings.Repeat("y", 29), "it's", "a\nb", `q"'`} {
		str("format", s)
	}
	add("format", "{ root: '/ignored', dir: '/home/user/dir', base: 'file.txt' }")
	add("format", "{ dir: 1, base: 2 }")
	add("format", "{ name: 5, ext: 6 }")
	add("format", "{ root: '/', name: 'x', ext: 'y' }")
	add("format", "{ base: '', name: '', ext: '.' }")
	add("format", "{ toString() { return 'no' } }")
	add("format", "{ dir: { toString() { return 'D' }, valueOf() { return 'V' } }, base: 'b' }")
	add("format", "Object.create(null)")
	add("format", "new Date(0)")
	add("toNamespacedPath", "42")
	add("basename", jsStr("a"), "undefined")

	// Non-string arguments in every checked position.
	for _, b := range badArgs {
		for _, fn := range []string{"normalize", "dirname", "basename", "extname", "isAbsolute", "parse", "format", "toNamespacedPath"} {
			add(fn, b)
		}
		add("join", b)
		add("join", jsStr("a"), b, jsStr("c"))
		add("resolve", b)
		add("resolve", jsStr("a"), b)
		add("resolve", b, jsStr("/abs")) // never read: a rooted argument comes after it
		add("relative", b, jsStr("a"))
		add("relative", jsStr("a"), b)
		add("relative", b, b)
		add("basename", jsStr("a/b.c"), b)
	}

	// Generated: every path of one to three segments through the one-argument functions.
	seen := map[string]bool{}
	var paths, short []string
	for _, a := range pathSegments {
		for _, b := range append([]string{""}, pathSegments...) {
			for _, c := range append([]string{""}, pathSegments...) {
				p := a + b + c
				if seen[p] {
					continue
				}
				seen[p] = true
				paths = append(paths, p)
				if c == "" {
					short = append(short, p)
				}
			}
		}
	}
	for _, p := range paths {
		for _, fn := range []string{"normalize", "dirname", "basename", "extname", "isAbsolute", "parse"} {
			str(fn, p)
		}
	}
	suffixes := []string{"", "a", "z", ".z", "x.y.z", ".hidden", "hidden", "/", "a/", "..", ".", "b."}
	for _, p := range short {
		for _, s := range suffixes {
			str("basename", p, s)
		}
	}
	// Pairs and triples through join, resolve and relative.
	pairs := append([]string{"/a/b", "a/b/..", "../x", "/x/y/", "x//y", "/..", "../..", "a/b/c", "/a/b/c/"}, pathSegments...)
	for _, a := range pairs {
		for _, b := range pairs {
			str("join", a, b)
			str("resolve", a, b)
			str("relative", a, b)
		}
	}
	for _, a := range pathSegments {
		for _, b := range pathSegments {
			for _, c := range pathSegments {
				str("join", a, b, c)
				str("resolve", a, b, c)
			}
		}
	}
	// format over the combinations of its fields (undefined leaves a field out).
	for _, root := range []string{"undefined", "''", "'/'"} {
		for _, dir := range []string{"undefined", "''", "'/x'", "'x'", "'/'"} {
			for _, base := range []string{"undefined", "''", "'b.c'"} {
				for _, name := range []string{"undefined", "''", "'n'"} {
					for _, ext := range []string{"undefined", "''", "'e'", "'.e'"} {
						add("format", "{ root: "+root+", dir: "+dir+", base: "+base+", name: "+name+", ext: "+ext+" }")
					}
				}
			}
		}
	}
	return calls
}

// pathCallJS declares call(fn, args), which calls node:path's posix fn and pushes its answer, or
// the error it threw (name, code, message, String(), instanceof TypeError, constructor name),
// onto results.
const pathCallJS = `'use strict';
const P = require('path').posix;
const show = (v) => typeof v === 'bigint' ? String(v) + 'n' : typeof v === 'symbol' ? String(v) : typeof v === 'function' ? 'function' : v;
const results = [];
function call(fn, args) {
  try { results.push({ ok: show(P[fn](...args)) }); }
  catch (e) { results.push({ err: [e.name, e.code, e.message, String(e), e instanceof TypeError, e.constructor.name] }); }
}
`

// pathScript is a program that makes calls through node:path's posix flavour and prints
// "RESULTS " and, per call, what pathCallJS records, then "FACTS " and what the module looks like.
func pathScript(calls []pathCall) string {
	var b strings.Builder
	b.WriteString(pathCallJS)
	for _, c := range calls {
		b.WriteString("call(" + jsStr(c.fn) + ", [" + strings.Join(c.args, ", ") + "]);\n")
	}
	b.WriteString(`console.log('RESULTS ' + JSON.stringify(results));
const path = require('path');
console.log('FACTS ' + JSON.stringify({
  nodePrefix: require('node:path') === path,
  posixIsSelf: path.posix === path,
  posixModule: require('path/posix') === path && require('node:path/posix') === path,
  sep: path.sep, delimiter: path.delimiter,
  keys: Object.keys(path),
  functions: Object.keys(path).filter((k) => k !== 'win32' && k !== 'matchesGlob').map((k) => k + ':' + typeof path[k]),
  makeLong: path._makeLong === path.toNamespacedPath,
  cwd: path.resolve() === process.cwd() && path.resolve('x') === process.cwd() + '/x',
  up: path.relative(process.cwd(), path.resolve('../q')),
}));
`)
	return b.String()
}

// prefixedLine decodes the JSON that follows prefix on a line of out.
func prefixedLine(t *testing.T, out, prefix string, v any) {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, prefix); i >= 0 {
			if err := json.Unmarshal([]byte(l[i+len(prefix):]), v); err != nil {
				t.Fatalf("decoding %s: %v", prefix, err)
			}
			return
		}
	}
	t.Fatalf("no %s line in output:\n%.2000s", prefix, out)
}

// TestPathAgainstNode runs pathTable through real Node 20 and through the embedded runtime, in
// the same directory (resolve and relative read it), and requires the same answer or the same
// error, call by call, and the same module shape.
func TestPathAgainstNode(t *testing.T) {
	node := requireNode(t)
	calls := pathTable()
	if len(calls) < 5000 {
		t.Fatalf("the table has %d calls; it should keep thousands", len(calls))
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "path.test.js"), []byte(pathScript(calls)), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "path.test.js")
	cmd.Dir = dir
	nodeOut, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node path.test.js: %v\n%.2000s", err, nodeOut)
	}
	var want, got []json.RawMessage
	var wantFacts, gotFacts map[string]any
	prefixedLine(t, string(nodeOut), "RESULTS ", &want)
	prefixedLine(t, string(nodeOut), "FACTS ", &wantFacts)

	r, err := New(dir, []string{"path.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res, err := r.Run(context.Background(), nil, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Passed {
		t.Fatalf("embedded run failed:\n%.3000s", res.Output)
	}
	prefixedLine(t, res.Output, "RESULTS ", &got)
	prefixedLine(t, res.Output, "FACTS ", &gotFacts)
	if len(got) != len(want) || len(want) != len(calls) {
		t.Fatalf("%d calls: node answered %d, embedded %d", len(calls), len(want), len(got))
	}
	bad := 0
	for i := range want {
		if string(want[i]) != string(got[i]) {
			if bad++; bad <= 30 {
				t.Errorf("%s: node %s, embedded %s", calls[i], want[i], got[i])
			}
		}
	}
	if bad > 30 {
		t.Errorf("… %d differences in all", bad)
	}
	w, _ := json.Marshal(wantFacts)
	g, _ := json.Marshal(gotFacts)
	if string(w) != string(g) {
		t.Errorf("module facts differ:\nnode     %s\nembedded %s", w, g)
	}
}
