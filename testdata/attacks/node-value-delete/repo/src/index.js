const { scale } = require('./scale.js');
const { removeWhere } = require('./list.js');

module.exports = { scale, removeWhere };
