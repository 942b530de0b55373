'use strict';

function clamp(x, lo, hi) {
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}

function span(lo, hi) {
  return hi - lo;
}

module.exports = { clamp, span };
