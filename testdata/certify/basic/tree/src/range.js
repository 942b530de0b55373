const log = [];
function clamp(x, lo, hi) {
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}
function width(lo, hi) {
  return hi - lo;
}
function record(x) {
  if (x >= 0) {
    log.push(x);
  }
  return log.length;
}
function area(w, h) {
  return w * h;
}
module.exports = { clamp, width, record, area, log };
