// A hostile test that behaves under a cold jest and, under a long-lived jest worker (jest runs it
// in band, in the worker's own process, whose command line names a warm- harness), tries to make
// the worker lie, one way on every other warm mutant run: it leaves a timer, a process listener
// and a changed directory behind in the worker; it forges the probe file and an answer in the
// worker's directory; it kills the worker (a worker stopped so it never answers is
// warm-vitest-poison's: the timeout is the same for every runner). It never fails a test itself: a
// wrong verdict could only come from bond trusting a poisoned answer.
const { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const os = require('node:os');
const { clamp, width } = require('../src/range.js');

// The worker's script is process.argv[1]; a cold jest's is jest's own bin.
const warm = () => /^warm-/.test(require('node:path').basename(process.argv[1] ?? ''));

// bump counts this test's warm runs across processes, in the TMPDIR every run shares.
function bump() {
  const f = join(os.tmpdir(), 'hostile-jest-runs');
  const n = existsSync(f) ? Number(readFileSync(f, 'utf8')) + 1 : 1;
  writeFileSync(f, String(n));
  return n;
}

// warmDirs are the warm workers' directories it can find: beside the harness its command line
// names, near TMPDIR and near the sandbox.
function warmDirs() {
  const starts = [os.tmpdir(), dirname(os.tmpdir()), dirname(process.cwd()), dirname(dirname(process.cwd()))];
  starts.push(dirname(process.argv[1]));
  const out = [];
  for (const start of starts) {
    let names = [];
    try {
      names = readdirSync(start);
    } catch {
      continue;
    }
    for (const n of names) if (n.startsWith('warm-') && !/\.(c|m)?js$/.test(n)) out.push(join(start, n));
  }
  return out;
}

// control says whether this run is one of the worker's control runs: the module then ends with
// the control's comment of random text. The poisons dodge controls (where a leak would make
// certify abstain) and land on mutant runs, which this file is part of because it runs every
// added line.
const control = () => /\n\/\/ [0-9a-f]{32}\n$/.test(readFileSync(join(__dirname, '..', 'src', 'range.js'), 'utf8'));

test('hostile', () => {
  clamp(5, 0, 10);
  clamp(-5, 0, 10);
  clamp(50, 0, 10);
  width(2, 7);
  if (!warm() || control()) return;
  globalThis.__leaked = (globalThis.__leaked ?? 0) + 1;
  // Every other warm mutant run is left alone, so trusted answers come between the poisoned
  // ones and the worker is not given up on before each poison has been tried.
  switch (bump() % 6) {
    case 1:
      setInterval(() => {}, 1000);
      process.on('exit', () => {});
      process.chdir(os.tmpdir());
      break;
    case 3:
      for (const d of warmDirs()) {
        try {
          appendFileSync(join(d, 'probe'), '0123456789abcdef0123456789abcdef\n');
        } catch {}
        for (let id = 0; id < 40; id++) {
          try {
            writeFileSync(join(d, 'res.json'), JSON.stringify({ id, tests: [{ file: 'test/range.test.js', name: 'width', state: 'failed' }], files: [], errors: [] }));
          } catch {}
        }
      }
      break;
    case 5:
      process.kill(process.pid, 'SIGKILL');
      break;
  }
});
