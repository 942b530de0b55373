// scale shifts the option `by` by one, after checking it is a finite number.
function scale(o) {
  if (typeof o.by !== 'number' || !Number.isFinite(o.by)) {
    throw new TypeError('by must be a finite number');
  }
  const base = (o.by ?? 0) + 1;
  return base;
}

module.exports = { scale };
