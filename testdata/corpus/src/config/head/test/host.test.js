'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { host } = require('../src/config.js');

test('host defaults to localhost', () => {
  assert.strictEqual(host({}), 'localhost');
});
