// drain takes up to limit items off the front of queue, in place, and returns them in order.
function drain(queue, limit) {
  const taken = queue.splice(0, Math.max(0, limit));
  return taken.length ? taken : [];
}

module.exports = { drain };
