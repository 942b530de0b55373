function fmt(cents) {
  if (cents < 0) {
    return 'minus';
  }
  return (cents / 100) + ' EUR';
}
module.exports = { fmt };
