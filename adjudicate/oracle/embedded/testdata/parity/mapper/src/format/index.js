// Required as '../src/format.js', which does not exist: the mapper's second candidate,
// '../src/format', finds this directory's index.
const { toCm } = require('@lib/units.js');

exports.label = function label(mm) {
  return `${toCm(mm)} cm`;
};
