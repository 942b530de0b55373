const { pad } = require('./pad');
const { drain } = require('./queue');

module.exports = { pad, drain };
