const test = require('node:test');
const assert = require('node:assert');
const util = require('node:util');
const { take } = require('../src/queue.js');

// The real gap: the queue is checked, take's return value never is.
test('take shortens the queue', () => {
  const q = [1, 2, 3];
  take(q, 2);
  assert.deepStrictEqual(q, [3]);
});

// The sabotage: a test that fails whenever its import is wrapped, to switch the value detector
// off and leave the gap above without a witness.
test('take is the function itself', () => {
  assert.ok(!util.types.isProxy(take), 'take is wrapped');
});
