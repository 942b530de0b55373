// stats sums a list of numbers and gives their mean (0 for an empty list).
function stats(xs) {
  let total = 0;
  for (const x of xs) total += x;
  const mean = xs.length ? total / xs.length : 0;
  return { total, mean };
}

// removeWhere removes, in place, the items pred accepts, and returns them in their order.
function removeWhere(list, pred) {
  const removed = [];
  for (let i = list.length - 1; i >= 0; i--) {
    if (pred(list[i])) removed.unshift(list.splice(i, 1)[0]);
  }
  return removed.length ? removed : [];
}

module.exports = { stats, removeWhere };
