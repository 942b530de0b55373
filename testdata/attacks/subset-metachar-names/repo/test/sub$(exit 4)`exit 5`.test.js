const test = require('node:test');
const assert = require('node:assert');
const { half } = require('../src/lib.js');
test('halves', () => { assert.strictEqual(half(8), 4); });
