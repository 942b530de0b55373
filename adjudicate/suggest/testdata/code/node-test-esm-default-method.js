// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
import { test } from 'node:test';
import { throws } from 'node:assert/strict';

test('src/lib.js#default.parse throws as the patched code does', async () => {
  const mod = await import('../src/lib.js');
  throws(() => mod.default.parse('x'), { name: 'RangeError', message: 'not a port: x', code: 'EPORT' });
});
