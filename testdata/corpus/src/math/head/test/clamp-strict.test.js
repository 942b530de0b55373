'use strict';
// A test the patch does not satisfy: the oracle-red task uses it as its oracle.
const test = require('node:test');
const assert = require('node:assert');
const { clamp } = require('../src/math.js');

test('clamp refuses an empty range', () => {
  assert.throws(() => clamp(5, 10, 0), RangeError);
});
