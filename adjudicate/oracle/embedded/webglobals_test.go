package embedded

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// webGlobalFixtures are testdata/webglobals' test files, one per group of globals Node takes
// from the web platform that the runtime provides (js/webglobals.js, js/crypto.js), plus its
// src/fetcher.js, a task runner cancelled by an AbortSignal; each has a deliberate failure.
var webGlobalFixtures = []string{"test/abort.test.js", "test/domexception.test.js", "test/sharedarraybuffer.test.js", "test/webcrypto.test.mjs"}

// TestWebGlobalsParity runs each web-globals fixture under real `node --test` and embedded and
// requires the same status for every test and no refusal: AbortController and AbortSignal
// (abort, timeout, any, listeners, onabort, throwIfAborted), DOMException, SharedArrayBuffer and
// the global crypto / node:crypto's webcrypto behave as Node 20's in what the tests observe.
func TestWebGlobalsParity(t *testing.T) {
	for _, file := range webGlobalFixtures {
		t.Run(file, func(t *testing.T) { nodeTestFileParity(t, "testdata/webglobals", file) })
	}
}

// TestWebGlobalsRefused: what the runtime still lacks among these globals refuses the run, naming
// it, also when the test catches the throw: crypto.subtle (on the global and on node:crypto's
// webcrypto and subtle), growable and cloned SharedArrayBuffers, resizable ArrayBuffers, Atomics, Event and
// EventTarget, and util.inspect of a signal. A test that only checks the subtle property's
// presence by `in` is not refused, since reading nothing was asked of it.
func TestWebGlobalsRefused(t *testing.T) {
	head := "const test = require('node:test');\nconst assert = require('node:assert');\n"
	tests := []struct {
		name        string
		body        string
		passed      bool
		unsupported string
	}{
		{"global crypto.subtle", "test('s', async () => { await crypto.subtle.digest('SHA-256', new Uint8Array(1)); });\n", false, "crypto.subtle"},
		{"webcrypto.subtle caught", "const { webcrypto } = require('node:crypto');\ntest('s', () => { try { webcrypto.subtle; } catch (e) {} });\n", false, "crypto.subtle"},
		{"typeof crypto.subtle", "test('s', () => { assert.strictEqual(typeof crypto.subtle, 'object'); });\n", false, "crypto.subtle"},
		{"node:crypto subtle", "const { subtle } = require('node:crypto');\ntest('s', () => { subtle.digest; });\n", false, "crypto.subtle"},
		{"subtle in crypto", "test('s', () => { assert.ok('subtle' in crypto); });\n", true, ""},
		{"growable SharedArrayBuffer", "test('g', () => { new SharedArrayBuffer(2, { maxByteLength: 8 }); });\n", false, "a growable SharedArrayBuffer (maxByteLength)"},
		{"resizable ArrayBuffer", "test('r', () => { new ArrayBuffer(2, { maxByteLength: 8 }); });\n", false, "a resizable ArrayBuffer (maxByteLength)"},
		{"structuredClone of a SharedArrayBuffer", "test('c', () => { structuredClone(new SharedArrayBuffer(2)); });\n", false, "structuredClone of a SharedArrayBuffer"},
		{"util.inspect of a signal", "const util = require('util');\ntest('i', () => { util.inspect(new AbortController().signal); });\n", false, "util.inspect of an object with its own inspect (such as a URL)"},
		{"dispatchEvent", "test('d', () => { new AbortController().signal.dispatchEvent({ type: 'abort' }); });\n", false, "AbortSignal.dispatchEvent (the runtime has no Event)"},
		{"timers/promises signal", "const { setTimeout: s } = require('timers/promises');\ntest('a', async () => { await s(1, 1, { signal: new AbortController().signal }); });\n", false, "the signal option of timers/promises"},
		{"Atomics", "test('a', () => { Atomics.add(new Int32Array(new SharedArrayBuffer(4)), 0, 1); });\n", false, "global Atomics"},
		{"EventTarget", "test('e', () => { assert.ok(new AbortController().signal instanceof EventTarget); });\n", false, "global EventTarget"},
		{"Event", "test('e', () => { new Event('abort'); });\n", false, "global Event"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkRefusal(t, head+tc.body, tc.passed, tc.unsupported) })
	}
}

// TestGetRandomValuesDeterministic: getRandomValues draws from the run's seeded stream, as
// randomUUID does (js/crypto.js says why that is safe): the same seed fills the same bytes, another
// seed others, and the bytes look random (no byte value holds more than a tenth of 4096 draws).
func TestGetRandomValuesDeterministic(t *testing.T) {
	root := testrepo.Files(t, map[string]string{"a.test.js": `require('node:test').test('r', () => {
  const a = crypto.getRandomValues(new Uint8Array(4096));
  const counts = new Array(256).fill(0);
  a.forEach((b) => counts[b]++);
  console.log('MAX ' + Math.max(...counts) + ' HEAD ' + Array.from(a.slice(0, 8)).join(','));
});
`})
	draw := func(seed uint64) (head string, max int) {
		r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Seed: seed})
		res, err := r.Run(context.Background(), nil, time.Minute)
		if err != nil || !res.Passed {
			t.Fatalf("run: %v\n%s", err, res.Output)
		}
		_, after, _ := strings.Cut(res.Output, "MAX ")
		line, _, _ := strings.Cut(after, "\n")
		m, h, _ := strings.Cut(line, " HEAD ")
		for _, c := range m {
			max = max*10 + int(c-'0')
		}
		return h, max
	}
	a, maxA := draw(1)
	b, _ := draw(1)
	c, _ := draw(2)
	if a == "" || a != b {
		t.Errorf("seed 1 drew %q then %q; want the same", a, b)
	}
	if a == c {
		t.Errorf("seeds 1 and 2 both drew %q", a)
	}
	if maxA > 409 {
		t.Errorf("one byte value was drawn %d times in 4096: not random-looking", maxA)
	}
}

// TestWebGlobalsMutantKilled: a mutant of testdata/webglobals' src/fetcher.js that resolves where
// it should reject on abort is killed by the abort fixture's tests, so the signal's listeners
// reach the module code as evidence, not only the fixtures' own assertions.
func TestWebGlobalsMutantKilled(t *testing.T) {
	src, err := os.ReadFile("testdata/webglobals/src/fetcher.js")
	if err != nil {
		t.Fatal(err)
	}
	mut := strings.Replace(string(src), "const onAbort = () => reject(signal.reason);", "const onAbort = () => resolve(signal.reason);", 1)
	if mut == string(src) {
		t.Fatal("the mutant no longer applies")
	}
	r, err := New("testdata/webglobals", []string{"test/abort.test.js"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := run(t, r, map[string][]byte{"src/fetcher.js": []byte(mut)}, time.Minute)
	if res.Unsupported != "" {
		t.Fatalf("the mutant's run refused %s", res.Unsupported)
	}
	for _, tr := range res.Tests {
		if tr.Name == "a task is cancelled by its signal" && !tr.Passed {
			return
		}
	}
	t.Fatalf("the mutant should fail the cancellation test:\n%s", res.Output)
}
