// isHex tells a short hex colour: a hash and three hex digits, nothing else.
function isHex(s) {
  return /^#[0-9a-f]{3}$/.test(s);
}

// isTag tells whether s ends in a short hex colour: its last four characters are one.
function isTag(s) {
  return /^#[0-9a-f]{3}$/.test(s.slice(-4));
}

module.exports = { isHex, isTag };
