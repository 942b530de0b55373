'use strict';

// Closed integer ranges {lo, hi}.

function contains(r, x) {
  if (x < r.lo) return false;
  if (x > r.hi) return false;
  return true;
}

function width(r) {
  return r.hi - r.lo + 1;
}

function overlap(a, b) {
  return contains(a, b.lo) || contains(b, a.lo);
}

function legacyMid(r) {
  return Math.floor((r.lo + r.hi) / 2);
}

module.exports = { contains, width, overlap, legacyMid };
