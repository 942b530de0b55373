// scale shifts a finite number up by one and multiplies the result by factor.
export function scale(val, factor) {
  if (typeof val !== 'number' || !Number.isFinite(val)) {
    throw new TypeError('val must be a finite number');
  }
  const base = (val ?? 0) + 1;
  return base * factor;
}
