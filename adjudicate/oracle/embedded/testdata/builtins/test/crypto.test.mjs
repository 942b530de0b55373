import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto, { createHash, randomUUID } from 'node:crypto';

test('hex, base64, base64url and latin1 digests', () => {
  assert.equal(createHash('md5').update('hello').digest('hex'), '5d41402abc4b2a76b9719d911017c592');
  assert.equal(createHash('sha1').update('hello').digest('hex'), 'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d');
  assert.equal(createHash('sha256').update('hello').digest('base64'), 'LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=');
  assert.equal(createHash('sha512').update('hello').digest('base64url').length, 86);
  assert.equal(createHash('md5').update('a').digest('latin1').length, 16);
  assert.equal(createHash('SHA256').update('a').digest('hex'), createHash('sha256').update('a').digest('hex'));
});

test('updates concatenate; strings are UTF-8; typed arrays are their bytes', () => {
  const whole = createHash('sha256').update('héllo wörld').digest('hex');
  assert.equal(createHash('sha256').update('héllo').update(' wörld', 'utf8').digest('hex'), whole);
  const bytes = new TextEncoder().encode('héllo wörld');
  assert.equal(createHash('sha256').update(bytes).digest('hex'), whole);
  const padded = new Uint8Array(bytes.length + 4);
  padded.set(bytes, 2);
  assert.equal(createHash('sha256').update(padded.subarray(2, 2 + bytes.length)).digest('hex'), whole);
  assert.equal(crypto.hash('sha1', 'abc'), 'a9993e364706816aba3e25717850c26c9cd0d89d');
});

test('copy, and a digest is final', () => {
  const h = createHash('sha1').update('ab');
  const c = h.copy();
  assert.equal(h.update('c').digest('hex'), 'a9993e364706816aba3e25717850c26c9cd0d89d');
  assert.equal(c.update('c').digest('hex'), 'a9993e364706816aba3e25717850c26c9cd0d89d');
  assert.throws(() => h.update('x'), { code: 'ERR_CRYPTO_HASH_FINALIZED', message: 'Digest already called' });
  assert.throws(() => h.digest('hex'), { code: 'ERR_CRYPTO_HASH_FINALIZED' });
  assert.throws(() => createHash('md5').update(5), { code: 'ERR_INVALID_ARG_TYPE', message: 'The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type number (5)' });
  assert.throws(() => createHash(5), { code: 'ERR_INVALID_ARG_TYPE' });
});

test('randomUUID is a v4 UUID, unique within a run', () => {
  const re = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const a = randomUUID();
  const b = globalThis.crypto.randomUUID();
  assert.match(a, re);
  assert.match(b, re);
  assert.notEqual(a, b);
  const buf = crypto.getRandomValues(new Uint32Array(4));
  assert.equal(buf.length, 4);
  assert.equal(globalThis.crypto.getRandomValues(new Uint8Array(8)).length, 8);
});

test('a deliberately failing crypto test', () => {
  assert.equal(createHash('md5').update('hello').digest('hex'), 'd41d8cd98f00b204e9800998ecf8427e');
});
