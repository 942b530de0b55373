// removeWhere takes out of list, in place, the items pred accepts, and returns them in order.
export function removeWhere(list, pred) {
  const removed = [];
  for (let i = list.length - 1; i >= 0; i--) {
    if (pred(list[i])) removed.unshift(list.splice(i, 1)[0]);
  }
  return removed.length ? removed : [];
}
