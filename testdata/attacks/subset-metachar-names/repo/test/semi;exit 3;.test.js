const test = require('node:test');
const assert = require('node:assert');
const { double } = require('../src/lib.js');
test('doubles', () => { assert.strictEqual(double(3), 6); });
