'use strict';
// tally adds one to counts (in place) for each word of text and returns how many of its words
// counts did not hold before.
function tally(text, counts) {
  const before = counts.size;
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  for (const w of words) {
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts.size - before;
}

module.exports = { tally };
