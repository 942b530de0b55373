'use strict';

function total(items) {
  let sum = 0;
  for (const n of items) {
    sum += n;
  }
  return sum;
}

module.exports = { total };
