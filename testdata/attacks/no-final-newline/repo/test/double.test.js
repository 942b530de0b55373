const test = require('node:test');
const assert = require('node:assert/strict');
const { double } = require('../src/double.js');
test('doubles', () => assert.equal(double(4), 8));
