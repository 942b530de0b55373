import { test, describe, it } from 'node:test';
import assert from 'node:assert';

test('passes', () => {});
describe('group', () => {
  it('fails with an assertion', () => {
    assert.strictEqual(1 + 1, 3);
  });
  it('throws', () => {
    throw new TypeError('plain throw');
  });
});
test('async rejection', async () => {
  await Promise.reject(new Error('async boom'));
});
test('timer error belongs to the running test', async () => {
  setTimeout(() => { throw new Error('from a timer'); }, 1);
  await new Promise((r) => setTimeout(r, 10));
});
test('never settles', () => new Promise(() => {}));
test('parent', async (t) => {
  await t.test('child fails', () => { assert.fail('child'); });
});
