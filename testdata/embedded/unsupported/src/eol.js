const os = require('os');
exports.line = (s) => s + os.EOL;
