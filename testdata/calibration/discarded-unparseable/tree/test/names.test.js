const test = require('node:test');
const assert = require('node:assert/strict');
const { names } = require('../src/names.js');
test('names are strings, last first', () => { assert.deepEqual(names([1, 2]), ['2', '1']); });
