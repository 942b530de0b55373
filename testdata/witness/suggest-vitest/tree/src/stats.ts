// stats sums a list of numbers and gives their mean (0 for an empty list).
export function stats(xs: number[]): { total: number; mean: number } {
  let total = 0;
  for (const x of xs) total += x;
  const mean = xs.length ? total / xs.length : 0;
  return { total, mean };
}
