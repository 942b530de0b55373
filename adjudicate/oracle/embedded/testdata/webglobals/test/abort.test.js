'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { run } = require('../src/fetcher.js');

test('a new controller is not aborted', () => {
  const c = new AbortController();
  assert.strictEqual(c.signal.aborted, false);
  assert.strictEqual(c.signal.reason, undefined);
  assert.strictEqual(c.signal.onabort, null);
  assert.strictEqual(Object.prototype.toString.call(c), '[object AbortController]');
  assert.strictEqual(Object.prototype.toString.call(c.signal), '[object AbortSignal]');
  assert.ok(c.signal instanceof AbortSignal);
});

test('abort() sets an AbortError DOMException as the reason', () => {
  const c = new AbortController();
  c.abort();
  const r = c.signal.reason;
  assert.strictEqual(c.signal.aborted, true);
  assert.ok(r instanceof DOMException);
  assert.ok(r instanceof Error);
  assert.strictEqual(r.name, 'AbortError');
  assert.strictEqual(r.message, 'This operation was aborted');
  assert.strictEqual(r.code, 20);
  assert.strictEqual(String(r), 'AbortError: This operation was aborted');
  assert.deepStrictEqual(Object.keys(r), []);
});

test('abort(reason) keeps the reason, and a second abort changes nothing', () => {
  const c = new AbortController();
  const why = new Error('stop');
  c.abort(why);
  c.abort('later');
  assert.strictEqual(c.signal.reason, why);
});

test('listeners and onabort run in the order they were added, once', () => {
  const c = new AbortController();
  const seen = [];
  const f = (e) => seen.push('f ' + e.type + ' ' + (e.target === c.signal));
  c.signal.addEventListener('abort', f);
  c.signal.addEventListener('abort', f); // the same listener is added once
  c.signal.onabort = function (e) { seen.push('on ' + (this === c.signal) + ' ' + e.type); };
  c.signal.addEventListener('abort', () => seen.push('once'), { once: true });
  c.signal.addEventListener('abort', { handleEvent: (e) => seen.push('object ' + e.type) });
  const removed = () => seen.push('removed');
  c.signal.addEventListener('abort', removed);
  c.signal.removeEventListener('abort', removed);
  c.abort();
  c.abort();
  assert.deepStrictEqual(seen, ['f abort true', 'on true abort', 'once', 'object abort']);
});

test('throwIfAborted throws the reason', () => {
  const c = new AbortController();
  c.signal.throwIfAborted();
  c.abort('why');
  assert.throws(() => c.signal.throwIfAborted(), (e) => e === 'why');
});

test('AbortSignal.abort() is already aborted', () => {
  const s = AbortSignal.abort();
  assert.strictEqual(s.aborted, true);
  assert.strictEqual(s.reason.name, 'AbortError');
  assert.strictEqual(AbortSignal.abort(42).reason, 42);
});

test('AbortSignal cannot be constructed', () => {
  assert.throws(() => new AbortSignal(), { name: 'TypeError', code: 'ERR_ILLEGAL_CONSTRUCTOR', message: 'Illegal constructor' });
});

test('AbortSignal.timeout aborts with a TimeoutError on the event loop', async () => {
  const s = AbortSignal.timeout(20);
  assert.strictEqual(s.aborted, false);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.strictEqual(s.aborted, true);
  assert.strictEqual(s.reason.name, 'TimeoutError');
  assert.strictEqual(s.reason.message, 'The operation was aborted due to timeout');
  assert.strictEqual(s.reason.code, 23);
});

test('AbortSignal.timeout validates its delay', () => {
  assert.throws(() => AbortSignal.timeout(-1), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE', message: 'The value of "delay" is out of range. It must be >= 0 && <= 4294967295. Received -1' });
  assert.throws(() => AbortSignal.timeout('a'), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  assert.throws(() => AbortSignal.timeout(1.5), { code: 'ERR_OUT_OF_RANGE' });
});

test('AbortSignal.any follows the first to abort', () => {
  const a = new AbortController(), b = new AbortController();
  const s = AbortSignal.any([a.signal, b.signal]);
  assert.strictEqual(s.aborted, false);
  b.abort('b');
  a.abort('a');
  assert.strictEqual(s.reason, 'b');
});

test('a getter on the wrong this throws ERR_INVALID_THIS', () => {
  assert.throws(() => AbortSignal.prototype.aborted, { code: 'ERR_INVALID_THIS' });
});

test('a task runs to its value without a signal', async () => {
  assert.strictEqual(await run(() => 3), 3);
});

test('a task is cancelled by its signal', async () => {
  const c = new AbortController();
  const p = run(() => 3, { signal: c.signal });
  c.abort();
  await assert.rejects(p, { name: 'AbortError' });
});

test('a task refuses an aborted signal up front', () => {
  assert.throws(() => run(() => 3, { signal: AbortSignal.abort('no') }), (e) => e === 'no');
});

test('a task on a timeout signal', async () => {
  // The task waits far longer than the signal, so which timer fires first never depends on how
  // late a loaded machine's event loop wakes (10 ms against 5 ms once failed under real Node).
  await assert.rejects(run(() => 3, { signal: AbortSignal.timeout(5), delayMs: 5000 }), { name: 'TimeoutError' });
});

test('fails on purpose: the reason is not a string', () => {
  const c = new AbortController();
  c.abort();
  assert.strictEqual(typeof c.signal.reason, 'string');
});
