const test = require('node:test');
const assert = require('node:assert/strict');
const { span } = require('../src/span.js');
test('span says whether the bounds are ordered', () => { assert.equal(span(3, 5), true); });
