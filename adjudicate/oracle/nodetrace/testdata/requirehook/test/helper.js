'use strict';
// A helper of the test, part of it: its calls into the package are the test's.
const { double } = require('../src/a.js');
function quadruple(n) { return double(double(n)); }
module.exports = { quadruple };
