import { test, describe, it, before, after, beforeEach, afterEach, mock } from 'node:test';
import assert from 'node:assert/strict';

const log = [];

describe('suite', () => {
  before(() => log.push('before'));
  beforeEach(() => log.push('beforeEach'));
  afterEach(() => log.push('afterEach'));
  after(() => log.push('after'));

  it('first', () => log.push('first'));
  it('second', async () => {
    await new Promise((r) => setTimeout(r, 5));
    log.push('second');
  });
  it.skip('skipped', () => { throw new Error('must not run'); });
  it.todo('todo that fails', () => { throw new Error('todo failures do not count'); });
  it('done callback', (t, done) => {
    setImmediate(() => { log.push('done'); done(); });
  });
  describe('nested', () => {
    it('inner', () => log.push('inner'));
  });
});

test('hooks ran in order', () => {
  assert.deepEqual(log, ['before', 'beforeEach', 'first', 'afterEach', 'beforeEach', 'second', 'afterEach', 'beforeEach', 'afterEach',
    'beforeEach', 'done', 'afterEach', 'beforeEach', 'inner', 'afterEach', 'after']);
});

test('subtests', async (t) => {
  const order = [];
  await t.test('a', () => order.push('a'));
  await t.test('b', async () => { await null; order.push('b'); });
  assert.deepEqual(order, ['a', 'b']);
});

test('skip from inside', (t) => {
  t.skip('not today');
});

test('option skip', { skip: true }, () => { throw new Error('must not run'); });

test.only('only runs like any test', () => {});

test('mock.fn records calls', () => {
  const f = mock.fn((x) => x * 2);
  assert.equal(f(2), 4);
  assert.equal(f.mock.callCount(), 1);
  assert.deepEqual(f.mock.calls[0].arguments, [2]);
});

test('mock.method restores', (t) => {
  const obj = { v: () => 1 };
  t.mock.method(obj, 'v', () => 2);
  assert.equal(obj.v(), 2);
});

test('rejected promises fail the test they belong to', async () => {
  await assert.rejects(Promise.reject(new Error('x')), /x/);
});
