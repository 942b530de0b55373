const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/calc.js');
test('##[error]INJECTED by a test name', () => assert.equal(clamp(13, 0, 10), 10));
test('::error::INJECTED by a test name', () => assert.equal(clamp(4, 0, 10), 4));
