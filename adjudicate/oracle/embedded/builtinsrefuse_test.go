package embedded

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestBuiltinMembersRefused: what a provided module does not emulate refuses the run by
// module.member (or by what was asked of it), also when the test catches the throw, since Node
// would have done something else; a test that stubs a refused member, as tests stub os.hostname,
// runs.
func TestBuiltinMembersRefused(t *testing.T) {
	head := "const test = require('node:test');\nconst assert = require('node:assert');\n"
	tests := []struct {
		name        string
		body        string
		passed      bool
		unsupported string
	}{
		{"os.hostname", "const os = require('os');\ntest('h', () => { os.hostname(); });\n", false, "os.hostname"},
		{"os.cpus caught", "const os = require('node:os');\ntest('c', () => { try { os.cpus(); } catch (e) {} });\n", false, "os.cpus"},
		{"os.hostname stubbed", "const os = require('os');\ntest('s', () => { os.hostname = () => 'box'; assert.equal(os.hostname(), 'box'); });\n", true, ""},
		{"timers.active", "const timers = require('timers');\ntest('a', () => { timers.active({}); });\n", false, "timers.active"},
		{"timers/promises signal", "const { setTimeout: s } = require('timers/promises');\ntest('a', async () => { await s(1, 1, { signal: {} }); });\n", false, "the signal option of timers/promises"},
		{"events.on", "const events = require('events');\ntest('o', () => { events.on(new events(), 'x'); });\n", false, "events.on"},
		{"captureRejections", "const { EventEmitter } = require('events');\ntest('c', () => { new EventEmitter({ captureRejections: true }); });\n", false, "events captureRejections"},
		{"util.inspect of an error", "const util = require('util');\ntest('e', () => { util.inspect(new Error('x')); });\n", false, "util.inspect of an error (Node prints its stack)"},
		{"util.inspect of a long array", "const util = require('util');\ntest('l', () => { util.inspect([1, 2, 3, 4, 5, 6, 7]); });\n", false, "util.inspect of an array of more than 6 entries"},
		{"util.inspect options", "const util = require('util');\ntest('o', () => { util.inspect({}, { colors: true }); });\n", false, "util.inspect options other than depth 0 to 2"},
		{"util.format %o", "const util = require('util');\ntest('f', () => { util.format('%o', { a: 1 }); });\n", false, "util.format %o"},
		{"util.format of an error", "const util = require('util');\ntest('f', () => { util.format('failed:', new Error('x')); });\n", false, "util.format of an error (Node prints its stack)"},
		{"unhandled error event of an object with a getter", "const E = require('events');\ntest('u', () => { assert.throws(() => new E().emit('error', { get x() { return 1; } })); });\n", false, "an unhandled error event of an accessor property"},
		{"util.parseArgs", "const { parseArgs } = require('util');\ntest('p', () => { parseArgs({}); });\n", false, "util.parseArgs"},
		{"util.types.isGeneratorObject", "const { types } = require('util');\ntest('g', () => { types.isGeneratorObject((function* () {})()); });\n", false, "util.types.isGeneratorObject"},
		{"crypto.randomBytes", "const crypto = require('crypto');\ntest('r', () => { crypto.randomBytes(4); });\n", false, "crypto.randomBytes"},
		{"crypto.createHmac", "const { createHmac } = require('node:crypto');\ntest('h', () => { createHmac('sha256', 'k'); });\n", false, "crypto.createHmac"},
		{"crypto digest to an unknown encoding", "const crypto = require('crypto');\ntest('d', () => { crypto.createHash('md5').update('a').digest('nope'); });\n", false, `crypto Hash.digest("nope"), which returns a Buffer`},
		{"buf.readUInt8", "test('r', () => { Buffer.from('a').readUInt8(0); });\n", false, "buf.readUInt8"},
		{"buf.write", "test('w', () => { Buffer.alloc(2).write('a'); });\n", false, "buf.write"},
		{"querystring two-character separator", "const qs = require('querystring');\ntest('q', () => { qs.parse('a=1&&b=2', '&&'); });\n", false, "querystring separator of more than one character"},
		{"url.parse", "const url = require('url');\ntest('p', () => { url.parse('http://h/'); });\n", false, "url.parse"},
		{"setting a URL's part", "test('s', () => { const u = new URL('http://h/'); u.pathname = '/x'; });\n", false, "setting URL.pathname"},
		{"a data: URL", "test('f', () => { new URL('data:text/plain,x'); });\n", false, "URL with the data: scheme"},
		{"a file: URL with a host", "test('f', () => { new URL('file://host/tmp/x'); });\n", false, "a file: URL with a host"},
		{"an IPv6 host", "test('f', () => { new URL('http://[::1]:3000/'); });\n", false, "URL with an IPv6 host"},
		{"util.inspect of a URL", "const util = require('util');\ntest('i', () => { util.inspect(new URL('http://h/')); });\n", false, "util.inspect of an object with its own inspect (such as a URL)"},
		{"StringDecoder internals", "const { StringDecoder } = require('string_decoder');\ntest('s', () => { new StringDecoder().lastNeed; });\n", false, "StringDecoder.lastNeed"},
		{"buffer.Blob", "const { Blob } = require('node:buffer');\ntest('b', () => { new Blob([]); });\n", false, "buffer.Blob"},
		{"Buffer stubbed by a test", "test('s', () => { Buffer.prototype.readUInt8 = function () { return 7; }; assert.equal(Buffer.from('a').readUInt8(0), 7); });\n", true, ""},
		{"crypto sha384", "const crypto = require('crypto');\ntest('d', () => { crypto.createHash('sha384'); });\n", false, "crypto.createHash of sha384"},
		{"crypto hex input", "const crypto = require('crypto');\ntest('d', () => { crypto.createHash('md5').update('00', 'hex'); });\n", false, "crypto Hash.update with the hex encoding"},
		{"crypto hash as a stream", "const crypto = require('crypto');\ntest('d', () => { crypto.createHash('md5').write('a'); });\n", false, "crypto Hash.write"},
		{"global crypto.subtle", "test('s', () => { crypto.subtle.digest('SHA-256', new Uint8Array(1)); });\n", false, "crypto.subtle"},
		{"util/types isModuleNamespaceObject", "import { isModuleNamespaceObject } from 'node:util/types';\nimport { test } from 'node:test';\ntest('m', () => { isModuleNamespaceObject({}); });\n", false, "util.types.isModuleNamespaceObject"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.body
			if !strings.Contains(src, "import ") {
				src = head + src
			}
			checkRefusal(t, src, tc.passed, tc.unsupported)
		})
	}
}

// checkRefusal runs the test file src alone in the embedded runner and checks that it passed (or
// not) as passed says and that the run was refused for unsupported ("" for none). A refusal of a
// member is named in the output ("… is not available in the embedded runner"); a missing global
// ("global X") is found from the ReferenceError instead, so its name is not looked for there.
func checkRefusal(t *testing.T, src string, passed bool, unsupported string) {
	t.Helper()
	checkRefusalTree(t, map[string]string{"a.test.js": src}, passed, unsupported)
}

// checkRefusalTree is checkRefusal for a tree of files whose test file is a.test.js.
func checkRefusalTree(t *testing.T, files map[string]string, passed bool, unsupported string) {
	t.Helper()
	root := testrepo.Files(t, files)
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
	res, err := r.Run(context.Background(), nil, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if res.Passed != passed || res.Unsupported != unsupported {
		t.Errorf("passed %v, unsupported %q; want %v, %q\n%s", res.Passed, res.Unsupported, passed, unsupported, res.Output)
	}
	if unsupported != "" && !strings.HasPrefix(unsupported, "global ") && !strings.Contains(res.Output, unsupported+" is not available in the embedded runner") {
		t.Errorf("the output does not name %q:\n%s", unsupported, res.Output)
	}
}

// TestUnprovidedBuiltinRefused: a built-in module the runtime does not provide is refused before
// any run, naming the module and the file that imports it, and the reason lists what is provided.
func TestUnprovidedBuiltinRefused(t *testing.T) {
	for _, spec := range []string{"node:http", "stream", "node:child_process", "events/foo"} {
		root := testrepo.Files(t, map[string]string{"a.test.js": "const m = require('" + spec + "');\nrequire('node:test').test('w', () => {});\n"})
		_, err := New(root, []string{"a.test.js"}, Options{})
		var ue *UnsupportedError
		if spec == "events/foo" {
			// Not a built-in at all: a missing package, which fails the bundle.
			if err == nil || errors.As(err, &ue) {
				t.Errorf("require(%q): got %v, want a bundling error", spec, err)
			}
			continue
		}
		if !errors.As(err, &ue) || ue.Import != spec || ue.Importer != "a.test.js" {
			t.Errorf("require(%q): got %v, want an *UnsupportedError naming it", spec, err)
			continue
		}
		if !strings.Contains(ue.Reason(), "node:events") || !strings.Contains(ue.Reason(), "node:timers/promises") {
			t.Errorf("the reason does not list the provided modules: %s", ue.Reason())
		}
	}
}

// TestRandomUUIDDeterministic: randomUUID draws from a stream seeded with the run's seed, so every
// run of a file (the baseline's, each mutant's) draws the same values, and another seed others.
func TestRandomUUIDDeterministic(t *testing.T) {
	root := testrepo.Files(t, map[string]string{"a.test.js": "const { randomUUID } = require('crypto');\nrequire('node:test').test('u', () => { console.log('UUID ' + randomUUID() + ' ' + crypto.randomUUID()); });\n"})
	uuids := func(seed uint64) string {
		r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Seed: seed})
		res, err := r.Run(context.Background(), nil, time.Minute)
		if err != nil || !res.Passed {
			t.Fatalf("run: %v\n%s", err, res.Output)
		}
		_, after, _ := strings.Cut(res.Output, "UUID ")
		line, _, _ := strings.Cut(after, "\n")
		return line
	}
	a, b, c := uuids(1), uuids(1), uuids(2)
	if a == "" || a != b {
		t.Errorf("seed 1 drew %q then %q; want the same", a, b)
	}
	if a == c {
		t.Errorf("seeds 1 and 2 both drew %q", a)
	}
	if x, y, _ := strings.Cut(a, " "); x == y {
		t.Errorf("two draws in one run were equal: %q", a)
	}
}

// A refusal names a file of an installed package from its node_modules directory, never by the
// climb out of the root to wherever the install lives: the root's node_modules is a link to an
// install elsewhere, as in a sandbox, and the package's file uses a feature the runtime refuses.
func TestUnsupportedShownPath(t *testing.T) {
	store := filepath.Join(t.TempDir(), "store", "node_modules")
	if err := os.MkdirAll(filepath.Join(store, "dep"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"dep/package.json": `{"name":"dep","version":"1.0.0","main":"index.js"}`,
		"dep/index.js":     "exports.letter = (s) => new RegExp('\\\\p{L}', 'u').test(s);\n", // a pattern in a string is not expanded
	} {
		if err := os.WriteFile(filepath.Join(store, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root := testrepo.Files(t, map[string]string{"a.test.js": "const { letter } = require('dep');\nrequire('node:test').test('l', () => { letter('a'); });\n"})
	if err := os.Symlink(store, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	_, err := New(root, []string{"a.test.js"}, Options{})
	var ue *UnsupportedError
	if !errors.As(err, &ue) {
		t.Fatalf("err %v, want an UnsupportedError for the property escape", err)
	}
	if got := ue.Reason(); !strings.HasPrefix(got, "node_modules/dep/index.js uses Unicode property escapes") {
		t.Errorf("reason %q, want it to name node_modules/dep/index.js", got)
	}
}
