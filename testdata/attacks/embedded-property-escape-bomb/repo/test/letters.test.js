const test = require('node:test');
const assert = require('node:assert/strict');
const { countLetters } = require('../src/letters.js');
test('counts letters of any script', () => assert.equal(countLetters('ab, Ωé'), 4));
