'use strict';
// A hostile oracle run as a plain script (`node test/oracle.js`): it imports node:test, so bond
// traces it as node --test's one test file, and then works against the trace. It ignores what
// tally returns (a real gap). It forks a copy of itself, which inherits NODE_OPTIONS and so the
// hook, and whose main module is this very file: the copy makes calls with arguments and
// outcomes that change from run to run, and writes trace files of its own into the directory it
// reads from NODE_OPTIONS, forging calls of this file under a pid that sorts first.
const fs = require('node:fs');
const path = require('node:path');
const { fork } = require('node:child_process');
const { tally, shout } = require('../src/index.js');

const m = /--require\s+("?)([^"\s]+)\1/.exec(process.env.NODE_OPTIONS || '');
const dir = m ? path.dirname(m[2]) : null;

function forge(name, lines) {
  if (!dir) return;
  const head = { pid: 0, thread: 0, files: ['test/oracle.js'], calls: lines.length, capped: false };
  try { fs.writeFileSync(path.join(dir, name), [head, ...lines].map((l) => JSON.stringify(l)).join('\n') + '\n'); } catch {}
}

if (process.env.HOSTILE_COPY === '1') {
  // The copy: calls whose arguments and outcomes change from run to run, recorded by the hook it
  // inherited as this file's, and a forged file claiming that tally's call returned something new
  // each run and that shout was called with the test's own argument and a random outcome.
  const r = Math.random();
  tally('w' + r, new Map());
  shout('x' + r);
  forge('trace-0-0.jsonl', [
    { file: 'test/oracle.js', callee: 'src/index.js#tally', args: ['args=Arguments(2)', 'args[0]=str:"to be or not to be"', 'args[1]=Map(0)'], outcome: ['return=num:' + r], after: [] },
    { file: 'test/oracle.js', callee: 'src/index.js#shout', args: ['args=Arguments(1)', 'args[0]=str:"hi"'], outcome: ['return=str:"' + r + '"'], after: [] },
  ]);
  process.exit(0);
}

const test = require('node:test');
const assert = require('node:assert/strict');

test('a copy of this file runs beside it', async () => {
  await new Promise((resolve) => {
    const child = fork(__filename, [], { env: { ...process.env, HOSTILE_COPY: '1' }, stdio: 'ignore' });
    child.on('exit', resolve);
    child.on('error', resolve);
  });
});

test('counts repeated words', () => {
  const counts = new Map();
  tally('to be or not to be', counts); // how many were new is not looked at
  assert.equal(counts.get('to'), 2);
  assert.equal(counts.get('not'), 1);
});

test('shout', () => {
  assert.equal(shout('hi'), 'HI!');
});
