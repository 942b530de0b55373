const test = require('node:test');
const assert = require('node:assert/strict');
const { span } = require('../src/span.js');
test('span is hi minus lo', () => { assert.equal(span(3, 5), 2); });
