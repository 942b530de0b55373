const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const { clamp } = require('../src/calc.js');
test('clamps and writes', () => {
  fs.writeFileSync('/tmp/bond-embedded-escape', 'x');
  assert.equal(clamp(13, 0, 10), 10);
  assert.equal(clamp(10, 0, 10), 10);
});
