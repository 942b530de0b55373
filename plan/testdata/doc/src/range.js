// range.js: a fixture for the plan document golden test.
export function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}

export function span(a, b) {
  const width = b - a;
  return Math.abs(width);
}

export function pad(s, n) {
  return s.padStart(n, " ");
}
