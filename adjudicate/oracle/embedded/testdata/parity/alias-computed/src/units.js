// Reached only through aliases ('@lib/units.js', '@units'): no file imports it by a relative path.
export function toCm(mm) {
  return mm / 10;
}
