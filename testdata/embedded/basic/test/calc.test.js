import { test, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classify, add, total } from '../src/calc.js';

describe('calc', () => {
  it('adds', () => {
    assert.equal(add(2, 3), 5);
  });
  it('classifies non-negative numbers', () => {
    assert.equal(classify(4), 'non-negative');
  });
});

test('total', () => {
  assert.deepEqual(total([1, 2, 3]), { sum: 6, count: 3 });
});
