function half(x) {
  return x / 2;
}
module.exports = { half };
