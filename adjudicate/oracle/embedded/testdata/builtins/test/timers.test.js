const test = require('node:test');
const assert = require('node:assert');
const timers = require('node:timers');
const { setTimeout: sleep, setImmediate: tick, setInterval: every, scheduler } = require('node:timers/promises');

test('node:timers holds the global timer functions', () => {
  assert.strictEqual(timers.setTimeout, setTimeout);
  assert.strictEqual(timers.clearInterval, clearInterval);
  assert.strictEqual(require('timers'), timers);
  assert.strictEqual(timers.promises, require('timers/promises'));
});

test('timers from the module fire in due order', async () => {
  const seen = [];
  timers.setTimeout(() => seen.push(20), 20);
  timers.setTimeout(() => seen.push(10), 10);
  const h = timers.setTimeout(() => seen.push('never'), 5);
  timers.clearTimeout(h);
  await sleep(30);
  assert.deepStrictEqual(seen, [10, 20]);
});

test('timers/promises setTimeout resolves with its value', async () => {
  const started = Date.now();
  const v = await sleep(50, 'done');
  assert.strictEqual(v, 'done');
  assert.ok(Date.now() - started >= 49);
});

test('timers/promises setImmediate resolves with its value', async () => {
  assert.strictEqual(await tick(7), 7);
  assert.strictEqual(await tick(), undefined);
});

test('timers/promises rejects bad options', async () => {
  await assert.rejects(sleep(1, 'x', 'nope'), { code: 'ERR_INVALID_ARG_TYPE', message: /The "options" argument must be of type object/ });
  await assert.rejects(sleep(1, 'x', { ref: 1 }), { code: 'ERR_INVALID_ARG_TYPE', message: 'The "options.ref" property must be of type boolean. Received type number (1)' });
});

test('an unref\'d timer does not hold the test open', async () => {
  sleep(100000, null, { ref: false });
  await sleep(1);
});

test('setInterval as an async iterator', async () => {
  const got = [];
  for await (const v of every(10, 'tick')) {
    got.push(v);
    if (got.length === 3) break;
  }
  assert.deepStrictEqual(got, ['tick', 'tick', 'tick']);
});

test('scheduler.wait waits', async () => {
  const before = Date.now();
  await scheduler.wait(25);
  assert.ok(Date.now() - before >= 24);
});

test('util.promisify(setTimeout) is timers/promises.setTimeout', async () => {
  const { promisify } = require('node:util');
  const wait = promisify(setTimeout);
  assert.strictEqual(wait, sleep);
  assert.strictEqual(promisify(setImmediate), tick);
  assert.strictEqual(await wait(5, 'later'), 'later');
});

test('a deliberately failing timer test', async () => {
  const v = await sleep(5, 1);
  assert.strictEqual(v, 2);
});
