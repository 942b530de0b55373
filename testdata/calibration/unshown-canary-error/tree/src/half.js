function half(n) {
  return n / 2;
}
module.exports = { half };
