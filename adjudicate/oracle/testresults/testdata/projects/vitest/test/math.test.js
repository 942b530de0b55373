import { describe, test, expect } from 'vitest';
describe('math', () => {
  test('adds', () => {
    expect(1 + 1).toBe(2);
  });
  test('subtracts wrongly', () => {
    expect(3 - 1).toBe(1);
  });
  test.skip('is skipped', () => {});
  describe('nested', () => {
    test('throws', () => {
      throw new TypeError('boom happened');
    });
  });
});

test('top level passes', () => {});
test('top level hangs', async () => {
  await new Promise((r) => setTimeout(r, 2000));
}, 50);
