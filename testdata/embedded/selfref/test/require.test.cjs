// The same self-reference required: the "require" condition picks the CommonJS target.
const assert = require('node:assert/strict');
const test = require('node:test');
const { kind } = require('selfref/kind');

test('a require picks the require target', () => {
  assert.equal(kind, 'require');
});
