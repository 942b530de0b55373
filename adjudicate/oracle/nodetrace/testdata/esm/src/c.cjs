const d = require('./d.cjs');

exports.add = (a, b) => d.sum(a, b);
