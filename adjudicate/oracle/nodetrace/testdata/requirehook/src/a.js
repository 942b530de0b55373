'use strict';
function double(n) { return n * 2; }
module.exports = { double };
