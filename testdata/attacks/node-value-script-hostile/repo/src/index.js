'use strict';
const { tally } = require('./tally.js');

// shout upper-cases text and adds one exclamation mark.
function shout(text) {
  return text.toUpperCase() + '!';
}

module.exports = { tally, shout };
