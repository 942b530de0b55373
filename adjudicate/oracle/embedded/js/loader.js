// loader: require for the provided modules, and the entry points Go calls (runAll, fire, uncaught,
// finish). The last part of the embedded runtime.
  // ---------------------------------------------------------------- require
  function require(spec) {
    const name = String(spec).replace(/^node:/, '');
    switch (name) {
      case 'test': return testModule;
      case 'assert': return assertLoose;
      case 'assert/strict': return assertStrict;
      case 'path': case 'path/posix': return pathModule;
      case 'timers': return timersModule();
      case 'timers/promises': return timersPromises();
      case 'events': return eventsModule();
      case 'util': return utilModule();
      case 'util/types': return utilModule().types;
      case 'os': return osModule();
      case 'crypto': return cryptoModule();
      case 'buffer': return makeBuffer();
      case 'querystring': return querystringModule();
      case 'url': return urlModule();
      case 'string_decoder': return stringDecoderModule();
      case 'tty': return ttyModule();
      // node:process is the global process object itself, as in Node.
      case 'process': return g.process;
      case 'fs': return fsModule();
      case 'fs/promises': return fsModule().promises;
      case 'vitest': return vitestModule;
      case '@jest/globals': return jestModule;
      case 'mocha': return mochaModule;
      case 'uvu': return uvuModule;
      case 'tape': return tapeModule;
      case 'ava': return avaModule;
      case 'tap': return tapModule;
    }
    const e = new Error("Cannot find module '" + spec + "': the embedded runner provides only node:test, node:assert, node:path, node:timers, node:events, node:util, node:os, node:crypto, node:buffer, node:querystring, node:url, node:string_decoder, node:tty (no terminal), node:process, node:fs (read-only, the repository), vitest, @jest/globals, mocha, uvu, tape, ava and tap; use --runner node");
    e.code = 'MODULE_NOT_FOUND';
    throw e;
  }
  // require.resolve and require.cache: js/requireresolve.js.
  require.resolve = function resolve(spec, options) { return resolveForRequire(spec, options); };
  require.cache = makeRequireCache();
  g.require = require;

  // runAll runs every declared test; Go drives the event loop until it settles.
  async function runAll() {
    if (host.framework === 'mocha') return mochaRun();
    if (host.framework === 'uvu') return uvuRun();
    if (host.framework === 'tape') return tapeRun();
    if (host.framework === 'ava') return avaRun();
    if (host.framework === 'tap') return tapRun();
    await runSuite(root);
    if (!bailed) await jRunSuite(jRoot);
    if ((framework === 'jest' || framework === 'vitest') && host.framework !== 'node:test' && !declared.length && !jDeclared.length && !results.length) {
      // Both runners fail a test file that declares no test; node --test passes it.
      fileFailure(new Error(framework === 'jest' ? 'Your test suite must contain at least one test.' : 'No test suite found in file ' + host.entry), 'empty');
    }
  }

  // uncaught attributes an error thrown from a timer or left as an unhandled rejection: to the
  // running test, else to the file.
  function uncaught(err, rejection) {
    if (mochaUncaught(err, rejection)) return;
    if (uvuUncaught(err)) return;
    if (tapeUncaught(err)) return;
    if (avaUncaught(err)) return;
    if (tapUncaught(err)) return;
    if (jestUncaught(err)) return;
    if (running && running.kind === 'test' && !running.result) {
      if (running.uncaught === undefined) running.uncaught = err;
      return;
    }
    fileFailure(err, 'uncaught');
  }

  // finish fails every declared test that never finished: the event loop ran dry (or the run was
  // stopped) while it was still pending, as Node reports it.
  function finish(reason) {
    const code = g.process.exitCode;
    if (code !== undefined && code !== null && Number(code) !== 0) {
      fileFailure(new Error('process.exitCode was set to ' + code), 'exit code');
    }
    for (const t of declared) {
      if (!t.result && !(t.opts && t.opts.skip) && !(bailed && !t.started)) {
        record(t, 'fail', new Error(reason));
      }
    }
    jestFinish(reason);
    mochaFinish(reason);
    uvuFinish(reason);
    tapeFinish();
    avaFinish(reason);
    tapFinish();
    return JSON.stringify(results);
  }

  // currentTest names the test whose body or hooks are running, for the value trace (value.go):
  // as results name it, "" when none is.
  function currentTest() {
    if (host.framework === 'mocha') { const t = mState.current || mState.test; return t && t.parent ? mName(t) : ''; }
    if (host.framework === 'uvu') { const c = uvuState.current; return c ? uvuName(c.suite, c.title) : ''; }
    if (host.framework === 'tape') { const r = tapeState.current && tapeRecords.get(tapeState.current); return r ? r.name : ''; }
    if (jRunning) return jRunning.path.join(SEP);
    if (running && !running.result) return running.path.join(' > ');
    return '';
  }

  return { runAll, fire, uncaught, finish, currentTest, results: () => JSON.stringify(results), inspect, errorText };
