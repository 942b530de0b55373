function id(x) {
  return x;
}
module.exports = { id };
