'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { shout } = require('../src/greet.js');

test('shout', () => {
  assert.strictEqual(shout('hi'), 'HI');
});
