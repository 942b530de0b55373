  // ----- test names (names.cjs, put into hook.cjs's closure by Prepare) -----
  //
  // A recorded call names the test that made it ("suite > test", the embedded runner's
  // spelling), so a witness value from a command runner says which test to look at.
  //  - node:test: nodeTest can hand a test file a copy of `node:test` whose test/it/describe/suite
  //    (and their only/skip/todo) run each body inside an AsyncLocalStorage holding the test's
  //    path. It is NOT used: node:test takes a test's location from the frame that registered it,
  //    which through the copy is this hook, so killed_by read "hook.cjs › suite › test" in traced
  //    runs only (TestSubsetRunsSameVerdicts), and a failing test's stack carried the hook's
  //    frames, pushing its own lines out of the 2 KiB tail. node:test calls name no test until a
  //    way that leaves locations and stacks alone is found.
  //  - mocha: its Runner's run subscribes to the runner's own test and test end events.
  // A name is a label for the reader only: the value detector aligns calls by test file, callee,
  // arguments and rank, never by test name, so a test that mislabels its calls changes no witness.
  let als = null;
  try { als = new (require('async_hooks').AsyncLocalStorage)(); } catch (_) { }
  const alsRun = als === null ? null : als.run;
  const alsGet = als === null ? null : als.getStore;
  let mochaTest = '';
  let testModule = null;
  const arrConcat = Array.prototype.concat;
  const arrJoin = Array.prototype.join;
  const setName = function (f, name, length) {
    try { defineProperty(f, 'name', { value: name, configurable: true }); } catch (_) { }
    try { defineProperty(f, 'length', { value: length, configurable: true }); } catch (_) { }
  };

  // currentTest names the test whose body is running, "" when none is known.
  function currentTest() {
    if (als !== null) {
      let p;
      try { p = apply(alsGet, als, []); } catch (_) { p = undefined; }
      if (isArray(p) && p.length > 0) return apply(arrJoin, p, [' > ']);
    }
    return mochaTest;
  }

  // named wraps a node:test registration function: the body it is given runs with the test's
  // path (its parents' and its own name) as the current test.
  function named(orig) {
    if (typeof orig !== 'function') return orig;
    const w = function () {
      const args = [];
      for (let i = 0; i < arguments.length; i++) push(args, arguments[i]);
      let fi = -1;
      for (let i = 0; i < args.length; i++) if (typeof args[i] === 'function') { fi = i; break; }
      if (fi >= 0 && als !== null) {
        const fn = args[fi];
        let name = typeof args[0] === 'string' ? args[0] : '';
        if (name === '') { const nd = getDesc(fn, 'name'); name = nd && typeof nd.value === 'string' && nd.value !== '' ? nd.value : '<anonymous>'; }
        let parent;
        try { parent = apply(alsGet, als, []); } catch (_) { parent = undefined; }
        const path = apply(arrConcat, isArray(parent) ? parent : [], [[name]]);
        const body = function () {
          const a = [];
          for (let i = 0; i < arguments.length; i++) push(a, arguments[i]);
          const t = a[0];
          if (t !== null && typeof t === 'object' && typeof t.test === 'function') {
            try { const sub = t.test; defineProperty(t, 'test', { value: named(function () { return apply(sub, t, arguments); }), configurable: true, writable: true }); } catch (_) { }
          }
          const self = this;
          return apply(alsRun, als, [path, function () { return apply(fn, self, a); }]);
        };
        const nd = getDesc(fn, 'name');
        setName(body, nd && typeof nd.value === 'string' ? nd.value : '', fn.length);
        args[fi] = body;
      }
      return apply(orig, this, args);
    };
    const nd = getDesc(orig, 'name');
    setName(w, nd && typeof nd.value === 'string' ? nd.value : '', orig.length);
    const ks = ownKeys(orig);
    for (let i = 0; i < ks.length; i++) {
      const k = ks[i];
      const v = orig[k];
      w[k] = (k === 'only' || k === 'skip' || k === 'todo') ? named(v) : v;
    }
    return w;
  }

  // nodeTest is the node:test a test file gets: a copy of the module whose registration
  // functions name their tests. One copy per process, so every test file sees the same one.
  function nodeTest(exp) {
    if (testModule !== null) return testModule;
    if (typeof exp !== 'function') return exp;
    const w = named(exp);
    const names = ['test', 'it', 'describe', 'suite'];
    for (let i = 0; i < names.length; i++) if (typeof exp[names[i]] === 'function') w[names[i]] = named(exp[names[i]]);
    testModule = w;
    return w;
  }

  // mochaRunner subscribes, once, to the runs of mocha's Runner (lib/runner.js's export).
  let mochaPatched = false;
  function mochaRunner(Runner) {
    if (mochaPatched || typeof Runner !== 'function' || Runner.prototype === null || typeof Runner.prototype.run !== 'function') return;
    mochaPatched = true;
    const run = Runner.prototype.run;
    Runner.prototype.run = function () {
      try {
        this.on('test', function (t) {
          try { mochaTest = apply(arrJoin, t.titlePath(), [' > ']); } catch (_) { mochaTest = ''; }
        });
        this.on('test end', function () { mochaTest = ''; });
      } catch (_) { }
      return apply(run, this, arguments);
    };
  }
