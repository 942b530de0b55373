module.exports = { one: () => 1 };
