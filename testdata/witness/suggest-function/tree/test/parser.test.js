'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { makeParser } = require('../src/parser.js');

test('a negative depth is refused', () => {
  assert.throws(() => makeParser({ depth: -2 }), TypeError);
});

test('the parser stops at the depth', () => {
  assert.deepStrictEqual(makeParser({ depth: 1 })('a.b.c'), ['a', 'b']);
});
