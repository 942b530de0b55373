function spin(n) {
  let i = 0;
  while (i !== n) {
    i += 2;
  }
  return i;
}
module.exports = { spin };
