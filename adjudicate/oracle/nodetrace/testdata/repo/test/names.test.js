// Calls made inside a suite's test, after an await, and inside a subtest: each names its test.
const { describe, it, test } = require('node:test');
const lib = require('../src/lib.js');

describe('outer', () => {
  it('inner', async () => {
    await null;
    lib.helper(10);
  });
});

test('parent', async (t) => {
  await t.test('child', () => {
    lib.helper(20);
  });
});
