const test = require('node:test');
const assert = require('node:assert/strict');
const lib = require('../src/index.js');

// done is set by the last test: a getter or a proxy trap that runs after it was run by
// something other than the tests (bond's neighbour walk must not read them), and throws.
let done = false;

// Eight calls first, so the depth calls below come past parser's first kept calls: only the
// ones that throw are kept for neighbours then.
test('parser ignores options it does not know', () => {
  for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) assert.equal(lib.parser({ name }), 5);
});

test('parser refuses a negative or non-number depth', () => {
  assert.throws(() => lib.parser({ depth: -1 }), /zero or a positive number/);
  assert.throws(() => lib.parser({ depth: NaN }), /zero or a positive number/);
  assert.throws(() => lib.parser({ depth: 'deep' }), /zero or a positive number/);
});

test('parser takes a depth and defaults to 5', () => {
  assert.equal(lib.parser({ depth: 3 }), 3);
  assert.equal(lib.parser({}), 5);
});

test('greet lower-cases the sender', () => {
  assert.equal(lib.greet({ user: { name: 'bob' } }), 'hello bob');
});

test('scale shifts by one', () => {
  assert.equal(lib.scale({ by: 2 }), 3);
  assert.throws(() => lib.scale({ by: NaN }), /finite/);
});

test('mode reads fast through a getter and a proxy', () => {
  const viaGetter = { get fast() { if (done) throw new Error('getter read after the tests'); return true; } };
  const viaProxy = new Proxy({ fast: false }, {
    get(t, k) { if (done) throw new Error('proxy read after the tests'); return t[k]; },
    ownKeys(t) { if (done) throw new Error('proxy walked after the tests'); return Reflect.ownKeys(t); },
    getPrototypeOf(t) { if (done) throw new Error('proxy walked after the tests'); return Reflect.getPrototypeOf(t); },
  });
  assert.equal(lib.mode(viaGetter), 'fast');
  assert.equal(lib.mode(viaProxy), 'slow');
  done = true;
});
