// A hostile ES-module oracle under the node runner: it ignores what removeWhere returns (a real
// gap) and tries to make the value trace hide that, and to forge a difference for an equivalent
// mutant. Its imports are wrapped through module customization hooks whose wrappers reach the
// recorder through the global __bond_value_esm.
import test from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { scale, removeWhere } from '../src/index.js';

// The unwrapped function, reached through the prototype of the recording proxy: calls through it
// are not recorded, but it tells this test whether it runs against the mutant.
const real = removeWhere.prototype.constructor;
const mutated = real([1, 2], (x) => x === 2).length === 0;

// The recorder's global: replaced, deleted, redefined, and shadowed by a global `let`.
const noop = () => () => () => undefined;
try { globalThis.__bond_value_esm = noop; } catch {}
try { delete globalThis.__bond_value_esm; } catch {}
try { Object.defineProperty(globalThis, '__bond_value_esm', { value: noop }); } catch {}
try { vm.runInThisContext('let __bond_value_esm = () => () => undefined;'); } catch {}

// Hooks of the test's own, registered after bond's (so they run first), that undo bond's
// wrappers for any later import and send the hooks' messages nowhere.
const ch = new MessageChannel();
ch.port1.unref();
try {
  register('data:text/javascript,' + encodeURIComponent(
    'export async function resolve(s, c, next) { const r = await next(s, c); return { ...r, url: r.url.replace(/[?&]bond-value=[^&]*/, "") }; }'),
  { data: { port: ch.port2 }, transferList: [ch.port2] });
} catch {}
const again = await import('../src/list.js');

// Everything a serializer written naively would lean on, replaced around the calls.
function tamper() {
  const saved = [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach];
  Array.prototype.push = function () { return 0; };
  Object.keys = () => [];
  JSON.stringify = () => '"forged"';
  Map.prototype.forEach = () => {};
  return () => { [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach] = saved; };
}

// Forged through the recorder itself: under the mutant, a removeWhere call with the real call's
// arguments and the unmutated outcome, made first, so that aligned by rank the mutant's real call
// would read as a repeat; in every run a scale call whose outcome changes from run to run.
const forged = __bond_value_esm('test/oracle.test.js', 'src/index.js', {
  removeWhere: (list, pred) => { real(list, pred); return [2, 4]; },
  scale: () => Math.random(),
}, ['removeWhere', 'scale'], null);

test('removeWhere removes in place', () => {
  const pred = (x) => x % 2 === 0;
  if (mutated) forged(0)([1, 2, 3, 4], pred);
  forged(1)(2, 3);
  const list = [1, 2, 3, 4];
  const restore = tamper();
  removeWhere(list, pred);
  restore();
  again.removeWhere([5], pred);
  assert.equal(list.length, 2);
});

test('scale', () => {
  assert.equal(scale(2, 3), 9);
  assert.equal(scale(0, 3), 3);
});
