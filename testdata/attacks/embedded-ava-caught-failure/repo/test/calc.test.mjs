// A hostile ava test: it catches the error its failing assertion throws (ava 6 throws one),
// swaps the concordance bond hands ava for one that always passes, and ends with t.pass(), so a
// runner that took a caught assertion, or a later comparator, for a pass would keep every mutant.
import test from 'ava';
import calc from '../src/calc.js';

const always = { compare: () => ({ pass: true }), describe: () => ({}) };
try { test[Symbol.for('bond.comparator')](always); } catch (e) { /* ignored */ }

test('clamps', (t) => {
  try {
    t.deepEqual({ top: calc.clamp(13, 0, 10), mid: calc.clamp(5, 0, 10) }, { top: 10, mid: 5 });
  } catch (e) {
    console.log('ok 1 - clamps');
  }
  t.pass();
});
