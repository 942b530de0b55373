// pad writes an integer with at least width digits, a minus sign before a negative one.
export function pad(n, width) {
  if (!Number.isInteger(n)) {
    throw new TypeError('pad: n must be an integer');
  }
  const digits = String(Math.abs(n ?? 0));
  const sign = n < 0 ? '-' : '';
  return sign + digits.padStart(width, '0');
}
