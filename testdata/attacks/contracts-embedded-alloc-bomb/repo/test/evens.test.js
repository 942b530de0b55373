const test = require('node:test');
const assert = require('node:assert/strict');
const { countEvens } = require('../src/evens.js');
test('counts evens', () => assert.equal(countEvens(4), 2));
test('nothing below zero', () => assert.equal(countEvens(0), 0));
