import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chunk, uniq, groupBy, partition, flatten, zip, range, sortBy, countBy, difference, intersection } from '../src/collections.js';

describe('chunk', () => {
  it('even split', () => assert.deepEqual(chunk([1, 2, 3, 4], 2), [[1, 2], [3, 4]]));
  it('remainder', () => assert.deepEqual(chunk([1, 2, 3], 2), [[1, 2], [3]]));
  it('empty', () => assert.deepEqual(chunk([], 3), []));
  it('bad size', () => assert.throws(() => chunk([1], 0), RangeError));
});
describe('uniq', () => {
  it('drops duplicates in order', () => assert.deepEqual(uniq([3, 1, 3, 2, 1]), [3, 1, 2]));
  it('distinguishes types', () => assert.deepEqual(uniq([1, '1']), [1, '1']));
});
describe('groupBy', () => {
  it('by key', () => assert.deepEqual(groupBy([{ k: 'a', v: 1 }, { k: 'b', v: 2 }, { k: 'a', v: 3 }], 'k'), { a: [{ k: 'a', v: 1 }, { k: 'a', v: 3 }], b: [{ k: 'b', v: 2 }] }));
  it('by function', () => assert.deepEqual(groupBy([1, 2, 3, 4], (x) => (x % 2 ? 'odd' : 'even')), { odd: [1, 3], even: [2, 4] }));
  it('empty', () => assert.deepEqual(groupBy([], 'k'), {}));
});
describe('partition', () => {
  it('splits by predicate', () => assert.deepEqual(partition([1, 2, 3, 4], (x) => x > 2), [[3, 4], [1, 2]]));
  it('all false', () => assert.deepEqual(partition([1], () => false), [[], [1]]));
});
describe('flatten', () => {
  it('deep by default', () => assert.deepEqual(flatten([1, [2, [3, [4]]]]), [1, 2, 3, 4]));
  it('one level', () => assert.deepEqual(flatten([1, [2, [3]]], 1), [1, 2, [3]]));
  it('zero depth', () => assert.deepEqual(flatten([[1]], 0), [[1]]));
});
describe('zip', () => {
  it('pairs', () => assert.deepEqual(zip([1, 2], ['a', 'b']), [[1, 'a'], [2, 'b']]));
  it('shortest wins', () => assert.deepEqual(zip([1, 2, 3], ['a']), [[1, 'a']]));
  it('three arrays', () => assert.deepEqual(zip([1], [2], [3]), [[1, 2, 3]]));
});
describe('range', () => {
  it('ascending', () => assert.deepEqual(range(0, 4), [0, 1, 2, 3]));
  it('with step', () => assert.deepEqual(range(0, 10, 3), [0, 3, 6, 9]));
  it('descending', () => assert.deepEqual(range(3, 0, -1), [3, 2, 1]));
  it('empty', () => assert.deepEqual(range(2, 2), []));
  it('zero step', () => assert.throws(() => range(0, 1, 0), /step/));
});
describe('sortBy, countBy, sets', () => {
  it('sorts by key', () => assert.deepEqual(sortBy([{ n: 3 }, { n: 1 }, { n: 2 }], (x) => x.n), [{ n: 1 }, { n: 2 }, { n: 3 }]));
  it('sort is stable', () => assert.deepEqual(sortBy([{ n: 1, i: 0 }, { n: 0, i: 1 }, { n: 1, i: 2 }], (x) => x.n).map((x) => x.i), [1, 0, 2]));
  it('does not mutate', () => { const xs = [2, 1]; sortBy(xs, (x) => x); assert.deepEqual(xs, [2, 1]); });
  it('counts', () => assert.deepEqual(countBy(['a', 'bb', 'cc', 'd'], (s) => s.length), { 1: 2, 2: 2 }));
  it('difference', () => assert.deepEqual(difference([1, 2, 3, 4], [2, 4]), [1, 3]));
  it('intersection', () => assert.deepEqual(intersection([1, 2, 2, 3], [2, 3, 5]), [2, 3]));
  it('intersection empty', () => assert.deepEqual(intersection([1], [2]), []));
});
