function clamp(x, lo, hi) {
  if (x < lo) {
    return lo;
  }
  return x > hi ? hi : x;
}
module.exports = { clamp };
