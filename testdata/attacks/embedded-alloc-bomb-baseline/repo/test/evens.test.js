const test = require('node:test');
const assert = require('node:assert/strict');
const { evens } = require('../src/evens.js');
test('doubles the string once per even number below n', () => assert.equal(evens(6), 16));
test('allocates without bound', () => {
  let s = 'bomb';
  for (;;) s += s;
});
