// unused.js: no test loads this file.
function cap(x) {
  if (x > 10) return 10;
  return x;
}

module.exports = { cap };
