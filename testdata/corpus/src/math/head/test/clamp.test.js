'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { clamp } = require('../src/math.js');

test('clamp keeps values inside the range', () => {
  assert.strictEqual(clamp(5, 0, 10), 5);
});

test('clamp raises low values and lowers high ones', () => {
  assert.strictEqual(clamp(-3, 0, 10), 0);
  assert.strictEqual(clamp(42, 0, 10), 10);
});
