'use strict';

// makeParser returns a parser for a depth of zero or more, and for a negative depth a function
// that refuses every input. Under the boundary mutant of the depth check a depth of 0 gets the
// refusing function: a function either way, so a suggested test that asserts only the returned
// value's type cannot tell the two apart.
function makeParser(opts) {
  const depth = opts && opts.depth !== undefined ? opts.depth : 8;
  function parse(text) {
    return text.split('.').slice(0, depth + 1);
  }
  function refuse() {
    throw new TypeError('depth must be zero or a positive number');
  }
  return depth < 0 ? refuse : parse;
}

module.exports = { makeParser };
