  // ----- jest (jest.cjs, put into hook.cjs's closure by PrepareJest) -----
  //
  // Under jest this file is no preload: jest runs each test file in a context of its own with a
  // module registry of its own, whose requires never reach Module._load. bond hands it to jest as
  // a setup file (setupFilesAfterEnv), so it runs in each test file's context before the test
  // file does, with that context's built-ins captured above (a value the package makes is one of
  // the context's: Map, Date and Error read as such). For the test file now running (expect's
  // testPath) it registers a factory for each repository module bond found the file requires or
  // imports (esbuild, before the run), which hands back the real module's exports wrapped as
  // Module._load wraps them:
  //  - a CommonJS test file (the setup file is a CommonJS one, run first among
  //    setupFilesAfterEnv): jest.mock, whose factory loads the real module when the test file
  //    first requires it (jest.requireActual; calls the package makes while it loads are not the
  //    test's).
  //  - an ES-module test file (jest's native ESM, under --experimental-vm-modules; the setup file
  //    is then an ES module, run last among setupFilesAfterEnv, and serves CommonJS test files of
  //    the same run as above): jest.unstable_mockModule. Its factory cannot import the real
  //    module (jest would hand the import the mock again), so the setup file imports each module
  //    itself before it registers the mock: after the project's own setup files (whose mocks
  //    and globals the module then sees, as the test file's import would), and before the test
  //    file's imports are linked, which jest does only once every setup file has run. The mock
  //    is a module whose exports jest copies from the wrapper once: an export the package
  //    reassigns later (`export let`) would read stale in the test file, so a file whose import
  //    changed an export by the time its tests end makes the trace unavailable, by name.
  // A test's own jest.mock, jest.unstable_mockModule, jest.unmock or jest.requireActual of such a
  // module wins over bond's, and its calls then go unrecorded, in every run alike. jest's mocks
  // are per registry, not per requirer: a module the test file requires and the package requires
  // too is wrapped for both, and a call the package makes into it outside any recorded call (a
  // timer) is recorded as the test's.
  //
  // jest's `process` in the context is a copy whose exit event never fires: the trace file is
  // written when the file's tests end (a root afterAll, registered before the test file's own)
  // and written again after every call recorded or settled later, each time to a file of its own
  // renamed over the last.
  if (S.jestSetup === true) {
    // The ES-module setup file's lines above the hook hand it jest's API (__bondJest, from
    // @jest/globals); the CommonJS one reads the globals jest gives a setup file.
    const J = S.jestESM === true ? __bondJest : null; // eslint-disable-line no-undef
    let jestObj = null;
    try { jestObj = J !== null ? J.jest : jest; } catch (_) { } // eslint-disable-line no-undef
    const jestMock = jestObj !== null && typeof jestObj === 'object' ? jestObj.mock : undefined;
    const requireActual = jestObj !== null && typeof jestObj === 'object' ? jestObj.requireActual : undefined;
    const mockModule = jestObj !== null && typeof jestObj === 'object' ? jestObj.unstable_mockModule : undefined;
    const renameSync = fs.renameSync;
    let expectState = null, getState = null;
    try { expectState = J !== null ? J.expect : expect; getState = expectState.getState; } catch (_) { } // eslint-disable-line no-undef
    let testPath = '';
    try { testPath = apply(getState, expectState, []).testPath; } catch (_) { }
    const file = rel(testPath);
    let idx = -1;
    for (let i = 0; i < S.tests.length; i++) if (S.tests[i] === file) idx = i;
    if (file !== '' && seenTests[file] !== true) { seenTests[file] = true; push(seenList, file); }
    const mods = S.jestModules !== null && typeof S.jestModules === 'object' && isArray(S.jestModules[file]) ? S.jestModules[file] : null;
    let esmFile = false;
    if (file !== '' && isArray(S.jestESMTests)) for (let i = 0; i < S.jestESMTests.length; i++) if (S.jestESMTests[i] === file) esmFile = true;
    // Exports of the modules an ES-module test file imports, as bond's wrappers saw them when
    // the mocks were registered: compared when the file's tests end (stale, above).
    const exported = [];
    let unpatch = function () { };
    if (file === '' || mods === null) {
      push(unlisted, (file === '' ? 'jest ran' : file) + ' was not among the test files jest listed before the run, so bond wrapped none of its imports');
    } else if (esmFile && typeof mockModule !== 'function') {
      push(unlisted, file + ' is an ES module, and this jest gives no jest.unstable_mockModule (jest 27.1 or later does), so bond wrapped none of its imports');
    } else if (esmFile) {
      // Live bindings: jest's mock of a module is a vm.SyntheticModule whose exports it sets once
      // from bond's wrapper, calling setExport on the module's internal record (Node's
      // ModuleWrap, the evaluation callback's `this`, whose prototype a probe module of bond's
      // shows). bond holds each mock's record (seen, while the test file's imports are linked,
      // setting an export to one of bond's wrapped values, through a setExport of bond's put on
      // that prototype only until every mock is seen or the file's tests end) and sets an export
      // again after every recorded call that changed the binding.
      let smProto = null, setExport = null;
      const byValue = new MapCtor();
      let waiting = 0;
      const patched = function (name, value) {
        try {
          const e = value !== null && (typeof value === 'object' || typeof value === 'function') ? apply(mapGet, byValue, [value]) : undefined;
          if (e !== undefined && e.mod === null) {
            e.mod = this;
            waiting--;
            if (waiting <= 0) unpatch();
          }
        } catch (_) { }
        return apply(setExport, this, [name, value]);
      };
      unpatch = function () {
        try { if (smProto !== null && smProto.setExport === patched) smProto.setExport = setExport; } catch (_) { }
      };
      const sync = function (e) {
        return function () {
          if (e.mod === null) return;
          for (let k = 0; k < e.keys.length; k++) {
            let v;
            try { v = e.ns[e.keys[k]]; } catch (_) { continue; }
            if (v === e.vals[k] || (v !== v && e.vals[k] !== e.vals[k])) continue;
            e.vals[k] = v;
            try { apply(setExport, e.mod, [e.keys[k], e.w[e.keys[k]]]); } catch (_) { }
          }
        };
      };
      J.wait = (async function () {
        try {
          let p = null;
          const probe = new (require('vm').SyntheticModule)([], function () { p = getProto(this); });
          await probe.link(function () { });
          await probe.evaluate();
          if (p !== null && typeof p.setExport === 'function') { smProto = p; setExport = p.setExport; }
        } catch (_) { }
        for (let i = 0; i < mods.length; i++) {
          const m = mods[i], abs = S.root + '/' + m;
          let ns;
          depth++;
          try {
            ns = await import(abs);
          } catch (e) {
            push(unlisted, file + ' imports ' + m + ', which bond could not import before the test file: ' + (e && typeof e.message === 'string' ? e.message : 'unknown error'));
            continue;
          } finally {
            depth--;
          }
          const keys = ownKeys(ns), vals = [];
          for (let k = 0; k < keys.length; k++) { try { push(vals, ns[keys[k]]); } catch (_) { push(vals, undefined); } }
          const w = wrap(file, m + '#', ns, true);
          const e = { m: m, ns: ns, keys: keys, vals: vals, w: w, mod: null };
          push(exported, e);
          if (smProto !== null) {
            let marked = false;
            for (let k = 0; k < keys.length; k++) {
              let v;
              try { v = w[keys[k]]; } catch (_) { continue; }
              if (v !== null && (typeof v === 'object' || typeof v === 'function') && apply(mapGet, byValue, [v]) === undefined) { apply(mapSet, byValue, [v, e]); marked = true; }
            }
            if (marked) {
              waiting++;
              if (syncs.length < MAX_SYNCS) push(syncs, sync(e));
            }
          }
          try {
            apply(mockModule, jestObj, [abs, function () { return w; }]);
          } catch (e) {
            push(unlisted, file + ' imports ' + m + ', which bond could not register with jest.unstable_mockModule: ' + (e && typeof e.message === 'string' ? e.message : 'unknown error'));
          }
        }
        if (waiting > 0 && smProto !== null) {
          try { smProto.setExport = patched; } catch (_) { }
        }
      })();
    } else if (typeof jestMock !== 'function' || typeof requireActual !== 'function') {
      push(unlisted, file + ' ran where jest gives no jest.mock, so bond wrapped none of its imports');
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

    // Neighbours (hook.cjs): the test file's own entry calls, made again with one argument
    // changed, once jest has taken the file's coverage. jest copies a test file's coverage (its
    // own, V8's or babel's) after the file's last hook and before it tears the file's runtime
    // down, whose first step restores every jest.spyOn: bond's afterAll spies on an object of
    // its own, and the neighbour calls are made when that spy is restored from within
    // jest-runtime's teardown (the stack says so), the modules still loaded. A test's own
    // jest.restoreAllMocks after bond's afterAll restores it too: the spy is put back, and the
    // calls wait for the teardown. Their console output is dropped (jest has frozen the
    // console and fails a run that logs after its tests), and NODE_V8_COVERAGE counts none of
    // their lines (neighboursUncounted). A teardown bond does not recognise makes none.
    const spyOn = jestObj !== null && typeof jestObj === 'object' ? jestObj.spyOn : undefined;
    const consoleKeys = ['_log', '_logError', 'log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'dirxml', 'table', 'group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog', 'count', 'countReset', 'assert'];
    let testConsole = null;
    try { testConsole = console; } catch (_) { }
    const missedNote = file + ' (jest\'s teardown of the file was not recognised)';
    const armNeighbours = armOnRestore(spyOn, jestObj, function () { return has(plainStack(), 'Runtime.teardown ('); }, function () {
      dropMissed(missedNote);
      neighboursMuted(testConsole, consoleKeys);
      flush();
    });
    let after = null;
    try { after = J !== null ? J.afterAll : afterAll; } catch (_) { } // eslint-disable-line no-undef
    // stale names the first export of an ES-module test file's import that changed since bond
    // registered its wrapper (a reassigned `export let`), "" when none did.
    const stale = function () {
      for (let i = 0; i < exported.length; i++) {
        const e = exported[i];
        for (let k = 0; k < e.keys.length; k++) {
          let v;
          try { v = e.ns[e.keys[k]]; } catch (_) { continue; }
          if (v !== e.vals[k] && !(v !== v && e.vals[k] !== e.vals[k])) return e.m + '\'s export ' + e.keys[k];
        }
      }
      return '';
    };
    if (typeof after === 'function') {
      apply(after, null, [function () {
        unpatch();
        const s = stale();
        if (s !== '') push(unlisted, file + ' imports ' + s + ', which changed after jest copied it into bond\'s mock of the module (a reassigned export binding), so the test file saw its old value under bond\'s wrapper alone');
        // Until the teardown makes them, this file's neighbour calls count as not made: a
        // teardown bond does not recognise (another jest, a test that fixed the stack
        // formatter) leaves the note in the trace, and the report names it.
        if (S.neighbours === true && typeof spyOn === 'function') push(neighboursMissed, missedNote);
        flushed = true;
        flush();
        if (S.neighbours === true) armNeighbours();
      }]);
    } else {
      push(unlisted, file + ' ran where jest defines no afterAll, so bond could not write its trace');
      flushed = true;
      flush();
    }
    return;
  }
