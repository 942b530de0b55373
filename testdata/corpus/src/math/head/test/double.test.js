'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { double } = require('../src/math.js');

test('double', () => {
  assert.strictEqual(double(4), 8);
});
