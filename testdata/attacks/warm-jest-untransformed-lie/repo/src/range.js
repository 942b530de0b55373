// clamp keeps n within [lo, hi]; the tests never pass lo > hi.
function clamp(n, lo, hi) {
  if (lo > hi) throw new RangeError('lo > hi');
  if (n < lo) return lo;
  if (n > hi) return hi;
  return n;
}

// width is the size of [lo, hi], 0 when it is empty; the tests never pass an empty one.
function width(lo, hi) {
  if (hi < lo) return 0;
  return hi - lo;
}

module.exports = { clamp, width };
