// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
const { test } = require('node:test');
const { deepStrictEqual } = require('node:assert/strict');

test('a.js#f\'); process.exit(0); (\' returns the patched value', async () => {
  const { f } = require('../a.js\'); process.exit(0); (\'');
  deepStrictEqual(f([1, 2, 3]), { total: 6, mean: 2 });
});
