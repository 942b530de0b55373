// isShort says whether s has at most three characters.
function isShort(s) {
  return s.length <= 3;
}

module.exports = { isShort };
