const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/calc.js');
test('inside the range is unchanged', () => assert.equal(clamp(4, 0, 10), 4));
test('the failing test writes CI log commands', () => {
  console.log('::error file=src/calc.js,line=1::INJECTED by a test');
  console.log('    ::add-mask::INJECTED');
  console.log('::stop-commands::INJECTED');
  console.log('x ##[error]INJECTED by a test');
  assert.equal(clamp(13, 0, 10), 11);
});
