function clamp(x, lo, hi) {
  let note = "![x](http://evil.invalid/) @admin <img src=x onerror=alert(1)>";
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}
module.exports = { clamp };
