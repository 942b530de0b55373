import assert from 'node:assert/strict';
import { scale, removeWhere, summary } from '../src/index.js';

describe('the value fixture', () => {
  it('scale shifts by one, then multiplies', () => {
    assert.equal(scale(2, 3), 9);
    assert.equal(scale(0, 3), 3);
    assert.equal(scale(-0, 2), 2);
    assert.throws(() => scale(undefined, 2), TypeError);
  });

  it('removeWhere removes in place', () => {
    const list = [1, 2, 3, 4];
    removeWhere(list, (x) => x % 2 === 0); // what it returns is ignored here
    assert.deepEqual(list, [1, 3]);
  });

  it('summary counts items', () => {
    const s = summary([{ qty: 0 }, { qty: 2 }, {}]);
    assert.equal(s.count, 3);
    assert.equal(s.heavy, false);
  });
});
