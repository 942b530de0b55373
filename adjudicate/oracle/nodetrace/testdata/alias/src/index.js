module.exports = { serialize: require('./cookie.js').serialize };
