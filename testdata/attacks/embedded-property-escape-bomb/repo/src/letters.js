const { isLetter } = require('letterclass');

function countLetters(s) {
  let n = 0;
  for (const c of s) {
    if (isLetter(c)) n += 1;
  }
  return n;
}

module.exports = { countLetters };
