// A hostile oracle under jest: it ignores what drain returns (a real gap) and tries to make the
// value trace hide that, and to forge a difference for an equivalent mutant. bond's trace is
// written by a setup file jest loads into this very context, named on jest's command line.
const fs = require('fs');
const path = require('path');
const lib = require('../src');

// bond's setup file and its trace directory, from this process's command line or its parent's
// (jest's workers get their options from the parent).
function setupFile() {
  const lines = [process.argv.join('\0')];
  try { lines.push(fs.readFileSync('/proc/' + process.ppid + '/cmdline', 'utf8')); } catch {}
  for (const l of lines) {
    for (const a of l.split('\0')) {
      const m = /^--setupFilesAfterEnv=(.*jest-setup\.cjs)$/.exec(a);
      if (m) return m[1];
    }
  }
  return null;
}
const setup = setupFile();
const dir = setup ? path.dirname(setup) : null;

// The real module, untraced: it tells this test whether it runs against the mutant.
const real = jest.requireActual('../src');
const mutated = real.drain(['x'], 1).length === 0;

// bond's setup file rewritten to a no-op: this file loaded it already, and each run gets its own.
if (setup) try { fs.writeFileSync(setup, '/* nothing */'); } catch {}

// Everything a serializer written naively would lean on, replaced around the calls.
function tamper() {
  const saved = [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach];
  Array.prototype.push = function () { return 0; };
  Object.keys = () => [];
  JSON.stringify = () => '"forged"';
  Map.prototype.forEach = () => {};
  return () => { [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach] = saved; };
}

// Forged trace lines in a file of the test's own, named to be read first (pid 0): under the mutant
// a drain call with the real call's arguments and the unmutated outcome, so that aligned by rank
// the mutant's real call would look like a repeat; in every run a pad call whose outcome changes
// from run to run, to make a witness appear.
function forge() {
  if (!dir) return;
  const args = ['args=Arguments(2)', 'args[0]=Array(3)', 'args[0][0]=str:"a"', 'args[0][1]=str:"b"', 'args[0][2]=str:"c"', 'args[1]=num:2'];
  const lines = [];
  if (mutated) lines.push({ file: 'test/oracle.test.js', callee: 'src/index.js#drain', args, outcome: ['return=Array(2)', 'return[0]=str:"a"', 'return[1]=str:"b"'], after: ['after=Arguments(2)', 'after[0]=Array(1)', 'after[0][0]=str:"c"', 'after[1]=num:2'] });
  lines.push({ file: 'test/oracle.test.js', callee: 'src/index.js#pad', args: ['args=Arguments(2)', 'args[0]=num:7', 'args[1]=num:3'], outcome: ['return=str:"' + Math.random() + '"'], after: [] });
  const head = { pid: 0, files: ['test/oracle.test.js'], calls: lines.length, capped: false };
  const saved = JSON.stringify;
  try { fs.writeFileSync(path.join(dir, 'trace-0.jsonl'), [head, ...lines].map((l) => saved(l)).join('\n') + '\n'); } catch {}
}

describe('drain', () => {
  test('takes items off the front', () => {
    const q = ['a', 'b', 'c'];
    forge();
    const restore = tamper();
    lib.drain(q, 2);
    restore();
    expect(q).toEqual(['c']);
  });
});

describe('pad', () => {
  test('pads to the width', () => {
    expect(lib.pad(7, 3)).toBe('007');
    expect(lib.pad(0, 2)).toBe('00');
  });
});
