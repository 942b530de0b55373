const assert = require('node:assert');

describe('math', () => {
  it('adds', () => {
    assert.strictEqual(1 + 1, 2);
  });
  it('subtracts wrongly', () => {
    assert.strictEqual(3 - 1, 1, 'three minus one\nis two');
  });
  it.skip('is skipped', () => {});
  describe('nested', () => {
    it('throws', () => {
      throw new TypeError('boom happened');
    });
  });
});

it('top level passes', () => {});
it('top level hangs', async function () {
  this.timeout(50);
  await new Promise((r) => setTimeout(r, 2000));
});
