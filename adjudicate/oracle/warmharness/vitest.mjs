// The warm vitest worker (docs/warm-workers.md): one long-lived Node process per sandbox that
// keeps the project's own vitest (through `vitest/node`) and its transform cache across mutant
// runs. bond writes each request as req.json in the worker's directory; the worker invalidates
// the files the request names, runs the named test files with the project's isolation (which it
// refuses to run without), and writes what every test did as res.json. A vite plugin appends the
// request's probe statement to the mutated module as vite transforms it. The worker never judges
// a run: bond reads the probe file the module wrote and decides whether to trust the answer.
//
// argv: the sandbox root, the worker's directory, and (tests only) "skip-invalidate", which
// reproduces the stale-transform failure mode the probe must catch.
import { existsSync, readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const [root, dir, seam] = process.argv.slice(2);
const skipInvalidate = seam === 'skip-invalidate';

function answer(msg) {
  const tmp = join(dir, 'res.tmp');
  writeFileSync(tmp, JSON.stringify(msg));
  renameSync(tmp, join(dir, 'res.json'));
}

// vitestNode finds the project's own vitest/node entry, walking up from root as Node would.
function vitestNode(from) {
  for (let d = from; ; d = dirname(d)) {
    const pj = join(d, 'node_modules', 'vitest', 'package.json');
    if (existsSync(pj)) {
      const pkg = JSON.parse(readFileSync(pj, 'utf8'));
      let e = pkg.exports?.['./node'];
      while (e && typeof e === 'object') e = e.import ?? e.default;
      if (typeof e !== 'string') throw new Error(`${pj} exports no ./node entry`);
      return pathToFileURL(join(dirname(pj), e)).href;
    }
    if (dirname(d) === d) throw new Error(`vitest is not installed under ${from}`);
  }
}

// isolationOff says why the resolved config runs test files without isolation, or ''.
function isolationOff(config) {
  const pool = config.pool ?? 'forks';
  if (pool !== 'forks' && pool !== 'threads') return `the config's pool is ${pool}; the warm worker runs only forks and threads, isolated`;
  if (config.isolate === false) return 'the config sets isolate: false';
  if (config.poolOptions?.[pool]?.isolate === false) return `the config sets poolOptions.${pool}.isolate: false`;
  if (config.poolOptions?.[pool]?.singleFork || config.poolOptions?.[pool]?.singleThread) return `the config runs every file in a single ${pool === 'forks' ? 'fork' : 'thread'}`;
  return '';
}

// probePlugin appends the current run's probe statement to the one module the run names, as
// vite transforms it: the token lives in vite's transform result, never in the file a test can
// read, so a stale transform is exactly a missing or another run's token.
let probe = null;
const probePlugin = {
  name: 'warm-probe',
  enforce: 'post',
  transform(code, id) {
    if (probe === null || realOf(id.split('?')[0]) !== probe.id) return null;
    const stmt = `globalThis.process.getBuiltinModule("node:fs").appendFileSync(${JSON.stringify(probe.file)}, ${JSON.stringify(probe.token + '\n')});`;
    return { code: `${code}\n;${stmt}\n`, map: null };
  },
};

function realOf(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

let vitest;
try {
  if (typeof process.getBuiltinModule !== 'function') {
    answer({ id: 0, refused: `Node ${process.version} has no process.getBuiltinModule, which the probe statement needs (Node 20.16 or later)` });
    process.exit(0);
  }
  const { createVitest } = await import(vitestNode(root));
  vitest = await createVitest('test', { watch: false, run: true, root, reporters: [{}] }, { plugins: [probePlugin] }, {});
  const off = isolationOff(vitest.config);
  const projects = vitest.projects?.length ?? 1;
  if (off !== '' || projects > 1) {
    answer({ id: 0, refused: off || `the config defines ${projects} projects; the warm worker runs one` });
    await vitest.close();
    process.exit(0);
  }
  answer({ id: 0, ready: true, vitest: vitest.version ?? '' });
} catch (err) {
  answer({ id: 0, refused: `vitest/node did not start: ${String(err?.stack ?? err).split('\n').slice(0, 3).join(' ')}` });
  process.exit(0);
}

const req = join(dir, 'req.json');
for (;;) {
  if (!existsSync(req)) {
    await sleep(2);
    continue;
  }
  const r = JSON.parse(readFileSync(req, 'utf8'));
  unlinkSync(req);
  const out = { id: r.id, tests: [], files: [], errors: [], refused: '' };
  try {
    probe = { id: realOf(resolve(root, r.probe.path)), file: r.probe.file, token: r.probe.token };
    if (!skipInvalidate) for (const f of r.invalidate) vitest.invalidateFile(realOf(resolve(root, f)));
    const all = await vitest.globTestSpecifications();
    const want = new Set(r.tests.map((f) => resolve(root, f)));
    const specs = r.tests.length ? all.filter((s) => want.has(s.moduleId)) : all;
    if (specs.length !== (r.tests.length || specs.length) || specs.length === 0) {
      out.refused = `vitest's own test files do not include every file asked for (${r.tests.join(', ')})`;
    } else {
      const res = await vitest.runTestSpecifications(specs, false);
      for (const m of res.testModules) {
        const file = relative(root, m.moduleId).split('\\').join('/');
        if (m.errors().length > 0 || m.state() === 'failed' && [...m.children.allTests()].length === 0) out.files.push(file);
        for (const t of m.children.allTests()) {
          const state = t.result().state;
          out.tests.push({ file, name: t.fullName, state });
        }
      }
      for (const e of res.unhandledErrors ?? []) out.errors.push(String(e?.message ?? e));
    }
  } catch (err) {
    out.errors.push(String(err?.stack ?? err).split('\n').slice(0, 3).join(' '));
  }
  answer(out);
}
