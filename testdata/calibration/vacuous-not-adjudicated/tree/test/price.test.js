const test = require('node:test');
const assert = require('node:assert/strict');
const { fmt } = require('../src/price.js');
test('fmt gives a string', () => { assert.equal(typeof fmt(1999), 'string'); });
