'use strict';
// sign returns -1, 0 or 1.
function sign(n) {
  if (n < 0) return -1;
  if (n > 0) return 1;
  return 0;
}
module.exports = { sign };
