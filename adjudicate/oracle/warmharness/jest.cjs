// The warm jest worker (docs/warm-workers.md): one long-lived Node process per sandbox that keeps
// the project's own jest (its `runCLI`, from the project's `jest` or `@jest/core`) loaded across
// mutant runs, each run in band, watchman off, its cache in the worker's sandbox directory. bond
// writes each request as req.json in the worker's directory; the worker runs the named test files
// (as the cold command names them) and writes what every test did as res.json. Every transform
// entry of the project's config is wrapped by warm-jest-transform.cjs (next to this file), which
// appends the request's probe statement to the mutated module's transformed code when jest hands
// it the bytes bond placed. The worker never judges a run: bond reads the probe file the module
// wrote and decides whether to trust the answer.
//
// It refuses, by name, every configuration that loads project code into the worker's own process,
// where it would outlive one run (a custom testEnvironment, runner, testRunner, resolver,
// moduleLoader, testSequencer, snapshotResolver, dependencyExtractor, haste implementation,
// globalSetup/globalTeardown, testResultsProcessor, a transformer outside node_modules), several
// projects, jest older than 27, and a Node without process.getBuiltinModule. After each run it
// checks the process for state a test left behind (its directory, handles, process listeners)
// and reports it as an error, so bond throws the answer away and replaces the worker.
//
// argv: the sandbox root, the worker's directory, the cache directory, and options as JSON:
// `ci` passes --ci on (the oracle command's); `keepMtime` (tests only) reproduces jest's
// stale-transform failure mode: jest's in-memory transform cache is keyed by a file's path and
// modification time, so a mutant written with the first run's mtime is served that run's code.
'use strict';
const { existsSync, readFileSync, realpathSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');
const { setTimeout: sleep } = require('node:timers/promises');

const [root, dir, cacheDir, optsJSON] = process.argv.slice(2);
const opts = JSON.parse(optsJSON || '{}');
const keepMtime = opts.keepMtime === true;
const KEY = Symbol.for('warm-jest-probe');
// IDENTITY is the pattern of the JavaScript files bond's wrapper hands back untransformed.
const IDENTITY = '^.+\\.[cm]?jsx?$';

function answer(msg) {
  const tmp = join(dir, 'res.tmp');
  writeFileSync(tmp, JSON.stringify(msg));
  renameSync(tmp, join(dir, 'res.json'));
}

function realOf(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function first(err) {
  return String(err?.stack ?? err).split('\n').slice(0, 3).join(' ');
}

// jestCore finds the project's own runCLI and jest-config, as the project's jest would load them.
function jestCore() {
  const jestPkg = require.resolve('jest/package.json', { paths: [root] });
  const version = JSON.parse(readFileSync(jestPkg, 'utf8')).version ?? '';
  const major = Number(version.split('.')[0]);
  if (!(major >= 27)) throw new Refusal(`jest ${version} is older than 27, whose programmatic API the warm worker drives`);
  const from = { paths: [dirname(jestPkg)] };
  const core = require(require.resolve('@jest/core', from));
  const config = require(require.resolve('jest-config', { paths: [dirname(require.resolve('@jest/core', from))] }));
  return { runCLI: core.runCLI, readConfigs: config.readConfigs, version };
}

class Refusal extends Error {}

// shown is p as the refusal names it: relative to the root when under it.
const shown = (p) => (typeof p === 'string' && p.startsWith(root + '/') ? relative(root, p) : p);

const inNodeModules = (p) => typeof p === 'string' && /[\\/]node_modules[\\/]/.test(p);

// leaks names the configuration that would load project code into this process, where it
// outlives one run (cold jest loads it afresh each run), or ''.
function leaks(g, c) {
  const own = [
    ['testEnvironment', c.testEnvironment, /[\\/]node_modules[\\/]jest-environment-(node|jsdom)[\\/]/],
    ['runner', c.runner, /[\\/]node_modules[\\/]jest-runner[\\/]/],
    ['testRunner', c.testRunner, /[\\/]node_modules[\\/](jest-circus|jest-jasmine2)[\\/]/],
    ['testSequencer', g.testSequencer, /[\\/]node_modules[\\/]@jest[\\/]test-sequencer[\\/]/],
  ];
  for (const [name, value, ok] of own) {
    if (value && !ok.test(value)) return `the config's ${name} is ${shown(value)}, which the worker would keep loaded from run to run`;
  }
  for (const [name, value] of [['resolver', c.resolver], ['moduleLoader', c.moduleLoader], ['snapshotResolver', c.snapshotResolver],
    ['dependencyExtractor', c.dependencyExtractor], ['haste.hasteImplModulePath', c.haste?.hasteImplModulePath],
    ['globalSetup', c.globalSetup ?? g.globalSetup], ['globalTeardown', c.globalTeardown ?? g.globalTeardown],
    ['testResultsProcessor', g.testResultsProcessor]]) {
    if (value) return `the config sets ${name} (${shown(value)}): project code the worker would run in its own process, where its state outlives one run`;
  }
  for (const [pattern, path] of c.transform ?? []) {
    if (!inNodeModules(path)) return `the config's transform ${pattern} is ${shown(path)}, project code the worker would keep loaded from run to run`;
  }
  return '';
}

// residue is what the process holds that a test may have left: compared before and after a run.
function residue() {
  const count = {};
  for (const r of process.getActiveResourcesInfo()) count[r] = (count[r] ?? 0) + 1;
  const listeners = {};
  for (const ev of process.eventNames()) listeners[String(ev)] = process.listenerCount(ev);
  return { cwd: process.cwd(), count, listeners };
}

function grown(before, after) {
  if (after.cwd !== before.cwd) return `a test changed the worker's directory to ${after.cwd}`;
  for (const [k, n] of Object.entries(after.count)) {
    if (k !== 'TTYWrap' && n > (before.count[k] ?? 0)) return `a test left ${n - (before.count[k] ?? 0)} ${k} handle(s) running in the worker`;
  }
  for (const [k, n] of Object.entries(after.listeners)) {
    if (n > (before.listeners[k] ?? 0)) return `a test left ${n - (before.listeners[k] ?? 0)} process '${k}' listener(s) in the worker`;
  }
  return '';
}

async function main() {
  if (typeof process.getBuiltinModule !== 'function') {
    throw new Refusal(`Node ${process.version} has no process.getBuiltinModule, which the probe statement needs (Node 20.16 or later)`);
  }
  const jest = jestCore();
  // stdout and stderr open their handles on first use, which jest's first run would otherwise
  // count as a handle a test left behind.
  void process.stdout;
  void process.stderr;
  const base = { _: [], $0: 'jest', watchman: false, cacheDirectory: cacheDir };
  const { globalConfig, configs } = await jest.readConfigs(base, [root]);
  if (configs.length !== 1) throw new Refusal(`the config defines ${configs.length} projects; the warm worker runs one`);
  const why = leaks(globalConfig, configs[0]);
  if (why) throw new Refusal(why);
  const wrapper = join(__dirname, 'warm-jest-transform.cjs');
  const transform = {};
  for (const [pattern, path, options] of configs[0].transform ?? []) transform[pattern] = [wrapper, { path, options: options ?? {} }];
  // A JavaScript file no entry of the project's transforms (a config whose transform names only
  // TypeScript: jest then loads .js files as written) gets the wrapper with no transformer of its
  // own, which hands the code back as it is: jest loads it exactly as before, and the probe can
  // travel with the mutated module's code. Last, so every project entry matches first.
  if (!(IDENTITY in transform)) transform[IDENTITY] = [wrapper, { path: '', options: {} }];
  const argv = {
    ...base, runInBand: true, cache: true, coverage: false, collectCoverage: false, reporters: [], silent: true,
    watch: false, watchAll: false, forceExit: false, detectOpenHandles: false, transform: JSON.stringify(transform),
    ...(opts.ci ? { ci: true } : {}),
  };
  return { jest, argv, config: configs[0] };
}

async function run(w, r) {
  const out = { id: r.id, tests: [], files: [], errors: [], refused: '' };
  const abs = realOf(resolve(root, r.probe.path));
  if (keepMtime) {
    // The seam: the mutated file keeps the mtime it had on the worker's first run.
    w.mtime ??= statSync(abs).mtime;
    utimesSync(abs, w.mtime, w.mtime);
  }
  const matched = [...(w.config.transform ?? []).map(([p]) => p), IDENTITY].some((p) => new RegExp(p).test(abs)) &&
    !(w.config.transformIgnorePatterns ?? []).some((p) => new RegExp(p).test(abs));
  if (!matched) {
    out.refused = `the config does not transform ${r.probe.path}, so the probe cannot travel with its code`;
    return out;
  }
  globalThis[KEY] = { path: abs, file: r.probe.file, token: r.probe.token, sha256: r.probe.sha256 };
  const before = residue();
  try {
    const { results } = await w.jest.runCLI({ ...w.argv, _: r.tests }, [root]);
    if (results.numTotalTestSuites === 0) {
      out.refused = `jest found no test file for ${r.tests.join(', ') || 'its own discovery'}`;
      return out;
    }
    for (const f of results.testResults) {
      const file = relative(root, f.testFilePath).split('\\').join('/');
      if (f.testExecError || f.failureMessage && f.numFailingTests === 0) out.files.push(file);
      for (const a of f.testResults) out.tests.push({ file, name: [...a.ancestorTitles, a.title].join(' > '), state: a.status });
    }
    if (results.runExecError) out.errors.push(String(results.runExecError.message ?? results.runExecError));
  } catch (err) {
    out.errors.push(first(err));
  } finally {
    globalThis[KEY] = null;
  }
  const left = grown(before, residue());
  if (left) out.errors.push(left);
  return out;
}

(async () => {
  let w;
  try {
    w = await main();
  } catch (err) {
    answer({ id: 0, refused: err instanceof Refusal ? err.message : `jest did not start: ${first(err)}` });
    process.exit(0);
  }
  answer({ id: 0, ready: true, jest: w.jest.version });
  const req = join(dir, 'req.json');
  for (;;) {
    if (!existsSync(req)) {
      await sleep(2);
      continue;
    }
    const r = JSON.parse(readFileSync(req, 'utf8'));
    unlinkSync(req);
    let out;
    try {
      out = await run(w, r);
    } catch (err) {
      out = { id: r.id, tests: [], files: [], errors: [first(err)], refused: '' };
    }
    answer(out);
  }
})();
