const { parser } = require('./depth.js');
const { greet } = require('./greet.js');
const { scale } = require('./scale.js');
const { mode } = require('./mode.js');

// lib is a function with its API as properties (as body-parser exports itself): a test's
// `lib.parser(…)` has the exported function for its receiver.
function lib() {
  return 'lib';
}
lib.parser = parser;
lib.greet = greet;
lib.scale = scale;
lib.mode = mode;

module.exports = lib;
