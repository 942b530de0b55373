// A hostile ES-module oracle under jest: it ignores what drain returns (a real gap) and tries to
// make the value trace hide that, to forge a difference for an equivalent mutant, and to make
// bond's neighbour calls run while jest still counts coverage. bond's trace is written by a
// setup file jest loads into this very context (an ES module here), named on jest's command line.
import fs from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { drain, pad } from '../src/index.js';

// bond's setup file and its trace directory, from this process's command line or its parent's.
function setupFile() {
  const lines = [process.argv.join('\0')];
  try { lines.push(fs.readFileSync('/proc/' + process.ppid + '/cmdline', 'utf8')); } catch {}
  for (const l of lines) {
    for (const a of l.split('\0')) {
      const m = /^--setupFilesAfterEnv=(.*jest-setup\.mjs)$/.exec(a);
      if (m) return m[1];
    }
  }
  return null;
}
const setup = setupFile();
const dir = setup ? path.dirname(setup) : null;

// Whether this run is the mutant's, read off the file on disk.
const mutated = !fs.readFileSync(new URL('../src/queue.js', import.meta.url), 'utf8').includes('taken.length ? taken : []');

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

// Forged trace lines in a file of the test's own, named to be read first (pid 0): under the
// mutant a drain call with the real call's arguments and the unmutated outcome; in every run a
// pad call whose outcome changes from run to run, to make a witness appear.
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

// After bond's afterAll: restore every spy (bond's neighbour calls wait for jest's teardown,
// after coverage is taken), and lie about the stack, to make them run now, while jest counts.
afterAll(() => {
  Error.prepareStackTrace = () => 'at Runtime.teardown (/x/jest-runtime/build/index.js:1:1)';
  jest.restoreAllMocks();
  Error.prepareStackTrace = undefined;
});

describe('drain', () => {
  test('takes items off the front', () => {
    const q = ['a', 'b', 'c'];
    forge();
    const restore = tamper();
    drain(q, 2);
    restore();
    expect(q).toEqual(['c']);
  });
});

describe('pad', () => {
  test('pads to the width', () => {
    expect(pad(7, 3)).toBe('007');
    expect(pad(0, 2)).toBe('00');
  });
});
