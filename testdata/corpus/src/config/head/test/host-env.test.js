'use strict';
// The patch's own test never calls parsePort.
const test = require('node:test');
const assert = require('node:assert');
const { host } = require('../src/config.js');

test('host reads HOST', () => {
  assert.strictEqual(host({ HOST: 'example.org' }), 'example.org');
});
