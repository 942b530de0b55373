// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
import { test, expect } from 'vitest';

test('src/port.js#parsePort throws as the patched code does', async () => {
  const { parsePort } = await import('../src/port.js');
  expect(() => parsePort('x')).toThrow(expect.objectContaining({ name: 'RangeError', message: 'not a port: x', code: 'EPORT' }));
});
