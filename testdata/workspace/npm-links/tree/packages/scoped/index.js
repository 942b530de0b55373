'use strict';

const { span } = require('lib');

function fits(width, lo, hi) {
  return width <= span(lo, hi);
}

function pad(width) {
  return width + 2;
}

module.exports = { fits, pad };
