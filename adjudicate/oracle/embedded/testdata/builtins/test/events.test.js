const test = require('node:test');
const assert = require('node:assert/strict');
const EventEmitter = require('node:events');
const { once, errorMonitor } = require('events');
const util = require('node:util');
const { Queue } = require('../src/queue');

test('the module is the class', () => {
  assert.equal(EventEmitter.EventEmitter, EventEmitter);
  assert.equal(typeof EventEmitter.once, 'function');
  assert.equal(EventEmitter.defaultMaxListeners, 10);
});

test('on, emit with arguments and this, return values', () => {
  const e = new EventEmitter();
  const calls = [];
  assert.equal(e.emit('x'), false);
  e.on('x', function (a, b) { calls.push([this === e, a, b]); });
  assert.equal(e.emit('x', 1, 2), true);
  assert.deepEqual(calls, [[true, 1, 2]]);
});

test('listener order, prependListener, once and rawListeners', () => {
  const e = new EventEmitter();
  const seen = [];
  const a = () => seen.push('a');
  const b = () => seen.push('b');
  e.on('x', a);
  e.once('x', b);
  e.prependListener('x', () => seen.push('first'));
  e.prependOnceListener('x', () => seen.push('zero'));
  assert.equal(e.listenerCount('x'), 4);
  assert.equal(e.listenerCount('x', b), 1);
  assert.equal(e.rawListeners('x')[3].listener, b);
  assert.equal(e.listeners('x')[3], b);
  e.emit('x');
  e.emit('x');
  assert.deepEqual(seen, ['zero', 'first', 'a', 'b', 'first', 'a']);
  assert.equal(e.listenerCount('x'), 2);
});

test('a listener added or removed during emit', () => {
  const e = new EventEmitter();
  const seen = [];
  const b = () => seen.push('b');
  e.on('x', () => { seen.push('a'); e.removeListener('x', b); e.on('x', () => seen.push('c')); });
  e.on('x', b);
  e.emit('x');
  assert.deepEqual(seen, ['a', 'b']);
  e.emit('x');
  assert.deepEqual(seen, ['a', 'b', 'a', 'c']);
});

test('newListener and removeListener events', () => {
  const e = new EventEmitter();
  const log = [];
  e.on('newListener', (name, fn) => log.push(['new', name, fn.name]));
  e.on('removeListener', (name, fn) => log.push(['remove', name, fn.name]));
  function hello() {}
  e.once('hi', hello);
  e.off('hi', hello);
  assert.deepEqual(log, [['new', 'removeListener', ''], ['new', 'hi', 'hello'], ['remove', 'hi', 'hello']]);
  assert.deepEqual(e.eventNames(), ['newListener', 'removeListener']);
  e.removeAllListeners();
  assert.deepEqual(e.eventNames(), []);
});

test('the error event', () => {
  const e = new EventEmitter();
  const boom = new Error('boom');
  assert.throws(() => e.emit('error', boom), (err) => err === boom);
  assert.throws(() => e.emit('error', 'text'), { code: 'ERR_UNHANDLED_ERROR', message: "Unhandled error. ('text')", context: 'text' });
  assert.throws(() => e.emit('error'), { message: 'Unhandled error. (undefined)' });
  const seen = [];
  e.on(errorMonitor, (err) => seen.push('monitor ' + err.message));
  assert.throws(() => e.emit('error', boom));
  e.on('error', (err) => seen.push('handled ' + err.message));
  assert.equal(e.emit('error', boom), true);
  assert.deepEqual(seen, ['monitor boom', 'monitor boom', 'handled boom']);
});

test('argument validation', () => {
  const e = new EventEmitter();
  assert.throws(() => e.on('x', 'nope'), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE', message: 'The "listener" argument must be of type function. Received type string (\'nope\')' });
  assert.throws(() => e.setMaxListeners(-1), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE' });
  assert.equal(e.setMaxListeners(1).getMaxListeners(), 1);
  e.on('y', () => {}).on('y', () => {});
  assert.equal(e.listenerCount('y'), 2);
});

test('old-style subclass with util.inherits', () => {
  function Old() { EventEmitter.call(this); this.name = 'old'; }
  util.inherits(Old, EventEmitter);
  const o = new Old();
  let got;
  o.on('ping', (v) => { got = v; });
  o.emit('ping', 42);
  assert.equal(got, 42);
  assert.equal(Old.super_, EventEmitter);
  assert.ok(o instanceof EventEmitter);
});

test('events.once resolves with the arguments, rejects on error', async () => {
  const e = new EventEmitter();
  setTimeout(() => e.emit('ready', 1, 2), 5);
  assert.deepEqual(await once(e, 'ready'), [1, 2]);
  setTimeout(() => e.emit('error', new Error('bad')), 5);
  await assert.rejects(once(e, 'ready'), /bad/);
  assert.equal(e.listenerCount('ready'), 0);
  assert.equal(e.listenerCount('error'), 0);
});

test('a queue that emits job, error and drain', async () => {
  const q = new Queue(10);
  const results = [];
  const errors = [];
  q.on('job', (r) => results.push(r));
  q.on('error', (err) => errors.push(err.message));
  q.push(() => 1).push(() => { throw new Error('job failed'); }).push(() => 3);
  // events.once(q, 'drain') would reject on the job's 'error': it listens for both.
  await new Promise((resolve) => q.once('drain', resolve));
  assert.deepEqual(results, [1, 3]);
  assert.deepEqual(errors, ['job failed']);
});

test('a deliberately failing events test', () => {
  const e = new EventEmitter();
  e.once('x', () => {});
  e.emit('x');
  assert.equal(e.listenerCount('x'), 1);
});
