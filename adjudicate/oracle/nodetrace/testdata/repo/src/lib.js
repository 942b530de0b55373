// What the hook's serializer cases call (nodetrace_test.go).
class Counter {
  constructor(n) { this.n = n; }
  static zero() { return new Counter(0); }
}

const lib = {
  exact: () => [-0, NaN, Infinity, 5n],
  cyclic: () => { const o = {}; o.self = o; return o; },
  collections: () => ({
    m: new Map([['a', 1], ['b', 2]]),
    s: new Set([3]),
    d: new Date(0),
    u8: new Uint8Array([1, 2, 3]),
    fn: function named() {},
    re: /x+/g,
    nul: Object.create(null),
  }),
  Counter,
  long: () => 'x'.repeat(200),
  fail: () => { throw new RangeError('no'); },
  later: (ok) => (ok ? Promise.resolve(7) : Promise.reject(new Error('late'))),
  push: (list) => { list[list.length] = 1; },
  helper: (x) => x + 1,
  viaHelper: (x) => lib.helper(x),
  each: (f) => f(1),
  identity: (a, b) => a === b,
  nested: { deep: () => 1 },
};

module.exports = lib;

// A class with a private static field, exported on its own: its static method must run on the
// class, not on the proxy around it.
class Registry {
  static #count = 3;
  static count() { return Registry.#count + this.#count; }
}
module.exports.Registry = Registry;

// A result whose getter calls back into the package: reading it is not a call from outside.
module.exports.lazy = () => ({ get n() { return lib.helper(100); } });
