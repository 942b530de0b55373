const test = require('node:test');
const assert = require('node:assert/strict');
const { stats, removeWhere } = require('..'); // the package's main, src/stats.js

test('stats sums', () => {
  assert.equal(stats([1, 2, 3]).total, 6); // the mean is computed, and not checked here
});

test('removeWhere removes in place', () => {
  const list = [1, 2, 3, 4];
  removeWhere(list, (x) => x % 2 === 0); // the removed items are returned, and ignored here
  assert.deepEqual(list, [1, 3]);
});
