'use strict';
const test = require('node:test');
const assert = require('node:assert');

test('a DOMException by name', () => {
  const e = new DOMException('m', 'DataCloneError');
  assert.strictEqual(e.name, 'DataCloneError');
  assert.strictEqual(e.message, 'm');
  assert.strictEqual(e.code, 25);
  assert.strictEqual(Object.getPrototypeOf(DOMException.prototype), Error.prototype);
  assert.strictEqual(e.hasOwnProperty('message'), false);
  assert.strictEqual(e.stack.split('\n')[0], 'DataCloneError: m');
});

test('the defaults and an unknown name', () => {
  const e = new DOMException();
  assert.strictEqual(e.name, 'Error');
  assert.strictEqual(e.message, '');
  assert.strictEqual(e.code, 0);
  assert.strictEqual(new DOMException('x', 'Weird').code, 0);
});

test('options with a cause', () => {
  const e = new DOMException('m', { name: 'TimeoutError', cause: 1 });
  assert.strictEqual(e.name, 'TimeoutError');
  assert.strictEqual(e.code, 23);
  assert.strictEqual(e.cause, 1);
});

test('the legacy constants', () => {
  assert.strictEqual(DOMException.ABORT_ERR, 20);
  assert.strictEqual(DOMException.TIMEOUT_ERR, 23);
  assert.strictEqual(new DOMException().DATA_CLONE_ERR, 25);
});

test('fails on purpose: a DOMException is not a TypeError', () => {
  assert.ok(new DOMException('m') instanceof TypeError);
});
