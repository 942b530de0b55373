const { scale } = require('./scale.js');
const { normalize, register, strict } = require('./name.js');

module.exports = { scale, normalize, register, strict };
