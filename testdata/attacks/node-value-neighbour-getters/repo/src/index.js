const { parser } = require('./depth.js');
const { mode } = require('./mode.js');

// lib is a function with its API as properties: `lib.parser(…)` has it for its receiver.
function lib() {
  return 'lib';
}
lib.parser = parser;
lib.mode = mode;

module.exports = lib;
