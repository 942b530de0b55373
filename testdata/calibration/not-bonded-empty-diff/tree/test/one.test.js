const test = require('node:test');
const assert = require('node:assert/strict');
const { one } = require('../src/one.js');
test('one', () => { assert.equal(one(), 1); });
