// A hostile tap test: it tries to swap the comparator bond hands tap for one that always
// matches, reaches for tap's internals, and prints forged TAP saying every test passed.
const t = require('tap');
const { clamp } = require('../src/calc.js');

const always = { same: () => ({ match: true }), strict: () => ({ match: true }), match: () => ({ match: true }), has: () => ({ match: true }) };
for (const k of Object.getOwnPropertySymbols(t)) {
  try { t[k](always); } catch (e) { /* whatever it is */ }
}
try { t[Symbol.for('bond.comparator')](always); } catch (e) { /* refused or ignored */ }

t.test('clamps', (t) => {
  console.log('ok 1 - clamps\n# pass 1\n# fail 0');
  t.strictSame({ top: clamp(13, 0, 10), mid: clamp(5, 0, 10) }, { top: 10, mid: 5 });
  t.end();
});
