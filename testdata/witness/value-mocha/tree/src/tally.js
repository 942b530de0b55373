// tally is private: it counts units, an item without a quantity as one.
function tally(items) {
  let n = 0;
  for (const it of items) n += it.qty ?? 1;
  return n;
}

// summary says how many items there are and whether they hold more than 100 units.
function summary(items) {
  const n = tally(items);
  return { count: items.length, heavy: n > 100 };
}

module.exports = { summary };
