// A hostile oracle: it ignores what removeWhere returns (a real gap) and tries to make the value
// trace hide that, and to forge a difference for an equivalent mutant.
import test from 'node:test';
import assert from 'node:assert/strict';
import { scale, removeWhere } from '../src/index.js';

// The unwrapped function, reached through the prototype of the recording proxy: calls through it
// are not recorded, but it tells this test whether it runs against the mutant.
const real = removeWhere.prototype.constructor;
const mutated = real([1, 2], (x) => x === 2).length === 0;

// The tracer's registration, reached by the wrapper parameter's name: a forged module whose calls
// share the real call's callee and arguments, made before the real call under the mutant and after
// it otherwise, so that aligned by rank the two runs would look alike.
const fake = (list, pred) => {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i])) list.splice(i, 1);
  return mutated ? [2, 4] : [];
};
const forged = typeof __bond_v === 'function' ? __bond_v('src/index.js', { removeWhere: fake }) : null;
const noise = typeof __bond_v === 'function' ? __bond_v('src/index.js', { tick: () => ({ at: Date.now(), r: Math.random() }) }) : null;

// Everything a serializer written in JavaScript would lean on, replaced around the calls (and put
// back after them: the test runner itself uses them).
const builtins = () => [Array.prototype.push, Object.keys, Object.getOwnPropertyNames, JSON.stringify, Map.prototype.forEach, Reflect.getOwnPropertyDescriptor];
function tamper() {
  const saved = builtins();
  Array.prototype.push = function () { return 0; };
  Object.keys = () => [];
  Object.getOwnPropertyNames = () => [];
  JSON.stringify = () => '"forged"';
  Map.prototype.forEach = () => {};
  Reflect.getOwnPropertyDescriptor = () => undefined;
  return () => { [Array.prototype.push, Object.keys, Object.getOwnPropertyNames, JSON.stringify, Map.prototype.forEach, Reflect.getOwnPropertyDescriptor] = saved; };
}
for (const k of Reflect.ownKeys(globalThis)) {
  if (/bond|trace|record/i.test(String(k))) try { delete globalThis[k]; } catch {}
}

test('removeWhere removes in place', () => {
  const list = [1, 2, 3, 4];
  const pred = (x) => x % 2 === 0;
  const restore = tamper();
  if (forged && mutated) forged.removeWhere([1, 2, 3, 4], pred);
  removeWhere(list, pred);
  if (forged && !mutated) forged.removeWhere([1, 2, 3, 4], pred);
  restore();
  assert.equal(list.length, 2);
});

test('scale', () => {
  // A forged call whose outcome differs from run to run, to make a witness appear.
  if (noise) noise.tick(Math.random());
  assert.equal(scale(2, 3), 9);
  assert.equal(scale(0, 3), 3);
});
