function double(n) {
  return n * 2;
}
function half(n) {
  return n / 2;
}
module.exports = { double, half };
