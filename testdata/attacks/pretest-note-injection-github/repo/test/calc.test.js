const test = require('node:test');
const assert = require('node:assert/strict');
// The specifier is the attack: bond quotes the first build-output import in its oracle note,
// which reaches the review comment and the CI log.
try { require('../dist/::error title=owned::INJECTED ##[error]x <img src=x onerror=alert(1)> [l](javascript:alert(1)).js'); } catch {}
const { half } = require('../dist/calc.js');
test('half', () => {
  assert.equal(half(4), 2);
  assert.equal(half(0), 0);
  assert.throws(() => half(-1), RangeError);
});
