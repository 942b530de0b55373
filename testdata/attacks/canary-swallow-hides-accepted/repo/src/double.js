function double(x) {
  return x * 2;
}

module.exports = { double };
