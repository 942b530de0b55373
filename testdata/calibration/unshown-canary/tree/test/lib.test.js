const test = require('node:test');
const assert = require('node:assert/strict');
const { half } = require('../dist/lib.js');
test('half halves', () => { assert.equal(half(8), 4); });
