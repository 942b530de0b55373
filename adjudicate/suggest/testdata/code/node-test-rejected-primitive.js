// Suggested by bond: the call below is one the tests make; it asserts what the patched code
// gives, which the mutant changes.
const { test } = require('node:test');
const { deepStrictEqual, rejects } = require('node:assert/strict');

test('src/a.js#load rejects as the patched code does', async () => {
  const { load } = require('../src/a.js');
  await rejects(load(), (e) => { deepStrictEqual(e, 'boom'); return true; });
});
