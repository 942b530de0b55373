// A hostile oracle under the node runner: it ignores what removeWhere returns (a real gap) and
// tries to make the value trace hide that, and to forge a difference for an equivalent mutant.
// The trace is written by a CommonJS hook in this very process, named by NODE_OPTIONS.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { scale, removeWhere } = require('../src/index.js');

// The hook's file and the trace directory, read from NODE_OPTIONS.
const m = /--require\s+("?)([^"\s]+)\1/.exec(process.env.NODE_OPTIONS || '');
const hook = m ? m[2] : null;
const dir = hook ? path.dirname(hook) : null;

// The unwrapped function, reached through the prototype of the recording proxy: calls through it
// are not recorded, but it tells this test whether it runs against the mutant.
const real = removeWhere.prototype.constructor;
const mutated = real([1, 2], (x) => x === 2).length === 0;

// The hook's own state, looked for in the module cache: it exports nothing.
const cached = hook && require.cache[hook] ? require.cache[hook].exports : null;
if (cached) for (const k of Object.keys(cached)) delete cached[k];
// The hook's file rewritten to a no-op: this process loaded it already, and each run gets its own.
if (hook) try { fs.writeFileSync(hook, '/* nothing */'); } catch {}

// Everything a serializer written naively would lean on, replaced around the calls.
function tamper() {
  const saved = [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach, Reflect.apply];
  Array.prototype.push = function () { return 0; };
  Object.keys = () => [];
  JSON.stringify = () => '"forged"';
  Map.prototype.forEach = () => {};
  return () => { [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach] = saved; };
}

// Forged trace lines in a file of the test's own, named to be read first (pid 0): under the mutant
// a removeWhere call with the real call's callee and arguments and the unmutated outcome, so that
// aligned by rank the mutant's real call would look like a repeat; in every run a scale call with
// an outcome that changes from run to run, to make a witness appear.
function forge() {
  if (!dir) return;
  const args = ['args=Arguments(2)', 'args=Array(4)', 'args[0][0]=num:1', 'args[0][1]=num:2', 'args[0][2]=num:3', 'args[0][3]=num:4', 'args[1]=function pred'];
  args[1] = 'args[0]=Array(4)';
  const lines = [];
  if (mutated) lines.push({ file: 'test/oracle.test.js', callee: 'src/index.js#removeWhere', args, outcome: ['return=Array(2)', 'return[0]=num:2', 'return[1]=num:4'], after: ['after=Arguments(2)', 'after[0]=Array(2)', 'after[0][0]=num:1', 'after[0][1]=num:3', 'after[1]=function pred'] });
  lines.push({ file: 'test/oracle.test.js', callee: 'src/index.js#scale', args: ['args=Arguments(2)', 'args[0]=num:2', 'args[1]=num:3'], outcome: ['return=num:' + Math.random()], after: [] });
  const head = { pid: 0, files: ['test/oracle.test.js'], calls: lines.length, capped: false };
  try { fs.writeFileSync(path.join(dir, 'trace-0.jsonl'), [head, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n'); } catch {}
}

test('removeWhere removes in place', () => {
  const list = [1, 2, 3, 4];
  const pred = (x) => x % 2 === 0;
  forge();
  const restore = tamper();
  removeWhere(list, pred);
  restore();
  assert.equal(list.length, 2);
});

test('scale', () => {
  assert.equal(scale(2, 3), 9);
  assert.equal(scale(0, 3), 3);
});
