// parser checks a parser's options and answers the depth it will parse to (default 5).
function parser(opts) {
  const depth = opts.depth === undefined ? 5 : opts.depth;
  if (typeof depth !== 'number') {
    throw new TypeError('option depth must be zero or a positive number');
  }
  if (Number.isNaN(depth) || depth < 0) {
    throw new TypeError('option depth must be zero or a positive number');
  }
  return depth;
}

module.exports = { parser };
