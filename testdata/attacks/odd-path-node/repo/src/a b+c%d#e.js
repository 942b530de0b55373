function price(n) {
  const tax = n / 10;
  return n;
}
module.exports = { price };
