import { test } from 'node:test';
import assert from 'node:assert';
import { initials, clamp } from '../src/name.ts';

test('initials of a full name', () => {
  assert.strictEqual(initials('ada lovelace'), 'AL');
});

test('clamp at the limit', () => {
  assert.strictEqual(clamp(5, 5), 5);
});
