'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { total } = require('lib');

test('total adds the items', () => {
  assert.strictEqual(total([1, 2, 3]), 6);
  assert.strictEqual(total([]), 0);
});
