  // ----- jest (jest.cjs, put into hook.cjs's closure by PrepareJest) -----
  //
  // Under jest this file is no preload: jest runs each test file in a context of its own with a
  // module registry of its own, whose requires never reach Module._load. bond hands it to jest as
  // a setup file (setupFilesAfterEnv, before the project's own), so it runs in each test file's
  // context before the test file does, with that context's built-ins captured above (a value the
  // package makes is one of the context's: Map, Date and Error read as such). For the test file
  // now running (expect's testPath) it registers, with jest.mock, a factory for each repository
  // module bond found the file requires or imports (esbuild, before the run): the factory loads
  // the real module (jest.requireActual; calls the package makes while it loads are not the
  // test's) and hands back its exports wrapped as Module._load wraps them. A test's own
  // jest.mock, jest.unmock or jest.requireActual of such a module wins over bond's, and its calls
  // then go unrecorded, in every run alike. jest's mocks are per registry, not per requirer: a
  // module the test file requires and the package requires too is wrapped for both, and a call
  // the package makes into it outside any recorded call (a timer) is recorded as the test's.
  //
  // jest's `process` in the context is a copy whose exit event never fires: the trace file is
  // written when the file's tests end (a root afterAll, registered before the test file's own)
  // and written again after every call recorded or settled later, each time to a file of its own
  // renamed over the last.
  if (S.jest === true) {
    const jestMock = jest.mock; // eslint-disable-line no-undef
    const requireActual = jest.requireActual; // eslint-disable-line no-undef
    const renameSync = fs.renameSync;
    let expectState = null, getState = null;
    try { expectState = expect; getState = expect.getState; } catch (_) { } // eslint-disable-line no-undef
    let testPath = '';
    try { testPath = apply(getState, expectState, []).testPath; } catch (_) { }
    const file = rel(testPath);
    let idx = -1;
    for (let i = 0; i < S.tests.length; i++) if (S.tests[i] === file) idx = i;
    if (file !== '' && seenTests[file] !== true) { seenTests[file] = true; push(seenList, file); }
    const mods = S.jestModules !== null && typeof S.jestModules === 'object' && isArray(S.jestModules[file]) ? S.jestModules[file] : null;
    if (file === '' || mods === null) {
      push(unlisted, (file === '' ? 'jest ran' : file) + ' was not among the test files jest listed before the run, so bond wrapped none of its imports');
    } else {
      for (let i = 0; i < mods.length; i++) {
        const m = mods[i], abs = S.root + '/' + m;
        try {
          jestMock(abs, function () {
            let exp;
            depth++;
            try { exp = requireActual(abs); } finally { depth--; }
            return wrap(file, m + '#', exp, true);
          });
        } catch (e) {
          push(unlisted, file + ' requires ' + m + ', which bond could not register with jest.mock: ' + (e && typeof e.message === 'string' ? e.message : 'unknown error'));
        }
      }
    }
    jestTest = function () {
      try { const n = apply(getState, expectState, []).currentTestName; return typeof n === 'string' ? n : ''; } catch (_) { return ''; }
    };
    const name = S.dir + '/trace-' + pid + '-' + (idx >= 0 ? idx : 'u' + apply(dateNow, Date, [])) + '.jsonl';
    let flushed = false, writes = 0;
    const flush = function () {
      try {
        const tmp = S.dir + '/part-' + pid + '-' + idx + '-' + (writes++);
        apply(writeFileSync, fs, [tmp, traceText(), { flag: 'wx' }]);
        apply(renameSync, fs, [tmp, name]);
      } catch (_) { }
    };
    recorded = function () { if (flushed) flush(); };
    let after = null;
    try { after = afterAll; } catch (_) { } // eslint-disable-line no-undef
    if (typeof after === 'function') {
      after(function () { flushed = true; flush(); });
    } else {
      push(unlisted, file + ' ran where jest defines no afterAll, so bond could not write its trace');
      flushed = true;
      flush();
    }
    return;
  }
