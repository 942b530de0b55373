const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp, record, area } = require('../src/range.js');
test('clamp keeps values in range', () => { assert.equal(clamp(5, 0, 10), 5); assert.equal(clamp(-1, 0, 10), 0); });
test('record accepts a value', () => { record(3); });
test('area is defined', () => { assert.ok(area(2, 3) !== null); });
