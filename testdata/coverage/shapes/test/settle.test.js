import { test } from 'node:test';
import assert from 'node:assert';
import { settle } from '../src/settle.js';

test('a throwing call skips the rest of its block', () => {
  const log = [];
  settle(() => { throw new Error('no'); }, log);
  assert.deepStrictEqual(log, ['failed: no']);
});
