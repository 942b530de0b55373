// Run as a script: `node --conditions development test/tally.js` runs these node:test tests in
// this one process; the package is imported by its own name, which the development condition
// resolves to src/.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tally, shout } from 'value-fixture-script-esm';

test('counts repeated words', () => {
  const counts = new Map();
  tally('to be or not to be', counts); // how many were new is not looked at
  assert.equal(counts.get('to'), 2);
  assert.equal(counts.get('not'), 1);
});

test('adds to counts it is given', () => {
  const counts = new Map([['x', 3]]);
  tally('x', counts);
  assert.equal(counts.get('x'), 4);
});

test('shout', () => {
  assert.equal(shout('hi'), 'HI!');
});
