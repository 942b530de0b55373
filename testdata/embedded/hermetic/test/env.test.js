const test = require('node:test');
const assert = require('node:assert/strict');

test('process.env is empty', () => {
  assert.equal(typeof process.env, 'object');
  assert.deepEqual(Object.keys(process.env), []);
  assert.equal(process.env.HOME, undefined);
  assert.equal(process.env.PATH, undefined);
});

test('no fs, net or child_process at run time', () => {
  for (const name of ['fs', 'node:fs', 'net', 'child_process', 'http', 'os']) {
    const dyn = [name][0]; // not a literal: the bundler cannot see it
    assert.throws(() => require(dyn), { code: 'MODULE_NOT_FOUND' });
  }
});

test('no host globals', () => {
  for (const g of ['fetch', 'XMLHttpRequest', 'WebSocket', 'Buffer', 'Deno', 'Bun']) {
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
