import { toCm } from '@units';

export function label(mm) {
  return `${toCm(mm)} cm`;
}
