// parser answers the depth its options ask for (default 5), zero or more.
function parser(opts) {
  const depth = opts.depth === undefined ? 5 : opts.depth;
  if (Number.isNaN(depth) || depth < 0) {
    throw new TypeError('option depth must be zero or a positive number');
  }
  return depth;
}

module.exports = { parser };
