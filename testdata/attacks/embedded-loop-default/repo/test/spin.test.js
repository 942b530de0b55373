const test = require('node:test');
const assert = require('node:assert/strict');
const { spin } = require('../src/spin.js');
test('spins to an even n', () => assert.equal(spin(6), 6));
