// One function exported under two names, and re-exported by a second entry module: the tests
// compare the exports' identities, which the trace must keep.
function serialize(name, value) {
  return name + '=' + encodeURIComponent(value);
}

module.exports = { serialize, stringify: serialize };
