const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp, area } = require('../src/range.js');
test('clamp', () => { assert.equal(clamp(11, 0, 10), 10); });
test('area multiplies', () => { assert.equal(area(2, 3), 6); });
