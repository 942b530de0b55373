import { test } from 'node:test';
import assert from 'node:assert';
import { initials, clamp } from '../src/name.ts';

test('initials of one name', () => {
  assert.strictEqual(initials('grace'), 'G');
});

test('clamp above the limit', () => {
  assert.strictEqual(clamp(9, 5), 5);
});

test('clamp below the limit', () => {
  assert.strictEqual(clamp(2, 5), 2);
});
