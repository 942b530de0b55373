// A hostile oracle under vitest: it ignores what drain returns (a real gap) and tries to make the
// value trace hide that, and to forge a difference for an equivalent mutant. bond's trace is
// written by a setup file vitest loads before this file, named in a config of bond's that is on
// vitest's command line and in the config vitest hands each worker.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import * as lib from '../src/index';

// bond's setup file and its trace directory, from the config vitest hands this worker (vitest
// renames its processes, so their command lines no longer show bond's config).
function bondSetup(): string | null {
  const files: unknown = (globalThis as any).__vitest_worker__?.config?.setupFiles;
  if (!Array.isArray(files)) return null;
  return files.find((f) => typeof f === 'string' && f.endsWith('vitest-setup.mjs')) ?? null;
}
const setup = bondSetup();
const dir = setup ? path.dirname(setup) : null;

// The real module, untraced: it tells this test whether it runs against the mutant.
const real = await vi.importActual<typeof import('../src/index')>('../src/index');
const mutated = real.drain(['x'], 1).length === 0;

// bond's setup file and config rewritten to no-ops: this file's setup ran already, and each run
// gets its own.
if (dir) {
  try { fs.writeFileSync(path.join(dir, 'vitest-setup.mjs'), '/* nothing */'); } catch {}
  try { fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), 'export default {};'); } catch {}
}

// Everything a serializer written naively would lean on, replaced around the calls.
function tamper() {
  const saved = [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach] as const;
  Array.prototype.push = function () { return 0; };
  Object.keys = () => [];
  JSON.stringify = () => '"forged"';
  Map.prototype.forEach = () => {};
  return () => {
    [Array.prototype.push, Object.keys, JSON.stringify, Map.prototype.forEach] = saved as unknown as [any, any, any, any];
  };
}

// Forged trace lines in a file of the test's own, named to be read first (pid 0): under the mutant
// a drain call with the real call's arguments and the unmutated outcome, so that aligned by rank
// the mutant's real call would look like a repeat; in every run a pad call whose outcome changes
// from run to run, to make a witness appear.
function forge() {
  if (!dir) return;
  const args = ['args=Arguments(2)', 'args[0]=Array(3)', 'args[0][0]=str:"a"', 'args[0][1]=str:"b"', 'args[0][2]=str:"c"', 'args[1]=num:2'];
  const lines: object[] = [];
  if (mutated) lines.push({ file: 'test/oracle.test.ts', callee: 'src/index.ts#drain', args, outcome: ['return=Array(2)', 'return[0]=str:"a"', 'return[1]=str:"b"'], after: ['after=Arguments(2)', 'after[0]=Array(1)', 'after[0][0]=str:"c"', 'after[1]=num:2'] });
  lines.push({ file: 'test/oracle.test.ts', callee: 'src/index.ts#pad', args: ['args=Arguments(2)', 'args[0]=num:7', 'args[1]=num:3'], outcome: ['return=str:"' + Math.random() + '"'], after: [] });
  const head = { pid: 0, files: ['test/oracle.test.ts'], calls: lines.length, capped: false };
  try { fs.writeFileSync(path.join(dir, 'trace-0.jsonl'), [head, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n'); } catch {}
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
