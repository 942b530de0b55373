import test from 'node:test';
import assert from 'node:assert';
import { sign } from '../src/sign.ts';

test('a positive number is non-negative', () => {
  assert.deepStrictEqual(sign(5), { label: 'non-negative' });
});
