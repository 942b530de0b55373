// sign classifies a number; the tests only pass non-negative numbers.
export interface Signed {
  label: string;
}

export function sign(n: number): Signed {
  if (n < 0) {
    return { label: 'negative' };
  }
  return { label: 'non-negative' };
}
