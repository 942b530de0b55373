'use strict';

function shout(s) {
  return s.toUpperCase();
}

module.exports = { shout };
