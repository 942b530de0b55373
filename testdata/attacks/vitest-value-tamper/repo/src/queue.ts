// drain takes up to limit items off the front of queue, in place, and returns them in order.
export function drain<T>(queue: T[], limit: number): T[] {
  const taken = queue.splice(0, Math.max(0, limit));
  return taken.length ? taken : [];
}
