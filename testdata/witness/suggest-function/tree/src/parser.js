'use strict';

// makeParser returns a parser that splits a dotted path into at most depth + 1 segments.
function makeParser(opts) {
  const depth = opts && opts.depth !== undefined ? opts.depth : 8;
  if (depth < 0) {
    throw new TypeError('depth must be zero or a positive number');
  }
  return function parse(text) {
    return text.split('.').slice(0, depth + 1);
  };
}

module.exports = { makeParser };
