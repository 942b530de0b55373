'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { fits, pad } = require('@shelf/scoped');
const { unit } = require('@shelf/vendor');

test('fits compares a width with the span', () => {
  assert.strictEqual(fits(3, 2, 5), true);
  assert.strictEqual(fits(4, 2, 5), false);
});

test('pad adds a margin on both sides', () => {
  assert.strictEqual(pad(3), 5);
  assert.strictEqual(pad(unit), 3);
});
