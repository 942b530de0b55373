'use strict';
// The repository's own suite (the task's gate).
const test = require('node:test');
const assert = require('node:assert');
const { shout, greet } = require('../src/greet.js');

test('suite: shout', () => {
  assert.strictEqual(shout('a'), 'A');
});

test('suite: greet names the stranger', () => {
  assert.strictEqual(greet(''), 'hello stranger');
});
