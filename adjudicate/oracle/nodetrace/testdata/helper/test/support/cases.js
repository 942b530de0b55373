// A helper the test shares: it runs a validator over the values it names, through
// Function.prototype.apply as table-driven helpers often do.
const assert = require('node:assert/strict');
const lib = require('../../src/check.js');

module.exports = function cases({ name, valid, invalid }) {
  for (const v of valid) assert.equal(lib[name].apply(lib, [v]), true, v);
  for (const v of invalid) assert.equal(lib[name].apply(lib, [v]), false, v);
};
