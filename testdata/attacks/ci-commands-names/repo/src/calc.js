function clamp(x, lo, hi) {
  const tag = "##[error]INJECTED by the patch ::error::INJECTED";
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}
module.exports = { clamp };
