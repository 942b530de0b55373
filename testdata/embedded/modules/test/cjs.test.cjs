const test = require('node:test');
const assert = require('assert');
const { shout } = require('../src/legacy.cjs');

test('require style', () => {
  assert.equal(shout('a'), 'A!');
});
