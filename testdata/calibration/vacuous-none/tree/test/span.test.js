const test = require('node:test');
const assert = require('node:assert/strict');
const { span } = require('../src/span.js');
test('span is a number', () => { assert.equal(typeof span(3, 5), 'number'); });
