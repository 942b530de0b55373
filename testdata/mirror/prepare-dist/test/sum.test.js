const test = require('node:test');
const assert = require('node:assert/strict');
const { sum } = require('../src/sum.js');
test('sum gives a number (a weak oracle: the suite must be asked)', () => { assert.equal(typeof sum([1, -2, 3]), 'number'); });
