const test = require('node:test');
const assert = require('node:assert/strict');
const { price } = require('../src/café.js');
test('price is returned', () => assert.equal(price(10), 10));
