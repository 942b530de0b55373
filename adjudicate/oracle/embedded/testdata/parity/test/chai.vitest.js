// chai's assert and expect's language chains as vitest exports them: each pair of tests holds
// one that passes and one that fails, so the parity test compares chai's equality and its
// failure sentences with the real vitest's.
import { assert, describe, expect, test } from 'vitest';

class Point {
  constructor(x) { this.x = x; }
}

describe('assert', () => {
  test('equal is loose', () => { assert.equal(1, '1'); assert.equal(null, undefined); });
  test('equal fails', () => { assert.equal(1, 2); });
  test('strictEqual fails on a loose match', () => { assert.strictEqual(1, '1'); });
  test('notEqual and notStrictEqual', () => { assert.notEqual(1, 2); assert.notStrictEqual(1, '1'); });
  test('notEqual fails', () => { assert.notEqual(1, '1'); });
  test('deepEqual of plain data', () => { assert.deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }); });
  test('deepEqual fails', () => { assert.deepEqual({ a: 1 }, { a: 2 }); });
  test('deepEqual: a class instance and a plain object', () => { assert.deepEqual(new Point(1), { x: 1 }); });
  test('deepEqual: an undefined property counts', () => { assert.deepEqual({ a: undefined }, {}); });
  test('deepEqual: NaN equals NaN, -0 is not +0', () => { assert.deepEqual([NaN], [NaN]); assert.notDeepEqual([-0], [0]); });
  test('deepEqual: Map, Set, Date, RegExp', () => {
    assert.deepEqual(new Map([[1, 'a']]), new Map([[1, 'a']]));
    assert.deepEqual(new Set([1, 2]), new Set([2, 1]));
    assert.deepEqual(new Date(5), new Date(5));
    assert.deepEqual(/a/g, /a/g);
  });
  test('deepEqual fails on a Set', () => { assert.deepEqual(new Set([1]), new Set([2])); });
  test('deepEqual: errors by name and message', () => { assert.deepEqual(new Error('x'), new Error('x')); });
  test('isNaN', () => { assert.isNaN(NaN); assert.isNotNaN(1); });
  test('isNaN fails', () => { assert.isNaN(0); });
  test('isNotNaN fails', () => { assert.isNotNaN(NaN); });
  test('isTrue and isFalse', () => { assert.isTrue(true); assert.isFalse(false); });
  test('isTrue fails', () => { assert.isTrue(1); });
  test('isOk and isNotOk', () => { assert.isOk(1); assert.isNotOk(''); assert.ok('x'); });
  test('isOk fails', () => { assert.isOk(0); });
  test('isNull and isUndefined', () => { assert.isNull(null); assert.isUndefined(undefined); assert.isDefined(0); assert.isNotNull(0); });
  test('isNull fails', () => { assert.isNull(0); });
  test('isDefined fails', () => { assert.isDefined(undefined); });
  test('a message of the test', () => { assert.strictEqual('a', 'b', 'letters'); });
  test('assert itself', () => { assert(1); });
});

describe('expect chains', () => {
  test('to.equal is strict', () => { expect('a').to.equal('a'); expect(1).to.not.equal('1'); });
  test('to.equal fails', () => { expect(1).to.equal(2); });
  test('to.be.equal through chains', () => { expect(3).to.be.equal(3); expect(3).is.eq(3); });
  test('not.to.equal fails', () => { expect(1).not.to.equal(1); });
  test('to.deep.equal', () => { expect({ a: [1] }).to.deep.equal({ a: [1] }); expect([1, 2]).to.eql([1, 2]); });
  test('to.deep.equal fails', () => { expect({ a: [1] }).to.deep.equal({ a: [2] }); });
  test('to.equal of objects is identity', () => { expect({}).to.equal({}); });
  test('to.eql fails', () => { expect('x').to.eql('y'); });
  test('a and an by type', () => {
    expect([1]).to.be.an('array'); expect('s').to.be.a('string'); expect(null).to.be.a('null');
    expect(new Map()).to.be.a('Map'); expect({}).to.be.an('object'); expect(1).to.not.be.a('string');
    expect([1]).to.be.an('array').that.is.not.empty;
  });
  test('an fails', () => { expect({}).to.be.an('array'); });
  test('not.a fails', () => { expect(1).not.to.be.a('number'); });
  test('empty', () => {
    expect([]).to.be.empty; expect('').to.be.empty; expect(new Set()).to.be.empty; expect({}).to.be.empty;
    expect({ a: 1 }).not.to.be.empty; expect(new Map([[1, 2]])).to.not.be.empty;
  });
  test('empty fails', () => { expect([1]).to.be.empty; });
  test('not.empty fails', () => { expect('').to.not.be.empty; });
});
