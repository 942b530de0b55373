'use strict';
// The patch's own test: it runs every added line but checks only the prefix.
const test = require('node:test');
const assert = require('node:assert');
const { greet } = require('../src/greet.js');

test('greet says hello to nobody in particular', () => {
  assert.ok(greet('').startsWith('hello'));
});
