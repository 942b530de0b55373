const test = require('node:test');
const assert = require('node:assert/strict');
const { sign } = require('../src/sign.js');
test('negative numbers are -1', () => { assert.equal(sign(-5), -1); });
test('positive numbers and zero are 1', () => { assert.equal(sign(5), 1); assert.equal(sign(0), 1); });
