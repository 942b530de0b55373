// node:process is the global process: the same object by default import, by namespace and by
// named imports, as libraries (vfile's minproc) import it. The last test fails on purpose.
import test from 'node:test';
import assert from 'node:assert';
import proc, { cwd, env } from 'node:process';
import * as ns from 'node:process';
import bare from 'process';

test('the default import is the global process', () => {
  assert.strictEqual(proc, process);
  assert.strictEqual(bare, process);
});

test('named imports are its members', () => {
  assert.strictEqual(cwd(), process.cwd());
  assert.strictEqual(env, process.env);
  assert.strictEqual(ns.default, process);
  assert.strictEqual(typeof ns.nextTick, 'function');
});

test('deliberate failure: cwd is not the root', () => {
  assert.strictEqual(cwd(), '/');
});
