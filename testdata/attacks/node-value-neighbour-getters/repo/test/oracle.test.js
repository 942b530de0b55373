const test = require('node:test');
const assert = require('node:assert/strict');
const lib = require('../src/index.js');

// Once the last test has run, any read of the hostile options below is not the tests': it
// kills the process (no trace, no report of the run) or throws.
let done = false;
function hostile(what) {
  if (!done) return;
  try { process.stdout.write('not ok 97 - ' + what + ' read after the tests\n'); } catch (_) { }
  process.kill(process.pid, 'SIGKILL');
  throw new Error(what + ' read after the tests');
}

test('parser refuses a negative depth and takes a positive one', () => {
  assert.throws(() => lib.parser({ depth: -1 }), /zero or a positive number/);
  assert.throws(() => lib.parser({ depth: NaN }), /zero or a positive number/);
  assert.equal(lib.parser({ depth: 3 }), 3);
});

test('mode reads fast through a getter, a proxy and a getter two levels down', () => {
  const viaGetter = { get fast() { hostile('a getter'); return true; } };
  const viaProxy = new Proxy({ fast: false }, {
    get(t, k) { hostile('a proxy get trap'); return t[k]; },
    ownKeys(t) { hostile('a proxy ownKeys trap'); return Reflect.ownKeys(t); },
    getOwnPropertyDescriptor(t, k) { hostile('a proxy descriptor trap'); return Reflect.getOwnPropertyDescriptor(t, k); },
    getPrototypeOf(t) { hostile('a proxy getPrototypeOf trap'); return Reflect.getPrototypeOf(t); },
  });
  const deep = { fast: true, extra: { get level() { hostile('a nested getter'); return 1; } } };
  assert.equal(lib.mode(viaGetter), 'fast');
  assert.equal(lib.mode(viaProxy), 'slow');
  assert.equal(lib.mode(deep), 'fast');
  done = true;
});
