// tally is not exported: it adds up quantities, counting an item with none as one unit.
function tally(items) {
  let n = 0;
  for (const it of items) n += it.qty ?? 1;
  return n;
}

// summary gives the number of items and whether they hold more than 100 units in all.
export function summary(items) {
  const n = tally(items);
  return { count: items.length, heavy: n > 100 };
}
