package embedded

import (
	"strings"
	"testing"
	"time"
)

// valueRepo is a small package whose test calls removeItems through the package's entry module
// and ignores what it returns.
var valueRepo = map[string]string{
	"package.json": `{"name":"v","type":"module"}`,
	"src/index.js": "export { removeItems, Bag } from './list.js';\nexport default { version: 1, size: (a) => a.length };\n",
	"src/list.js": `function keep(x) { return x; }
export function removeItems(arr, pred) {
  const removed = [];
  for (let i = arr.length - 1; i >= 0; i--) if (pred(keep(arr[i]))) removed.unshift(arr.splice(i, 1)[0]);
  return removed;
}
export class Bag { constructor(n) { this.n = n; this.m = new Map([[1, -0], ['k', NaN]]); } async get() { return this.n; } }
`,
	"test/list.test.js": `import test from 'node:test';
import assert from 'node:assert/strict';
import lib, { removeItems, Bag } from '../src/index.js';
test('removes', async () => {
  const a = [1, 2, 3];
  removeItems(a, (x) => x > 1);
  assert.deepEqual(a, [1]);
  const b = new Bag(2);
  assert.equal(await b.get(), 2);
  assert.equal(lib.size([1]), 1);
  assert.ok(b instanceof Bag);
});
`,
}

func TestValueTraceRecordsBoundaryCalls(t *testing.T) {
	root := writeTree(t, valueRepo)
	r := newRunnerAt(t, root, []string{"test/list.test.js"}, Options{InProcess: true})
	res := run(t, r, nil, time.Minute)
	if !res.Passed {
		t.Fatalf("the fixture should pass:\n%s", res.Output)
	}
	var got []string
	for _, c := range res.Calls {
		got = append(got, c.Test+" | "+c.Callee+" | "+strings.Join(c.Args, " ")+" | "+strings.Join(c.Outcome, " ")+" | "+strings.Join(c.After, " "))
	}
	t.Logf("%s", strings.Join(got, "\n"))
	if len(res.Calls) != 3 {
		t.Fatalf("want 3 calls (removeItems, new Bag, default.size), got %d:\n%s", len(res.Calls), strings.Join(got, "\n"))
	}
}
