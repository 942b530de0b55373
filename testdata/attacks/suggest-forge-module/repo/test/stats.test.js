const test = require('node:test');
const assert = require('node:assert/strict');
const { stats } = require('../src/stats.js');

test('stats sums', () => {
  assert.equal(stats([1, 2, 3]).total, 6); // the mean is computed, and not checked here
});
