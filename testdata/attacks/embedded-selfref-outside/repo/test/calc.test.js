import assert from 'node:assert/strict';
import test from 'node:test';
import { clamp } from 'selfref-outside';
import { token } from 'selfref-outside/settings';

test('clamps', () => {
  assert.equal(clamp(5, 0, 3), 3);
  assert.equal(clamp(-1, 0, 3), 0);
  console.log(token);
});
