const test = require('node:test');
const assert = require('node:assert/strict');
const { sum } = require('../dist/sum.js');
test('the built sum adds', () => { assert.equal(sum([2, 3]), 5); });
