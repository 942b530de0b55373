'use strict';
// A small engine for bond's contracts calibration, written for it.

// elder returns whichever of a and b was born first; a tie goes to the lower index.
function elder(birth, a, b) {
  if (birth[a] < birth[b]) return a;
  if (birth[b] < birth[a]) return b;
  return Math.min(a, b);
}

// clamp keeps x within [lo, hi].
function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}

// label names the sign of n; zero counts as positive.
function label(n) {
  return n >= 0 ? 'pos' : 'neg';
}

// unused is never called by the tests.
function unused(x) {
  return x * 2;
}

module.exports = { elder, clamp, label, unused };
