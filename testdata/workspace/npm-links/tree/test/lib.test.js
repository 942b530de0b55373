'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { clamp, span } = require('lib');

test('clamp keeps a value within bounds', () => {
  assert.strictEqual(clamp(5, 0, 10), 5);
  assert.strictEqual(clamp(-1, 0, 10), 0);
  assert.strictEqual(clamp(11, 0, 10), 10);
});

test('span is the distance between the bounds', () => {
  assert.strictEqual(span(2, 5), 3);
  assert.strictEqual(span(4, 4), 0);
});
