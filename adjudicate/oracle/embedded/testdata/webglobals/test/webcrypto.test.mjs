import test from 'node:test';
import assert from 'node:assert';
import { webcrypto, getRandomValues as moduleGetRandomValues, randomUUID } from 'node:crypto';

test('webcrypto is the global crypto', () => {
  assert.strictEqual(webcrypto, globalThis.crypto);
  assert.strictEqual(Object.prototype.toString.call(crypto), '[object Crypto]');
});

test('getRandomValues fills and returns the array', () => {
  for (const T of [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array]) {
    const a = new T(64);
    assert.strictEqual(webcrypto.getRandomValues(a), a);
    assert.ok(Array.from(a).some((x) => x != 0), T.name + ' was left all zero'); // eslint-disable-line eqeqeq
  }
});

test('getRandomValues of a view fills only its bytes', () => {
  const buf = new Uint8Array(16);
  crypto.getRandomValues(new Uint8Array(buf.buffer, 4, 8));
  assert.deepStrictEqual(Array.from(buf.slice(0, 4)), [0, 0, 0, 0]);
  assert.deepStrictEqual(Array.from(buf.slice(12)), [0, 0, 0, 0]);
});

test('getRandomValues takes up to 65536 bytes', () => {
  assert.strictEqual(crypto.getRandomValues(new Uint8Array(65536)).length, 65536);
  assert.throws(() => crypto.getRandomValues(new Uint8Array(65537)), (e) => e instanceof DOMException && e.name === 'QuotaExceededError' && e.code === 22 && e.message === 'The requested length exceeds 65,536 bytes');
  assert.throws(() => crypto.getRandomValues(new Uint32Array(16385)), { name: 'QuotaExceededError' });
});

test('getRandomValues refuses what is not an integer typed array', () => {
  for (const v of [new Float32Array(2), new Float64Array(1), new DataView(new ArrayBuffer(2)), [1, 2]]) {
    assert.throws(() => crypto.getRandomValues(v), (e) => e instanceof DOMException && e.name === 'TypeMismatchError' && e.code === 17 && e.message === 'The data argument must be an integer-type TypedArray');
  }
  assert.throws(() => crypto.getRandomValues(), { name: 'TypeError', code: 'ERR_MISSING_ARGS' });
});

test('the global methods need crypto as this, the module function does not', () => {
  const detached = crypto.getRandomValues;
  assert.throws(() => detached(new Uint8Array(2)), { code: 'ERR_INVALID_THIS', message: 'Value of "this" must be of type Crypto' });
  const uuid = crypto.randomUUID;
  assert.throws(() => uuid(), { code: 'ERR_INVALID_THIS' });
  assert.strictEqual(moduleGetRandomValues(new Uint8Array(2)).length, 2);
});

test('randomUUID is a version 4 UUID, new each call', () => {
  const re = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const a = crypto.randomUUID(), b = webcrypto.randomUUID(), c = randomUUID();
  assert.match(a, re);
  assert.match(b, re);
  assert.match(c, re);
  assert.notStrictEqual(a, b);
});

test('fails on purpose: a UUID is not 32 characters', () => {
  assert.strictEqual(crypto.randomUUID().length, 32);
});
