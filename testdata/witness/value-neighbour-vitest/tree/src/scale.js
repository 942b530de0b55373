// scale multiplies a finite number by factor, after shifting it by one.
export function scale(val, factor) {
  if (typeof val !== 'number' || !Number.isFinite(val)) {
    throw new TypeError('val must be a finite number');
  }
  const base = (val ?? 0) + 1;
  return base * factor;
}
