const test = require('node:test');
const assert = require('node:assert/strict');
const { scale, normalize, register, strict } = require('../src/index.js');

test('scale shifts by one, then multiplies', () => {
  assert.equal(scale(2, 3), 9);
  assert.equal(scale(0, 3), 3);
  assert.throws(() => scale(undefined, 2), TypeError);
});

test('normalize keeps a lower-case name', () => {
  assert.equal(normalize('bob'), 'bob');
});

test('register counts each name once', () => {
  assert.equal(register('ann'), 1);
  assert.equal(register('bea'), 2);
});

test('strict passes a name through', () => {
  assert.equal(strict('cy'), 'cy');
});
