// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
import { test, expect } from 'vitest';

test('src/load.js#loadHandler resolves to a function as the patched code does', async () => {
  const { loadHandler } = await import('../src/load.js');
  expect(typeof (await loadHandler())).toBe('function');
});
