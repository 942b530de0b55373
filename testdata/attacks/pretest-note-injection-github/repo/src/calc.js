exports.half = (n) => {
  if (n < 0) throw new RangeError('negative');
  return n / 2;
};
