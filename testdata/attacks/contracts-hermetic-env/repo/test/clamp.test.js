const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/clamp.js');

test('below the range gives lo', () => { assert.equal(clamp(-5, 0, 10), 0); });
