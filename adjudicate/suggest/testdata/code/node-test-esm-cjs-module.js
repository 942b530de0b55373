// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
import { test } from 'node:test';
import { deepStrictEqual } from 'node:assert/strict';

test('src/stats.cjs#stats returns the patched value', async () => {
  const { stats } = (await import('../src/stats.cjs')).default;
  deepStrictEqual(stats([1, 2, 3]), { total: 6, mean: 2 });
});
