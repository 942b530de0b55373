const test = require('node:test');
const assert = require('node:assert/strict');
const { grade } = require('../src/grade.js');
test('grade returns the score', () => { assert.equal(grade(70), 70); });
