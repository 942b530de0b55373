import { test } from 'node:test';
import assert from 'node:assert/strict';

test('microtasks before timers, timers in due order', async () => {
  const seen = [];
  setTimeout(() => seen.push('t20'), 20);
  setTimeout(() => seen.push('t10'), 10);
  queueMicrotask(() => seen.push('micro'));
  Promise.resolve().then(() => seen.push('then'));
  process.nextTick(() => seen.push('tick'));
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(seen.slice(-2), ['t10', 't20']);
  assert.ok(seen.indexOf('micro') < seen.indexOf('t10'));
});

test('setInterval runs until cleared', async () => {
  let n = 0;
  await new Promise((resolve) => {
    const h = setInterval(() => {
      n++;
      if (n === 3) {
        clearInterval(h);
        resolve();
      }
    }, 5);
  });
  assert.equal(n, 3);
});

test('clearTimeout cancels', async () => {
  let fired = false;
  const h = setTimeout(() => { fired = true; }, 5);
  clearTimeout(h);
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(fired, false);
});

test('setImmediate passes arguments', async () => {
  const v = await new Promise((r) => setImmediate(r, 'arg'));
  assert.equal(v, 'arg');
});

test('an unref timer does not keep the run alive', () => {
  setTimeout(() => { throw new Error('must not fire'); }, 1e9).unref();
});

test('test timeout option fails a slow test', { timeout: 50 }, async () => {
  await new Promise((r) => setTimeout(r, 1000));
});
