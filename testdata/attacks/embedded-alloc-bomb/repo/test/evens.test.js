const test = require('node:test');
const assert = require('node:assert/strict');
const { evens } = require('../src/evens.js');
test('allocates one 16 MiB buffer per even number below n', () => assert.equal(evens(6), 3));
