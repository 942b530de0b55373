// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
const { test } = require('node:test');
const { deepStrictEqual } = require('node:assert/strict');

test('src/stats.js#stats returns the patched value', async () => {
  const { stats } = require('../src/stats.js');
  deepStrictEqual(stats([1, 2, 3]), { total: 6, mean: 2 });
});
