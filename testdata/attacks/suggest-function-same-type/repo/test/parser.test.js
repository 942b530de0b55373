'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const { makeParser } = require('../src/parser.js');

test('a negative depth gives a parser that refuses', () => {
  assert.throws(() => makeParser({ depth: -2 })('a.b'), TypeError);
});

test('the parser stops at the depth', () => {
  assert.deepStrictEqual(makeParser({ depth: 1 })('a.b.c'), ['a', 'b']);
});
