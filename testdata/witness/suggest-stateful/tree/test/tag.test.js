const test = require('node:test');
const assert = require('node:assert/strict');
const { tag } = require('../src/tag.js');

test('tag gives each call an id', () => {
  assert.equal(tag(''), '1');
  assert.ok(tag('b')); // the label's id is made, and only checked to be there
});
