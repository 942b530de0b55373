import { test } from 'node:test';
import assert from 'node:assert/strict';

async function* count(n) {
  for (let i = 0; i < n; i++) {
    await null;
    yield i;
  }
}

test('async generators and for await are lowered', async () => {
  const seen = [];
  for await (const v of count(3)) seen.push(v);
  assert.deepEqual(seen, [0, 1, 2]);
});
