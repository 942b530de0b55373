let big = 0;
function clamp(n) {
  if (n > 100) {
    big = big + 1;
  }
  return n < 0 ? 0 : n;
}
module.exports = { clamp };
