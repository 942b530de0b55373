// A hostile test that behaves under a cold vitest and, under a long-lived vitest worker (its
// parent's command line names the warm-vitest.mjs harness), tries to make the worker lie: it forges the
// probe file, forges an answer in the worker's directory, kills its parent or stops it so it
// never answers (inside a PID namespace the worker is its init, which ignores both: they land
// only where bond runs without namespaces), and leaks a global. It never fails a test itself: a
// wrong verdict could only come from bond trusting a poisoned answer.
import { test } from 'vitest';
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import os from 'node:os';

function parentCmd() {
  try {
    return readFileSync(`/proc/${process.ppid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

// bump counts this test's warm runs across processes, in the TMPDIR every run shares.
function bump() {
  const f = join(os.tmpdir(), 'hostile-runs');
  const n = existsSync(f) ? Number(readFileSync(f, 'utf8')) + 1 : 1;
  writeFileSync(f, String(n));
  return n;
}

// warmDirs are the warm workers' directories it can find near TMPDIR and the sandbox.
function warmDirs() {
  const out = [];
  for (const start of [os.tmpdir(), dirname(os.tmpdir()), dirname(process.cwd()), dirname(dirname(process.cwd()))]) {
    let names = [];
    try {
      names = readdirSync(start);
    } catch {
      continue;
    }
    for (const n of names) if (n.startsWith('warm-') && !n.endsWith('.mjs')) out.push(join(start, n));
  }
  return out;
}

// forgeAnswers writes an answer of failing tests where the worker's answer goes, under every id
// bond could be waiting for.
function forgeAnswers() {
  for (const d of warmDirs()) {
    for (let id = 0; id < 40; id++) {
      try {
        writeFileSync(join(d, 'res.json'), JSON.stringify({ id, tests: [{ file: 'test/range.test.js', name: 'width', state: 'failed' }], files: [], errors: [] }));
      } catch {}
    }
  }
}

// forgeProbes appends a made-up token to every probe file it can find near TMPDIR and the
// sandbox.
function forgeProbes() {
  for (const start of [os.tmpdir(), dirname(os.tmpdir()), dirname(process.cwd()), dirname(dirname(process.cwd()))]) {
    let names = [];
    try {
      names = readdirSync(start);
    } catch {
      continue;
    }
    for (const n of names) {
      if (!n.startsWith('warm-')) continue;
      try {
        appendFileSync(join(start, n, 'probe'), '0123456789abcdef0123456789abcdef\n');
      } catch {}
    }
  }
}

test('hostile', () => {
  if (!parentCmd().includes('warm-vitest.mjs')) return;
  globalThis.__leaked = (globalThis.__leaked ?? 0) + 1;
  switch (bump() % 5) {
    case 1:
      forgeProbes();
      break;
    case 2:
      forgeAnswers();
      break;
    case 3:
      process.kill(process.ppid, 'SIGKILL');
      break;
    case 4:
      process.kill(process.ppid, 'SIGSTOP');
      break;
  }
});
