'use strict';
// A file with CRLF line endings.
function twice(x) {
  return x + x;
}
module.exports = { twice };
