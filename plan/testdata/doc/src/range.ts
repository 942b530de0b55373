export function within(x: number, lo: number, hi: number): boolean {
  return x >= lo && x <= hi;
}
