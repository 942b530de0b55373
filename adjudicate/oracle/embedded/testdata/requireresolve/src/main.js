let loads = (globalThis.__mainLoads || 0) + 1;
globalThis.__mainLoads = loads;
module.exports = { loads, twice: (x) => x * 2 };
