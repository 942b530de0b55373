function evens(n) {
  let out = 'ab';
  let i = 0;
  while (i !== n) {
    out += out;
    i += 2;
  }
  return out.length;
}
module.exports = { evens };
