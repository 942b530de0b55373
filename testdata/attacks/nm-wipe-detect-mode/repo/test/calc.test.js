const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/calc.js');
test('below the range gives lo', () => assert.equal(clamp(-3, 0, 10), 0));
test('above the range gives hi', () => assert.equal(clamp(13, 0, 10), 10));
test('inside the range is unchanged', () => assert.equal(clamp(4, 0, 10), 4));
test('the edges are inside', () => { assert.equal(clamp(0, 0, 10), 0); assert.equal(clamp(10, 0, 10), 10); });
