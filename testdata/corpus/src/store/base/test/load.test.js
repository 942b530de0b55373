'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { load } = require('../src/store.js');

test('load', () => {
  assert.strictEqual(load(new Map([['a', 1]]), 'a'), 1);
});
