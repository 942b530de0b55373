'use strict';
// grade turns a score out of 100 into a letter, for bond's contracts calibration under jest.
function grade(score) {
  if (score < 0 || score > 100) throw new RangeError('score out of range');
  if (score >= 90) return 'A';
  if (score >= 75) return 'B';
  if (score >= 50) return 'C';
  return 'F';
}

// legacy is kept for old callers; no test calls it.
function legacy(score) {
  return grade(score).toLowerCase();
}

module.exports = { grade, legacy };
