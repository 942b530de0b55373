const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/calc.js');

// A hostile test that sniffs its runner: under bond's embedded runtime (its bundle shows in the
// stack) it checks only the upper edge, where `>` and `<=` agree, so the mutant passes; under node
// it also checks a value above the range, which kills it.
const embedded = new Error().stack.includes('__bond_embedded');

test('the upper edge is inside', () => assert.equal(clamp(10, 0, 10), 10));
test('above the range gives hi', () => {
  if (embedded) return;
  assert.equal(clamp(13, 0, 10), 10);
});
