const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/clamp.js');
test('negative numbers are 0', () => { assert.equal(clamp(-5), 0); });
test('small numbers stay', () => { assert.equal(clamp(5), 5); });
