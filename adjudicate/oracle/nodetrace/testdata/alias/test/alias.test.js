const test = require('node:test');
const assert = require('node:assert');
const cookie = require('../src/cookie.js');
const index = require('../src/index.js');

test('the two names are one function', () => {
  assert.strictEqual(cookie.serialize, cookie.stringify);
  assert.strictEqual(index.serialize, cookie.serialize);
  assert.strictEqual(cookie.stringify('a', 'b c'), 'a=b%20c');
});
