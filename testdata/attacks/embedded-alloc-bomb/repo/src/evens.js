function evens(n) {
  const out = [];
  let i = 0;
  while (i !== n) {
    out.push(new Uint8Array(1 << 24));
    i += 2;
  }
  return out.length;
}

module.exports = { evens };
