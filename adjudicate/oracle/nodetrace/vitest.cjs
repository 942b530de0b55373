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

    // Neighbours (hook.cjs): the test file's own entry calls, made again with one argument
    // changed, once vitest has taken the file's coverage. vitest takes it in the worker when the
    // file's tests and hooks are done (the runner's onAfterRunFiles), then restores every
    // vi.spyOn (vi.restoreAllMocks, called from its runBaseTests) and, where it isolates each
    // file, stops coverage: bond's afterAll spies on an object of its own, and the calls are made
    // when that spy is restored from there (the stack says so), the modules still loaded. Only
    // where vitest isolates each test file (pool threads or forks, isolate on: its default), so
    // the next coverage it takes starts from stopped counters; a worker that runs further files
    // keeps counting, and would count the calls into the next file's coverage: it makes none,
    // and the trace names the file. A test's own vi.restoreAllMocks after bond's afterAll
    // restores the spy too: it is put back, and the calls wait. Their console output is dropped,
    // and NODE_V8_COVERAGE counts none of their lines (neighboursUncounted).
    const spyOn = vi !== null && typeof vi === 'object' ? vi.spyOn : undefined;
    let isolated = false;
    try {
      // Read before the test file runs, as vitest decides it: from vitest 1 by pool and
      // poolOptions (its runBaseTests); in 0.34 by isolate on the threads pool (one worker per
      // file; its child_process pool and a single thread are not taken for isolated).
      const c = globalThis.__vitest_worker__.config; // eslint-disable-line no-undef
      if (typeof c.pool === 'string') {
        const po = c.poolOptions !== null && typeof c.poolOptions === 'object' ? c.poolOptions : {};
        const on = function (o) { return !(o !== null && typeof o === 'object' && o.isolate === false); };
        isolated = (c.pool === 'threads' && on(po.threads)) || (c.pool === 'forks' && on(po.forks));
      } else {
        isolated = c.isolate !== false && c.threads !== false && c.singleThread !== true;
      }
    } catch (_) { isolated = false; }
    const consoleKeys = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog', 'count', 'countReset', 'assert'];
    let testConsole = null;
    try { testConsole = console; } catch (_) { }
    // stackLines is the stack here, a frame a line ([] where a test made the formatter its own).
    const stackLines = function () {
      const st = plainStack();
      return st === '' ? [] : apply(strSplit, st, ['\n']);
    };
    // runBase is the file of vitest's own that runs each test file ("file:///…/runBaseTests.X.js:"
    // in vitest 3, ".../vitest/dist/entry.js:" in 0.34) as its frames name it: the caller of
    // @vitest/runner's startTests on the stack that runs this setup file before the test file. No
    // code of the test's is on that stack, and no test can put a frame in that file later.
    let runBase = '';
    {
      const lines = stackLines();
      for (let i = 0; i + 1 < lines.length; i++) {
        if (!has(lines[i], ' startTests (')) continue;
        // "at run (file:///…)", "at file:///…", or "at async file:///…" for an awaited caller.
        const l = lines[i + 1];
        const open = apply(strIndexOf, l, ['(']);
        let from = open >= 0 ? open + 1 : apply(strIndexOf, l, ['at ']) + 3;
        if (apply(strStartsWith, l, ['async ', from])) from += 6;
        const end = apply(strIndexOf, l, ['.js:', from]);
        if (end > from) runBase = apply(strSlice, l, [from, end + 4]);
        break;
      }
    }
    // afterCoverage: the spy is being restored by vitest's own restoreAllMocks after the file,
    // the frame below restoreAllMocks being runBase's.
    const afterCoverage = function () {
      if (runBase === '') return false;
      const lines = stackLines();
      for (let i = 0; i + 1 < lines.length; i++) {
        if (has(lines[i], '.restoreAllMocks (')) return has(lines[i + 1], runBase);
      }
      return false;
    };
    const missedNote = file + (!isolated ? ' (vitest runs further test files in this worker — isolate off, or a pool other than threads or forks — whose coverage would count the calls)'
      : typeof spyOn !== 'function' ? ' (vitest gives no vi.spyOn, by whose restore bond knows the file\'s coverage was taken)'
        : ' (vitest\'s restore of its spies after the file\'s coverage was not recognised)');
    const armNeighbours = armOnRestore(spyOn, vi, afterCoverage, function () {
      dropMissed(missedNote);
      neighboursMuted(testConsole, consoleKeys);
      flush();
    });
    if (typeof after === 'function') {
      try {
        apply(after, null, [function () {
          // Until vitest's restore makes them, this file's neighbour calls count as not made: a
          // restore bond does not recognise leaves the note in the trace, and the report names it.
          if (S.neighbours === true) push(neighboursMissed, missedNote);
          flushed = true;
          flush();
          if (S.neighbours === true && isolated) armNeighbours();
        }]);
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
