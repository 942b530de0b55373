module.exports = function other() { return 'other'; };
