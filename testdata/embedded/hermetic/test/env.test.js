const test = require('node:test');
const assert = require('node:assert/strict');

test('process.env is empty', () => {
  assert.equal(typeof process.env, 'object');
  assert.deepEqual(Object.keys(process.env), []);
  assert.equal(process.env.HOME, undefined);
  assert.equal(process.env.PATH, undefined);
});

test('no net or child_process at run time, and fs only read-only', () => {
  for (const name of ['net', 'child_process', 'http', 'zlib']) {
    const dyn = [name][0]; // not a literal: the bundler cannot see it
    assert.throws(() => require(dyn), { code: 'MODULE_NOT_FOUND' });
  }
  // node:fs reads the repository (fs.go); nothing in it writes.
  const fs = require(['node:fs'][0]);
  assert.equal(typeof fs.readFileSync, 'function');
  assert.equal(Object.getOwnPropertyDescriptor(fs, 'writeFileSync').get !== undefined, true);
});

test('no host globals', () => {
  for (const g of ['fetch', 'XMLHttpRequest', 'WebSocket', 'Deno', 'Bun']) {
    assert.equal(typeof globalThis[g], 'undefined', g);
  }
  assert.throws(() => process.exit(1), /not available/);
});

test('eval and new Function read no source map from disk', () => {
  assert.equal(new Function('return 1\n//# sourceMappingURL=/dev/zero')(), 1);
  assert.equal((0, eval)('2\n//# sourceMappingURL=/etc/passwd'), 2);
});

test('a busy-wait on Date.now ends', () => {
  const t0 = Date.now();
  while (Date.now() - t0 < 50) { /* spin */ }
  assert.ok(Date.now() - t0 >= 50);
});

test('pure web globals', () => {
  assert.deepEqual(Array.from(new TextEncoder().encode('é€')), [195, 169, 226, 130, 172]);
  assert.equal(new TextDecoder().decode(new Uint8Array([195, 169, 226, 130, 172])), 'é€');
  assert.equal(btoa('bond?'), 'Ym9uZD8=');
  assert.equal(atob('Ym9uZD8='), 'bond?');
  const src = { d: new Date(5), m: new Map([[1, { a: [1] }]]), s: new Set([2]) };
  src.self = src;
  const c = structuredClone(src);
  assert.notEqual(c, src);
  assert.equal(c.self, c);
  assert.deepEqual(c.m.get(1), { a: [1] });
  assert.equal(c.d.getTime(), 5);
  assert.throws(() => structuredClone(() => 1), { name: 'DataCloneError' });
});
