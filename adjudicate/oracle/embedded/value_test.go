package embedded

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// valueRepo is a small package whose test calls removeItems through the package's entry module
// and ignores what it returns.
var valueRepo = map[string]string{
	"package.json": `{"name":"v","type":"module"}`,
	"src/index.js": "export { removeItems, Bag } from './list.js';\nexport default { version: 1, size: (a) => a.length, total(a) { return this.size(a) * 2; } };\n",
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
  assert.equal(lib.total([1, 2]), 4); // its own call of this.size is inside it: not recorded
  assert.ok(b instanceof Bag);
});
`,
}

func TestValueTraceRecordsBoundaryCalls(t *testing.T) {
	root := testrepo.Files(t, valueRepo)
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
	want := []string{"src/index.js#removeItems", "new src/index.js#Bag", "src/index.js#default.size", "src/index.js#default.total"}
	var callees []string
	for _, c := range res.Calls {
		callees = append(callees, c.Callee)
	}
	if strings.Join(callees, " ") != strings.Join(want, " ") {
		t.Fatalf("callees %q, want %q:\n%s", callees, want, strings.Join(got, "\n"))
	}
}

// TestValueTraceOutOfTestsReach: a test that finds the wrapper's parameter by name (or through
// eval) and registers exports of its own records nothing, and one that replaces the built-ins a
// serializer would use changes nothing recorded.
func TestValueTraceOutOfTestsReach(t *testing.T) {
	files := map[string]string{}
	for k, v := range valueRepo {
		files[k] = v
	}
	files["test/list.test.js"] = `import test from 'node:test';
import assert from 'node:assert/strict';
import { removeItems } from '../src/index.js';
test('tamper', () => {
  assert.equal(typeof __bond_v, 'function'); // reachable by name: registration is what is guarded
  const fake = __bond_v('src/index.js', { removeItems: (a) => [] });
  fake.removeItems([1, 2, 3], () => true);
  assert.throws(() => (0, eval)('__bond_v'), ReferenceError); // not a global
  const saved = [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach, Reflect.getOwnPropertyDescriptor, Promise.prototype.then];
  Array.prototype.push = () => 0;
  Object.keys = () => [];
  JSON.stringify = () => '[]';
  Map.prototype.forEach = () => {};
  Reflect.getOwnPropertyDescriptor = () => undefined;
  Promise.prototype.then = function () { return this; };
  const a = [1, 2, 3];
  removeItems(a, (x) => x > 1);
  [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach, Reflect.getOwnPropertyDescriptor, Promise.prototype.then] = saved;
  assert.deepEqual(a, [1]);
});
`
	root := testrepo.Files(t, files)
	r := newRunnerAt(t, root, []string{"test/list.test.js"}, Options{InProcess: true})
	res := run(t, r, nil, time.Minute)
	if !res.Passed || len(res.Tests) != 1 {
		t.Fatalf("the fixture should pass its one test:\n%s", res.Output)
	}
	if len(res.Calls) != 1 {
		t.Fatalf("want the one real call recorded, got %d: %+v", len(res.Calls), res.Calls)
	}
	c := res.Calls[0]
	want := []string{"return=Array(2)", "return[0]=num:2", "return[1]=num:3"}
	if c.Callee != "src/index.js#removeItems" || strings.Join(c.Outcome, " ") != strings.Join(want, " ") {
		t.Fatalf("recorded %s → %q, want src/index.js#removeItems → %q", c.Callee, c.Outcome, want)
	}
}

// TestValueTracePromises: a returned promise's settled value is recorded, and the caller's
// promise settles as the real one did: a rejection the test handles is recorded, one it does not
// handle still fails the test, as without bond.
func TestValueTracePromises(t *testing.T) {
	files := map[string]string{
		"package.json": `{"name":"p","type":"module"}`,
		"src/index.js": "export async function load(n) { if (n < 0) throw new RangeError('negative'); return { n, twice: n * 2 }; }\n",
		"test/a.test.js": `import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../src/index.js';
test('loads', async () => {
  assert.deepEqual(await load(2), { n: 2, twice: 4 });
  await assert.rejects(load(-1), RangeError);
});
`,
		"test/b.test.js": `import test from 'node:test';
import { load } from '../src/index.js';
test('leaves a rejection unhandled', async () => {
  load(-1);
  await new Promise((r) => setTimeout(r, 1));
});
`,
	}
	root := testrepo.Files(t, files)
	r := newRunnerAt(t, root, []string{"test/a.test.js", "test/b.test.js"}, Options{InProcess: true})
	res, err := r.RunWith(context.Background(), nil, time.Minute, RunOptions{Files: []string{"test/a.test.js"}})
	if err != nil || !res.Passed {
		t.Fatalf("a.test.js should pass: %v\n%s", err, res.Output)
	}
	var got []string
	for _, c := range res.Calls {
		got = append(got, strings.Join(c.Outcome, " "))
	}
	want := []string{`resolved=Object resolved.n=num:2 resolved.twice=num:4`, `rejected=Error(RangeError: negative)`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("outcomes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	res, err = r.RunWith(context.Background(), nil, time.Minute, RunOptions{Files: []string{"test/b.test.js"}})
	if err != nil || res.Passed {
		t.Fatalf("an unhandled rejection must still fail the test: %v\n%s", err, res.Output)
	}
}

// TestValueSerialization pins the flattening of what a caller sees: exact numbers, cycles and
// shared references, Maps and Sets in insertion order, class instances by constructor name,
// Dates by time value, typed arrays element by element (as own properties, capped like them), functions by name, long strings by length and hash.
func TestValueSerialization(t *testing.T) {
	cases := []struct {
		expr string
		want string
	}{
		{`-0`, `return=num:-0`},
		{`NaN`, `return=num:NaN`},
		{`[1.5, -Infinity, 10n]`, `return=Array(3) return[0]=num:1.5 return[1]=num:-Infinity return[2]=bigint:10n`},
		{`(() => { const o = { a: 1 }; o.self = o; return o; })()`, `return=Object return.a=num:1 return.self=[Ref return]`},
		{`(() => { const s = { k: 1 }; return [s, s]; })()`, `return=Array(2) return[0]=Object return[0].k=num:1 return[1]=[Ref return[0]]`},
		{`new Map([['b', 2], ['a', 1]])`, `return=Map(2) return{str:"b"}=num:2 return{str:"a"}=num:1`},
		{`new Set([3, 1])`, `return=Set(2) return{num:3}=in set return{num:1}=in set`},
		{`new (class Point { constructor() { this.x = 1; } })()`, `return=Point return.x=num:1`},
		{`new Date(0)`, `return=Date(0)`},
		{`new Uint8Array([1, 2])`, `return=Uint8Array return.0=num:1 return.1=num:2`},
		{`function named() {}`, `return=function named`},
		{`Symbol('s')`, `return=symbol:s`},
		{`'x'.repeat(200)`, `return=str(len=200,fnv=`},
		{`Object.create(null)`, `return=Object(null prototype)`},
	}
	var body strings.Builder
	for _, c := range cases {
		body.WriteString("  echo(" + c.expr + ");\n")
	}
	files := map[string]string{
		"package.json":   `{"name":"s","type":"module"}`,
		"src/index.js":   "export function echo(x) { return x; }\n",
		"test/s.test.js": "import test from 'node:test';\nimport { echo } from '../src/index.js';\ntest('s', () => {\n" + body.String() + "});\n",
	}
	root := testrepo.Files(t, files)
	r := newRunnerAt(t, root, []string{"test/s.test.js"}, Options{InProcess: true})
	res := run(t, r, nil, time.Minute)
	if !res.Passed || len(res.Calls) != len(cases) {
		t.Fatalf("want %d calls from a passing run, got %d:\n%s", len(cases), len(res.Calls), res.Output)
	}
	for i, c := range cases {
		got := strings.Join(res.Calls[i].Outcome, " ")
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %s, want %s…", c.expr, got, c.want)
		}
	}
}
