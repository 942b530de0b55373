const { toCm } = require('@lib/units.js');

exports.kind = 'shapes';
exports.area = function area(sideMm) {
  const side = toCm(sideMm);
  return side * side;
};
