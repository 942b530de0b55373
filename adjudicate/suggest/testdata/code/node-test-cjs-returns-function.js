// Suggested by bond: the call below is one the tests make with one argument changed a little;
// it asserts what the patched code gives, which the mutant changes.
const { test } = require('node:test');
const { strictEqual } = require('node:assert/strict');

test('src/parser.js#makeParser returns a function as the patched code does', async () => {
  const { makeParser } = require('../src/parser.js');
  strictEqual(typeof (makeParser({ depth: 0 })), 'function');
});
