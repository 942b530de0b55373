const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/clamp.js');
test('clamp keeps values in range', () => {
  assert.equal(clamp(5, 0, 10), 5);
  assert.equal(clamp(-1, 0, 10), 0);
  assert.equal(clamp(11, 0, 10), 10);
});
