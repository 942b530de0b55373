// unused.js: no test loads this file.
function cap(x) {
  return x;
}

module.exports = { cap };
