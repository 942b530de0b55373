import test from 'node:test';
import assert from 'node:assert/strict';
import util, { promisify, callbackify, types, format, inspect, isDeepStrictEqual, deprecate } from 'node:util';
import { isPromise } from 'node:util/types';

test('format substitutes as Node does', () => {
  assert.equal(format('%s=%d', 'a', 42), 'a=42');
  assert.equal(format('%s', -0), '-0');
  assert.equal(format('%d', '12'), '12');
  assert.equal(format('%i', 3.9), '3');
  assert.equal(format('%f', '1.5x'), '1.5');
  assert.equal(format('%j', { a: [1, 'b'] }), '{"a":[1,"b"]}');
  assert.equal(format('%s', 5n), '5n');
  assert.equal(format('100%% %s', 'sure'), '100% sure');
  assert.equal(format('%s %s', 'only'), 'only %s');
  assert.equal(format('a', 'b', 3), 'a b 3');
  assert.equal(format(1, 'x'), '1 x');
  assert.equal(format('%s', { a: { b: 1 } }), '{ a: [Object] }');
  assert.equal(format('%s', { toString() { return 'custom'; } }), 'custom');
  assert.equal(format('%O', { a: 1 }), '{ a: 1 }');
  const circ = {};
  circ.self = circ;
  assert.equal(format('%j', circ), '[Circular]');
});

test('inspect prints simple values as Node does', () => {
  assert.equal(inspect('it\'s'), '"it\'s"');
  assert.equal(inspect({ a: 1, 'b-c': [1, 2], d: { e: { f: { g: 1 } } } }), "{ a: 1, 'b-c': [ 1, 2 ], d: { e: { f: [Object] } } }");
  assert.equal(inspect(new Map([['k', 1]])), "Map(1) { 'k' => 1 }");
  assert.equal(inspect(new Set([1])), 'Set(1) { 1 }');
  assert.equal(inspect([]), '[]');
  assert.equal(inspect(function named() {}), '[Function: named]');
  assert.equal(inspect(null), 'null');
  assert.equal(inspect(Object.create(null)), '[Object: null prototype] {}');
  assert.equal(inspect({ a: { b: {} } }, { depth: 0 }), '{ a: [Object] }');
  assert.equal(typeof inspect.custom, 'symbol');
});

test('promisify', async () => {
  function legacy(a, b, cb) { setTimeout(() => (a < 0 ? cb(new Error('negative')) : cb(null, a + b)), 1); }
  const p = promisify(legacy);
  assert.equal(p.name, 'legacy');
  assert.equal(await p(1, 2), 3);
  await assert.rejects(p(-1, 2), /negative/);
  function custom() {}
  custom[promisify.custom] = () => Promise.resolve('custom');
  assert.equal(await promisify(custom)(), 'custom');
  assert.equal(promisify(p), p);
  assert.throws(() => promisify(1), { code: 'ERR_INVALID_ARG_TYPE', message: 'The "original" argument must be of type function. Received type number (1)' });
});

test('callbackify', async () => {
  async function add(a, b) { return a + b; }
  const cb = callbackify(add);
  assert.equal(cb.name, 'addCallbackified');
  assert.equal(cb.length, 3);
  const r = await new Promise((resolve) => cb(1, 2, (err, v) => resolve([err, v])));
  assert.deepEqual(r, [null, 3]);
  const falsy = callbackify(() => Promise.reject(null));
  const err = await new Promise((resolve) => falsy((e) => resolve(e)));
  assert.equal(err.code, 'ERR_FALSY_VALUE_REJECTION');
  assert.equal(err.reason, null);
});

test('inherits, deprecate, debuglog', () => {
  function Base() {}
  Base.prototype.hi = function () { return 'hi'; };
  function Sub() {}
  util.inherits(Sub, Base);
  assert.equal(new Sub().hi(), 'hi');
  assert.throws(() => util.inherits(Sub, null), { message: 'The "superCtor" argument must be of type function. Received null' });
  const old = deprecate((x) => x * 2, 'old() is deprecated', 'DEP_X');
  assert.equal(old(2), 4);
  assert.equal(old(3), 6);
  assert.throws(() => deprecate(() => {}, 'm', 5), { code: 'ERR_INVALID_ARG_TYPE' });
  const log = util.debuglog('bondtest');
  assert.equal(log.enabled, false);
  log('quiet');
});

test('types by internal class', () => {
  assert.equal(isPromise(Promise.resolve()), true);
  assert.equal(isPromise({ then() {} }), false);
  assert.equal(types.isDate(new Date()), true);
  assert.equal(types.isDate({ [Symbol.toStringTag]: 'Date' }), false);
  assert.equal(types.isRegExp(/x/), true);
  assert.equal(types.isMap(new Map()), true);
  assert.equal(types.isSet(new Map()), false);
  assert.equal(types.isNativeError(new TypeError('x')), true);
  assert.equal(types.isNativeError({ name: 'Error', message: 'x' }), false);
  assert.equal(types.isAsyncFunction(async () => {}), true);
  assert.equal(types.isGeneratorFunction(function* () {}), true);
  assert.equal(types.isTypedArray(new Uint8Array(2)), true);
  assert.equal(types.isUint8Array(new Int8Array(2)), false);
  assert.equal(types.isArrayBuffer(new ArrayBuffer(1)), true);
  assert.equal(types.isBoxedPrimitive(Object(1)), true);
  assert.equal(types.isProxy(new Proxy({}, {})), true);
  assert.equal(types.isArgumentsObject((function () { return arguments; })()), true);
});

test('isDeepStrictEqual and the deprecated predicates', () => {
  assert.equal(isDeepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), true);
  assert.equal(isDeepStrictEqual({ a: 1 }, { a: '1' }), false);
  assert.equal(util.isArray([]), true);
  assert.equal(util.isPrimitive(null), true);
  assert.equal(util.isError(new RangeError('x')), true);
});

test('a deliberately failing util test', () => {
  assert.equal(format('%d', '7'), '8');
});
