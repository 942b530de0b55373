// Reached only through '@lib/…' mappings: no file requires it by a relative path.
exports.toCm = function toCm(mm) {
  return mm / 10;
};
