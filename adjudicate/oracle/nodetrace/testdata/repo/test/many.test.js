// Many calls from outside (the benchmark's heavy case): 5,000 calls, each with an object
// argument and an array result, the shape a busy suite makes.
const test = require('node:test');
const assert = require('node:assert/strict');
const lib = require('../src/lib.js');

test('many calls', () => {
  let n = 0;
  for (let i = 0; i < 5000; i++) {
    const out = lib.cyclic();
    lib.push([i, { i }]);
    n += out.self === out ? 1 : 0;
  }
  assert.equal(n, 5000);
});
