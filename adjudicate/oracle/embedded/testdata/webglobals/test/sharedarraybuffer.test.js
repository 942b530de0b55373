'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { types } = require('node:util');

test('constructs with a length', () => {
  const b = new SharedArrayBuffer(4);
  assert.strictEqual(b.byteLength, 4);
  assert.strictEqual(b.growable, false);
  assert.strictEqual(b.maxByteLength, 4);
  assert.strictEqual(Object.prototype.toString.call(b), '[object SharedArrayBuffer]');
  assert.strictEqual(b instanceof SharedArrayBuffer, true);
  assert.strictEqual(b instanceof ArrayBuffer, false);
  assert.strictEqual(ArrayBuffer.isView(b), false);
  assert.strictEqual(Object.getPrototypeOf(SharedArrayBuffer.prototype), Object.prototype);
});

test('typed arrays and DataViews view it', () => {
  const b = new SharedArrayBuffer(8);
  const u = new Uint8Array(b);
  u[0] = 7;
  assert.strictEqual(u.buffer, b);
  assert.strictEqual(new Uint8Array(b)[0], 7);
  new DataView(b).setUint16(2, 0x0102);
  assert.deepStrictEqual(Array.from(u), [7, 0, 1, 2, 0, 0, 0, 0]);
  assert.strictEqual(new Uint32Array(b, 4, 1).length, 1);
});

test('slice copies into a new SharedArrayBuffer', () => {
  const b = new SharedArrayBuffer(4);
  new Uint8Array(b).set([1, 2, 3, 4]);
  const s = b.slice(1, 3);
  assert.ok(s instanceof SharedArrayBuffer);
  assert.strictEqual(s.byteLength, 2);
  assert.deepStrictEqual(Array.from(new Uint8Array(s)), [2, 3]);
  new Uint8Array(s)[0] = 9;
  assert.strictEqual(new Uint8Array(b)[1], 2);
  assert.strictEqual(b.slice(-1).byteLength, 1);
});

test('util.types tells it from an ArrayBuffer', () => {
  const b = new SharedArrayBuffer(1);
  assert.strictEqual(types.isSharedArrayBuffer(b), true);
  assert.strictEqual(types.isArrayBuffer(b), false);
  assert.strictEqual(types.isAnyArrayBuffer(b), true);
  assert.strictEqual(types.isSharedArrayBuffer(new ArrayBuffer(1)), false);
  assert.strictEqual(types.isArrayBuffer(new ArrayBuffer(1)), true);
});

test('the constructor needs new and a valid length', () => {
  assert.throws(() => SharedArrayBuffer(2), { name: 'TypeError' });
  assert.throws(() => new SharedArrayBuffer(-1), { name: 'RangeError' });
  assert.strictEqual(new SharedArrayBuffer().byteLength, 0);
});

test('a Buffer over it', () => {
  const b = new SharedArrayBuffer(3);
  const buf = Buffer.from(b);
  buf[0] = 65;
  assert.strictEqual(new Uint8Array(b)[0], 65);
});

test('an ArrayBuffer is fixed-length', () => {
  const b = new ArrayBuffer(4);
  assert.strictEqual(b.resizable, false);
  assert.strictEqual(b.maxByteLength, 4);
  assert.throws(() => b.resize(8), { name: 'TypeError' });
  const resizable = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'resizable').get;
  const growable = Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'growable').get;
  assert.throws(() => resizable.call(new SharedArrayBuffer(1)), { name: 'TypeError' });
  assert.throws(() => growable.call(new ArrayBuffer(1)), { name: 'TypeError' });
  assert.throws(() => resizable.call({}), { name: 'TypeError' });
});

test('the ArrayBuffer constructor is the one typed arrays name', () => {
  const b = new Uint8Array(2).buffer;
  assert.strictEqual(b.constructor, ArrayBuffer);
  assert.ok(b instanceof ArrayBuffer);
  assert.strictEqual(Object.getPrototypeOf(b), ArrayBuffer.prototype);
  assert.strictEqual(ArrayBuffer.name, 'ArrayBuffer');
  assert.strictEqual(ArrayBuffer.length, 1);
  assert.strictEqual(ArrayBuffer[Symbol.species], ArrayBuffer);
  assert.throws(() => ArrayBuffer(2), { name: 'TypeError' });
  assert.ok(new Uint8Array(4).slice(1).buffer instanceof ArrayBuffer);
  class Sub extends ArrayBuffer {}
  const s = new Sub(3);
  assert.ok(s instanceof Sub && s instanceof ArrayBuffer);
  assert.strictEqual(s.byteLength, 3);
  assert.strictEqual(new Uint8Array(s).length, 3);
  assert.strictEqual(ArrayBuffer.isView(new DataView(new ArrayBuffer(1))), true);
});

test('TextDecoder decodes a SharedArrayBuffer', () => {
  const b = new SharedArrayBuffer(2);
  new Uint8Array(b).set([104, 105]);
  assert.strictEqual(new TextDecoder().decode(b), 'hi');
});

test('fails on purpose: a SharedArrayBuffer is not an ArrayBuffer', () => {
  assert.ok(new SharedArrayBuffer(1) instanceof ArrayBuffer);
});
