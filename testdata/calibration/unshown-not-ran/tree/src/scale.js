function double(x) {
  return x * 2;
}
function triple(x) {
  return x * 3;
}
module.exports = { double, triple };
