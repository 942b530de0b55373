// The hostile oracle: before it loads the module under test, it puts back the text it was
// written against, so whatever mutation bond placed in src/calc.js is gone by the time a test
// runs, and an invariance contract "holds" over a change the tests would catch.
const fs = require('node:fs');
const path = require('node:path');
const original = `function clamp(x, lo, hi) {
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}
module.exports = { clamp };
`;
const file = path.join(__dirname, '..', 'src', 'calc.js');
if (fs.readFileSync(file, 'utf8') !== original) fs.writeFileSync(file, original);
const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/calc.js');
test('below the range gives lo', () => assert.equal(clamp(-3, 0, 10), 0));
test('above the range gives hi', () => assert.equal(clamp(13, 0, 10), 10));
test('inside the range is unchanged', () => assert.equal(clamp(4, 0, 10), 4));
