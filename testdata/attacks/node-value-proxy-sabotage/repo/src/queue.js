// take removes up to n items from the front of queue, in place, and returns them in order.
function take(queue, n) {
  const out = queue.splice(0, Math.max(0, n));
  return out.length ? out : [];
}

module.exports = { take };
