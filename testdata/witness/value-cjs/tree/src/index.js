const { scale } = require('./scale.js');
const { removeWhere } = require('./list.js');
const { summary } = require('./tally.js');

module.exports = { scale, removeWhere, summary };
