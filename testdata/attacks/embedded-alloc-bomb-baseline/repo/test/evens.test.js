const test = require('node:test');
const assert = require('node:assert/strict');
const { evens } = require('../src/evens.js');
test('doubles the string once per even number below n', () => assert.equal(evens(6), 16));
test('allocates without bound', () => {
  const keep = [];
  for (;;) keep.push(new Uint8Array(1 << 24));
});
