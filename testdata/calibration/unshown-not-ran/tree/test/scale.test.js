const test = require('node:test');
const assert = require('node:assert/strict');
const { double } = require('../src/scale.js');
test('double doubles', () => { assert.equal(double(4), 8); });
