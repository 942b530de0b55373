package embedded

import (
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestJSONParseReviver: a reviver that is not a function is ignored, as the language (and Node)
// says; goja throws "Cannot convert undefined or null to object" for null, which failed
// secure-json-parse's unmutated tape suite in the survey. The function keeps its name and length.
func TestJSONParseReviver(t *testing.T) {
	root := testrepo.Files(t, map[string]string{"a.test.js": `const test = require('node:test');
const assert = require('node:assert');
test('non-function revivers are ignored', () => {
  for (const r of [null, undefined, 5, {}, 'x']) assert.deepStrictEqual(JSON.parse('{"a":[1,2]}', r), { a: [1, 2] });
});
test('a function reviver still runs', () => {
  assert.deepStrictEqual(JSON.parse('{"a":1}', (k, v) => (typeof v === 'number' ? v + 1 : v)), { a: 2 });
});
test('JSON.parse looks as it does in Node', () => {
  assert.strictEqual(JSON.parse.name, 'parse');
  assert.strictEqual(JSON.parse.length, 2);
  assert.strictEqual(Object.getOwnPropertyDescriptor(JSON, 'parse').enumerable, false);
  assert.throws(() => JSON.parse('{'), SyntaxError);
});
`})
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
	if res := run(t, r, nil, time.Minute); !res.Passed {
		t.Fatalf("JSON.parse differs from Node's:\n%s", res.Output)
	}
}
