import { test } from 'node:test';
import assert from 'node:assert/strict';

test('ES modules run in strict mode', () => {
  assert.equal((function () { return this; })(), undefined);
  assert.throws(() => { undeclaredVariable = 1; }, ReferenceError); // eslint-disable-line no-undef
});
