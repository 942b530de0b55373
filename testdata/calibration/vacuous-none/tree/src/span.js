function span(lo, hi) {
  return hi - lo;
}
module.exports = { span };
