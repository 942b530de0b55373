const test = require('node:test');
const assert = require('node:assert/strict');
const { double } = require('../src/double.js');

test('double', () => {
  assert.equal(double(3), 6);
});
