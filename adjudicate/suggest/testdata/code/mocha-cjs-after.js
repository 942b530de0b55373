// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
const { deepStrictEqual } = require('node:assert/strict');

it('src/list.js#removeAbove returns the patched value', async () => {
  const { removeAbove } = require('../src/list.js');
  const arg1 = [1, 2, 3, 4];
  deepStrictEqual(removeAbove(arg1, 5), [2, 4]);
  deepStrictEqual(arg1, [1, 3]);
});
