// drain takes up to limit items off the front of queue, in place, and returns them in order.
export function drain(queue, limit) {
  const taken = queue.splice(0, Math.max(0, limit));
  return taken.length ? taken : [];
}

// drained counts the items drain has taken so far.
export let drained = 0;

// count adds n to drained.
export function count(n) {
  drained += n;
}
