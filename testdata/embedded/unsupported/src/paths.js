const path = require('path');
exports.base = (p) => path.basename(p);
