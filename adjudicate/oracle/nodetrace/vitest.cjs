  // ----- vitest (vitest.cjs, put into hook.cjs's closure by PrepareVitest) -----
  //
  // Under vitest this file is no preload: vitest runs each test file through its own module
  // runner, whose imports never reach Module._load. bond hands it to vitest as the first of
  // setupFiles (through a config of its own that loads the project's and puts bond's file before
  // the project's list, vitest.go), as an ES module whose lines above the hook import vitest's
  // `vi`, `expect` and `afterAll` (__bondVitest) and make `require`. So it runs in each test
  // file's context before the test file does. For the test file now running (expect's testPath)
  // it registers, with vi.doMock, a factory for each repository module bond found the file
  // imports (esbuild, before the run): the factory loads the real module (importOriginal; calls
  // the package makes while it loads are not the test's) and hands back its namespace wrapped
  // as Module._load wraps a module's exports. The wrapper is a proxy that reads the namespace at
  // each access, so live bindings stay live and every named export is there. A test's own
  // vi.mock, vi.doMock or vi.importActual of such a module wins over bond's, and its calls then
  // go unrecorded, in every run alike. vitest's mocks are per module graph, not per importer: a
  // module the test file imports and the package imports too is wrapped for both, and a call
  // the package makes into it outside any recorded call (a timer) is recorded as the test's.
  //
  // vitest's workers (threads or forks) may outlive a test file or be ended without an exit
  // event: the trace file is written when the file's tests end (a root afterAll, registered
  // before the test file's own) and written again after every call recorded or settled later,
  // each time to a file of its own renamed over the last.
  if (S.vitest === true) {
    const V = __bondVitest; // eslint-disable-line no-undef
    const vi = V.vi, expectFn = V.expect, after = V.afterAll;
    const doMock = vi !== null && typeof vi === 'object' ? vi.doMock : undefined;
    // vitest 0.34's vi.doMock calls its factory with no importOriginal (only vi.mock's gets one):
    // the factory then loads the real module through vi.importActual, which is what vitest 1 and
    // later hand it as importOriginal (the same module instance the package itself imports).
    const importActual = vi !== null && typeof vi === 'object' ? vi.importActual : undefined;
    const renameSync = fs.renameSync;
    const mathRandom = Math.random;
    let getState = null;
    try { getState = expectFn.getState; } catch (_) { }
    // The test file about to run: vitest names it in its worker state
    // (globalThis.__vitest_worker__.filepath, set before the file's setup files run), read first;
    // else expect's testPath, which vitest 1 and later set before the setup files too. vitest
    // 0.34 sets expect's only as each test starts (onBeforeTryTest): empty for a worker's first
    // file, and the previous file's for the next one where one process runs several files (its
    // child_process pool, --threads=false), so it is read only when the worker state names none.
    let testPath = '';
    try {
      const ws = globalThis.__vitest_worker__; // eslint-disable-line no-undef
      const fp = ws !== null && typeof ws === 'object' ? ws.filepath : undefined;
      testPath = typeof fp === 'string' ? fp : '';
    } catch (_) { testPath = ''; }
    if (testPath === '') {
      try { testPath = apply(getState, expectFn, []).testPath; } catch (_) { }
    }
    const file = rel(testPath);
    if (file !== '' && seenTests[file] !== true) { seenTests[file] = true; push(seenList, file); }
    const mods = S.vitestModules !== null && typeof S.vitestModules === 'object' && file !== '' && isArray(S.vitestModules[file]) ? S.vitestModules[file] : null;
    if (file === '') {
      push(unlisted, 'vitest ran was a file bond could not name (neither expect\'s testPath nor vitest\'s worker state gave its path in the repository), so bond wrapped none of its imports');
    } else if (mods === null) {
      push(unlisted, file + ' was not among the files bond scanned before the run, so bond wrapped none of its imports');
    } else if (S.vitestUnresolved !== null && typeof S.vitestUnresolved === 'object' && isArray(S.vitestUnresolved[file]) && S.vitestUnresolved[file].length > 0) {
      push(unlisted, file + ' imports ' + S.vitestUnresolved[file][0] + ', which bond could not resolve (an alias of vitest\'s config, which bond does not read?), so calls through it would go unrecorded');
    } else if (typeof doMock !== 'function') {
      push(unlisted, file + ' ran where vitest gives no vi.doMock, so bond wrapped none of its imports');
    } else {
      for (let i = 0; i < mods.length; i++) {
        const m = mods[i], abs = S.root + '/' + m;
        try {
          apply(doMock, vi, [abs, function (importOriginal) {
            depth++;
            let p;
            try {
              p = typeof importOriginal === 'function' ? importOriginal() : apply(importActual, vi, [abs]);
            } catch (e) { depth--; throw e; }
            return apply(promiseThen, p, [function (exp) { depth--; return wrap(file, m + '#', exp, true); }, function (e) { depth--; throw e; }]);
          }]);
        } catch (e) {
          push(unlisted, file + ' imports ' + m + ', which bond could not register with vi.doMock: ' + (e && typeof e.message === 'string' ? e.message : 'unknown error'));
        }
      }
    }
    jestTest = function () {
      try { const n = apply(getState, expectFn, []).currentTestName; return typeof n === 'string' ? n : ''; } catch (_) { return ''; }
    };
    let idx = -1;
    const files = S.vitestFiles;
    if (isArray(files)) for (let i = 0; i < files.length; i++) if (files[i] === file) idx = i;
    // One name per test file: its place among the files bond scanned, or, for one it did not
    // scan, the time and a random tail (such a trace is unavailable whatever it holds).
    const tag = idx >= 0 ? '' + idx : 'u' + apply(dateNow, Date, []) + '-' + apply(strSlice, '' + apply(mathRandom, Math, []), [2]);
    const name = S.dir + '/trace-' + pid + '-' + thread + '-' + tag + '.jsonl';
    let flushed = false, writes = 0;
    const flush = function () {
      try {
        const tmp = S.dir + '/part-' + pid + '-' + thread + '-' + tag + '-' + (writes++);
        apply(writeFileSync, fs, [tmp, traceText(), { flag: 'wx' }]);
        apply(renameSync, fs, [tmp, name]);
      } catch (_) { }
    };
    recorded = function () { if (flushed) flush(); };
    if (typeof after === 'function') {
      try {
        apply(after, null, [function () { flushed = true; flush(); }]);
      } catch (_) {
        push(unlisted, file + ' ran where vitest refused bond\'s afterAll, so bond could not write its trace');
        flushed = true;
        flush();
      }
    } else {
      push(unlisted, file + ' ran where vitest gives no afterAll, so bond could not write its trace');
      flushed = true;
      flush();
    }
    return;
  }
