const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/calc.js');
test('below the range gives lo', () => assert.equal(clamp(-3, 0, 10), 0));
test('inside the range is unchanged', () => assert.equal(clamp(4, 0, 10), 4));
