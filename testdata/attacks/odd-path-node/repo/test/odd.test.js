const test = require('node:test');
const assert = require('node:assert/strict');
const { price } = require('../src/a b+c%d#e.js');
test('price is returned', () => assert.equal(price(10), 10));
