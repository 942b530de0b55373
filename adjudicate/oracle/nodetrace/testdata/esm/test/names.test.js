// Calls made inside a suite's test, after an await, and inside a subtest: each names its test.
import { describe, it, test } from 'node:test';
import { obj } from '../src/a.js';

describe('outer', () => {
  it('inner', async () => {
    await null;
    obj.hi(10);
  });
});

test('parent', async (t) => {
  await t.test('child', () => {
    obj.hi(20);
  });
});
