import { toCm } from '@lib/units.js';

export function squareAreaCm(sideMm) {
  const side = toCm(sideMm);
  return side * side;
}
