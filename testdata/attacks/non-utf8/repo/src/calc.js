function clamp(x, lo, hi) { // résumé
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}
module.exports = { clamp };
