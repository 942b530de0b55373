let calls = 0;

// tag numbers the labels it is given, counting calls from 1 across the module's life.
function tag(label) {
  calls += 1;
  const id = label ? label + '-' + calls : String(calls);
  return id;
}

module.exports = { tag };
