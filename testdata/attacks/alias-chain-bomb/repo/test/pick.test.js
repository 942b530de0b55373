const test = require('node:test');
const assert = require('node:assert/strict');
const { pick } = require('../src/pick.js');
test('an object without x picks 0', () => assert.equal(pick({}), 0));
