function names(list) {
  const out =
    list.map(String)
    .reverse();
  return out;
}
module.exports = { names };
