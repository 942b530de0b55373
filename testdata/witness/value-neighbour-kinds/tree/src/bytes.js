// byteLength is the length of s in UTF-8 bytes.
function byteLength(s) {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    let w = 4;
    if (c < 0x10000) w = 3;
    if (c < 0x800) w = 2;
    if (c < 0x80) w = 1;
    n += w;
  }
  return n;
}

// clampCode is the code of s's first character, at most 0xFF.
function clampCode(s) {
  const c = s.charCodeAt(0);
  return c > 0xFF ? 0xFF : c;
}

module.exports = { byteLength, clampCode };
