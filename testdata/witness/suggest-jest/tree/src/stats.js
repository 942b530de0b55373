// stats sums a list of numbers and gives their mean (0 for an empty list).
function stats(xs) {
  let total = 0;
  for (const x of xs) total += x;
  const mean = xs.length ? total / xs.length : 0;
  return { total, mean };
}

module.exports = { stats };
