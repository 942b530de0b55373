const zlib = require('zlib');
exports.line = (s) => zlib.gzipSync(s + '\n');
