const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/clamp.js');

test('below the range gives lo', () => { assert.equal(clamp(-5, 0, 10), 0); });
test('above the range gives hi', () => { assert.equal(clamp(50, 0, 10), 10); });
test('inside the range is unchanged', () => { assert.equal(clamp(5, 0, 10), 5); });
