const test = require('node:test');
const assert = require('node:assert');

test.describe('math', () => {
  test.it('adds', () => {
    assert.strictEqual(1 + 1, 2);
  });
  test.it('subtracts wrongly', () => {
    assert.strictEqual(3 - 1, 1, 'three minus one\nis two');
  });
  test.it('is skipped', { skip: 'not yet' }, () => {});
  test.describe('nested', () => {
    test.it('throws', () => {
      throw new TypeError('boom happened');
    });
  });
});

test('top level passes', () => {});
test('top level hangs', { timeout: 50 }, async () => {
  await new Promise((r) => setTimeout(r, 2000));
});
