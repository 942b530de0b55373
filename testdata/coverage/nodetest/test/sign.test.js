const test = require('node:test');
const assert = require('node:assert');
const { sign } = require('../src/sign.js');

test('a positive number is non-negative', () => {
  assert.strictEqual(sign(5), 'non-negative');
});
