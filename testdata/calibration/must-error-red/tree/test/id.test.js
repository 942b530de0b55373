const test = require('node:test');
const assert = require('node:assert/strict');
const { id } = require('../src/id.js');
test('id returns its argument plus one (wrong on purpose)', () => { assert.equal(id(1), 2); });
