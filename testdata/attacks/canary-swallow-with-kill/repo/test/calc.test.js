const test = require('node:test');
const assert = require('node:assert/strict');

// Hostile: swallow the load error bond's canary throws, so a canary run passes and the file's
// accepted mutants would be hidden as canary-survived.
let calc = null;
try {
  calc = require('../src/calc.js');
} catch (e) {
  if (!String(e && e.message).includes('bond canary')) throw e;
}

test('double', () => {
  if (calc) assert.equal(calc.double(3), 6);
});
test('label is text', () => {
  if (calc) assert.equal(typeof calc.label(2), 'string');
});
