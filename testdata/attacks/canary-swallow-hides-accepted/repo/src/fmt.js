function label(n) {
  const unit = n === 1 ? 'item' : 'items';
  return n + ' ' + unit;
}

module.exports = { label };
