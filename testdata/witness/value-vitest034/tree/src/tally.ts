// tally adds one to counts (in place) for each word of text and returns how many of its words
// counts did not hold before.
export function tally(text: string, counts: Map<string, number>): number {
  const before = counts.size;
  const words = text.trim().split(/\s+/).filter((w) => w !== '');
  for (const w of words) {
    counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts.size - before;
}
