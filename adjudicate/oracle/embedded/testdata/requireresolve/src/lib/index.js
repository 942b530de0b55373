module.exports = 'lib';
