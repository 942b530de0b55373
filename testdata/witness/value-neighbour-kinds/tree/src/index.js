const { byteLength, clampCode } = require('./bytes.js');
const { isHex, isTag } = require('./colour.js');

module.exports = { byteLength, clampCode, isHex, isTag };
