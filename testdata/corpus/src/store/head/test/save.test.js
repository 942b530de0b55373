'use strict';
// The patch's own test: it checks what save stores, never what it returns.
const test = require('node:test');
const assert = require('node:assert');
const { save } = require('../src/store.js');

test('save stores the value under the key', () => {
  const m = new Map();
  save(m, 'a', 1);
  assert.strictEqual(m.get('a'), 1);
});
