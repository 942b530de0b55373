// Reached only through the '@lib' alias: no file imports it by a relative path.
export function toCm(mm) {
  return mm / 10;
}
