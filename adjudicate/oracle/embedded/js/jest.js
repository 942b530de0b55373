// jest / vitest test tree: describe/it/test with .skip/.only/.todo/.each/.concurrent (run
// serially), beforeAll/afterAll/beforeEach/afterEach, async tests, done callbacks (jest), test
// timeouts on the virtual clock, and the modules `vitest` and `@jest/globals`. Tests are named
// "suite › test", as jest's reporter names them. Part of the embedded runtime.

  const framework = host.framework === 'vitest' ? 'vitest' : 'jest'; // done callbacks are jest's
  const SEP = ' › ';
  function jSuite(name, parent, mode) {
    return { kind: 'suite', name, parent, mode, children: [], hooks: { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] }, path: parent ? parent.path.concat([name]) : [] };
  }
  const jRoot = jSuite('', null, undefined);
  let jCollect = jRoot;
  let jRunning = null; // the test whose body or hooks are running
  let jHasOnly = false;
  const jDeclared = [];

  // eachRows turns .each's table (an array of rows, or a tagged template) into [title, args] pairs.
  function eachRows(strings, values) {
    if (Array.isArray(strings) && strings.raw) {
      const keys = strings[0].split('|').map((s) => s.trim()).filter(Boolean);
      const rows = [];
      for (let i = 0; i + keys.length <= values.length; i += keys.length) {
        const row = {};
        keys.forEach((k, j) => { row[k] = values[i + j]; });
        rows.push(row);
      }
      return rows.map((row) => ({ args: [row], obj: row }));
    }
    const table = strings;
    if (!Array.isArray(table)) throw new Error('`.each` must be called with an Array or Tagged Template Literal.\n\nInstead was called with: ' + pretty(table));
    return table.map((row) => (Array.isArray(row) ? { args: row, obj: null } : { args: [row], obj: row && typeof row === 'object' ? row : null }));
  }
  // eachTitle formats a .each title as the runner does. jest: printf placeholders (%p pretty)
  // from an array row, $path from an object row (primitives as String, objects pretty) and $#.
  // vitest: %# and %$ first, then util.format over as many of the row's values as the title
  // has '%' signs (the rest of those appended), then $path printed by loupe.
  function eachTitle(title, row, index) {
    let t = String(title);
    const args = row.args;
    const objRow = row.obj && !Array.isArray(row.obj);
    const show = (a) => (typeof a === 'string' ? a : (typeof a === 'object' && a !== null ? inspect(a) : (Object.is(a, -0) ? '-0' : String(a))));
    let i = 0;
    if (framework === 'vitest') {
      t = t.replace(/%%/g, '\u0000').replace(/%#/g, String(index)).replace(/%\$/g, String(index + 1)).replace(/\u0000/g, '%%');
      const items = args.slice(0, t.split('%').length - 1);
      t = t.replace(/%([sdifjoOc%])/g, (m, c) => {
        if (c === '%') return '%';
        if (i >= items.length) return m;
        const a = items[i++];
        switch (c) {
          case 's': return show(a);
          case 'd': case 'i': return typeof a === 'object' ? 'NaN' : String(c === 'i' ? Math.trunc(Number(a)) : Number(a));
          case 'f': return String(parseFloat(a));
          case 'j': return JSON.stringify(a);
          case 'c': return '';
          default: return inspect(a);
        }
      });
      for (; i < items.length; i++) t += ' ' + show(items[i]);
      if (objRow) {
        t = t.replace(/\$([\w$]+(?:\.[\w$]+)*)/g, (m, path) => {
          let v = row.obj;
          for (const p of path.split('.')) v = v === null || v === undefined ? undefined : v[p];
          // loupe: strings single-quoted, zero signed.
          if (typeof v === 'string') return "'" + v + "'";
          if (typeof v === 'number') return Object.is(v, 0) ? '+0' : Object.is(v, -0) ? '-0' : String(v);
          return inspect(v);
        });
      }
      return t;
    }
    if (objRow) {
      return t.replace(/\$([\w$]+(?:\.[\w$]+)*)/g, (m, path) => {
        let v = row.obj;
        for (const p of path.split('.')) v = v === null || v === undefined ? undefined : v[p];
        return v === null || (typeof v !== 'object' && typeof v !== 'function') ? String(v) : pretty(v, 1);
      }).replace('$#', String(index));
    }
    return t.replace(/%([sdifjopO#$%])/g, (m, c) => {
      if (c === '%') return '%';
      if (c === '#') return String(index);
      if (c === '$') return String(index + 1);
      if (i >= args.length) return m;
      const a = args[i++];
      switch (c) {
        case 's': return show(a);
        case 'd': case 'i': return typeof a === 'object' ? 'NaN' : String(c === 'i' ? Math.trunc(Number(a)) : Number(a));
        case 'f': return String(parseFloat(a));
        case 'j': return JSON.stringify(a);
        default: return pretty(a);
      }
    });
  }

  function declare(kind, mode) {
    const make = (name, fn, timeout) => {
      if (typeof name === 'function') { fn = name; name = fn.name || ''; }
      if (mode === 'only') jHasOnly = true;
      if (kind === 'suite') {
        const s = jSuite(String(name), jCollect, mode);
        jCollect.children.push(s);
        const prev = jCollect;
        jCollect = s;
        try {
          if (typeof fn === 'function') {
            const r = fn();
            if (r && typeof r.then === 'function') {
              s.loadError = new Error('Returning a Promise from "describe" is not supported. Tests must be defined synchronously.');
            }
          }
        } catch (e) {
          s.loadError = e;
        } finally {
          jCollect = prev;
        }
        return;
      }
      if (jRunning) throw new Error('Tests cannot be nested. Test "' + name + '" cannot run because it is nested within "' + jRunning.name + '".');
      if (mode !== 'todo' && typeof fn !== 'function') {
        throw new Error('Missing second argument. It must be a callback function.');
      }
      if (mode === 'todo' && typeof fn === 'function' && framework === 'jest') {
        throw new Error('Todo must be called with only a description.');
      }
      if (typeof timeout === 'object' && timeout) timeout = timeout.timeout;
      const t = { kind: 'test', name: String(name), fn, mode, timeout, parent: jCollect, path: jCollect.path.concat([String(name)]) };
      jCollect.children.push(t);
      jDeclared.push(t);
    };
    const api = (name, fn, timeout) => make(name, fn, timeout);
    api.each = (strings, ...values) => (title, fn, timeout) => {
      eachRows(strings, values).forEach((row, i) => {
        let body = function () { return fn.apply(this, row.args); };
        // jest hands a done callback after the row's arguments when the test declares one more
        // parameter than the row holds (jest-each); vitest has no done callbacks.
        if (framework === 'jest' && fn.length > row.args.length) body = function (done) { return fn.apply(this, row.args.concat([done])); };
        make(eachTitle(title, row, i), kind === 'suite' ? () => fn(...row.args) : body, timeout);
      });
    };
    return api;
  }
  function testApi(kind) {
    const api = declare(kind, undefined);
    api.skip = declare(kind, 'skip');
    api.only = declare(kind, 'only');
    api.todo = declare(kind, 'todo');
    api.concurrent = declare(kind, undefined); // run serially: the result of each test is the same
    api.concurrent.skip = api.skip;
    api.concurrent.only = api.only;
    api.concurrent.each = api.each;
    api.sequential = api;
    api.skipIf = (cond) => (cond ? api.skip : api);
    api.runIf = (cond) => (cond ? api : api.skip);
    api.fails = (name, fn, timeout) => api(name, async function () {
      let threw = false;
      try { await fn.apply(this, arguments); } catch (e) { threw = true; }
      if (!threw) throw new Error(framework === 'jest' ? 'Failing test passed even though it was supposed to fail. Remove `.failing` to remove error.' : 'Expect test to fail');
    }, timeout);
    api.failing = api.fails;
    return api;
  }
  const jtest = testApi('test');
  const jdescribe = testApi('suite');
  jtest.skip.each = declare('test', 'skip').each;
  jtest.only.each = declare('test', 'only').each;
  jdescribe.skip.each = declare('suite', 'skip').each;
  jdescribe.only.each = declare('suite', 'only').each;
  // vitest's test context fixtures: test.extend is served for vitest (js/vitestfixtures.js);
  // jest has none. test.scoped and the .for tables are not served: refused by name rather than
  // failing the file with a TypeError that reads as a broken oracle.
  refuseMembers(jtest, 'test', framework === 'vitest' ? ['scoped', 'for'] : ['extend', 'scoped', 'for']);
  if (framework === 'vitest') jtest.extend = (defs) => vitestExtend(jtest, [], defs);
  refuseMembers(jdescribe, 'describe', ['for', 'shuffle']);
  const jHook = (which) => (fn, timeout) => { jCollect.hooks[which].push({ fn, timeout }); };
  const xit = declare('test', 'skip');

  // callTest calls a test or hook body: a promise, or a done callback in jest.
  function callTest(fn, ctx, what) {
    if (framework === 'jest' && fn.length >= 1) {
      return new Promise((resolve, reject) => {
        let settled = false;
        const done = (err) => {
          if (settled) return;
          settled = true;
          if (err) reject(err instanceof Error ? err : new Error('Failed: ' + pretty(err)));
          else resolve();
        };
        done.fail = (err) => done(err || new Error('fail called'));
        try {
          const r = fn.call(ctx, done);
          if (r && typeof r.then === 'function') { settled = true; reject(new Error('Test functions cannot both take a \'done\' callback and return something. Either use a \'done\' callback, or return a promise.')); }
        } catch (e) { settled = true; reject(e); }
      });
    }
    try {
      const arg = framework === 'vitest' ? { task: { name: ctx.name }, expect, skip: () => { throw skipSignal; } } : undefined;
      const r = fn.call(ctx, arg);
      if (framework === 'jest' && what === 'test' && r !== undefined && !(r && typeof r.then === 'function')) {
        return Promise.reject(new Error('test functions can only return Promise or undefined.\nReturned value: ' + pretty(r)));
      }
      return Promise.resolve(r);
    } catch (e) {
      return Promise.reject(e);
    }
  }
  const skipSignal = { skip: true };

  function jTimeout(p, ms, what, withDone) {
    if (!(ms > 0 && ms < Infinity)) return p;
    return new Promise((resolve, reject) => {
      const t = timers.setTimeout(() => reject(new Error(framework === 'jest'
        ? 'thrown: "Exceeded timeout of ' + ms + ' ms for a ' + what + (withDone ? ' while waiting for `done()` to be called' : '') + '.\nAdd a timeout value to this test to increase the timeout, if this is a long-running test. See https://jestjs.io/docs/api#testname-fn-timeout."'
        : what.charAt(0).toUpperCase() + what.slice(1) + ' timed out in ' + ms + 'ms.\nIf this is a long-running ' + what + ', pass a timeout value as the last argument or configure it globally with "' + (what === 'test' ? 'testTimeout' : 'hookTimeout') + '".')), ms);
      p.then((v) => { clear(t); resolve(v); }, (e) => { clear(t); reject(e); });
    });
  }

  // jestErrorText is the failure as jest prints it: a matcher's message without "Error: ".
  function jestErrorText(err) {
    if (!(err instanceof Error)) {
      if (err && typeof err === 'object' && typeof err.message === 'string') return err.message;
      return framework === 'vitest' ? String(err) : 'thrown: ' + pretty(err);
    }
    const s = errorText(err);
    return err instanceof JestAssertionError ? s.replace(/^Error: /, '') : s;
  }

  function jRecord(node, status, err) {
    const r = { file: host.entry, name: node.path.join(SEP), status, error: err === undefined ? '' : jestErrorText(err), durationMs: 0, depth: node.path.length - 1, todo: node.mode === 'todo' };
    node.result = r;
    results.push(r);
    if (host.bail && status === 'fail' && !r.todo) bailed = true;
    const mark = status === 'pass' ? '✓' : status === 'fail' ? '✕' : r.todo ? '✎' : '○';
    host.write(1, '  '.repeat(r.depth + 1) + mark + ' ' + node.name + (status === 'skip' ? (r.todo ? ' (todo)' : ' (skipped)') : '') + '\n');
    if (status === 'fail') host.write(1, '\n  ● ' + r.name + '\n\n' + r.error.split('\n').map((l) => '    ' + l).join('\n') + '\n\n');
    return r;
  }

  // enabled: the test runs under .only's rule (when any .only exists in the file, only tests
  // marked only, or inside a suite marked only, run) and no skip or todo on the way up.
  function enabled(t) {
    if (t.mode === 'skip' || t.mode === 'todo') return false;
    let only = t.mode === 'only';
    for (let s = t.parent; s; s = s.parent) {
      if (s.mode === 'skip' || s.mode === 'todo') return false;
      if (s.mode === 'only') only = true;
    }
    return !jHasOnly || only;
  }
  function anyEnabled(s) {
    return s.children.some((c) => (c.kind === 'suite' ? anyEnabled(c) : enabled(c)));
  }

  async function runHookList(list, ctx, what) {
    for (const h of list) await jTimeout(callTest(h.fn, ctx, what), h.timeout || jestDefaultTimeout, 'hook', framework === 'jest' && h.fn.length >= 1);
  }

  async function jRunTest(t) {
    if (bailed) return undefined;
    t.started = true;
    if (!enabled(t)) return jRecord(t, 'skip');
    const chain = [];
    for (let s = t.parent; s; s = s.parent) chain.unshift(s);
    const ctx = {};
    jRunning = t;
    assertionCheck();
    let err;
    try {
      for (const s of chain) await runHookList(s.hooks.beforeEach, ctx, 'beforeEach');
      pendingAsync = [];
      await jTimeout(callTest(t.fn, ctx, 'test'), t.timeout || jestDefaultTimeout, 'test', framework === 'jest' && t.fn.length >= 1);
      for (const p of pendingAsync.splice(0)) await p;
    } catch (e) {
      err = e;
    }
    for (const s of chain.slice().reverse()) {
      try { await runHookList(s.hooks.afterEach.slice().reverse(), ctx, 'afterEach'); } catch (e) { if (err === undefined) err = e; }
    }
    // Fixture teardowns (js/vitestfixtures.js) after the afterEach hooks, the last set up first.
    for (const clean of (t.fixtureCleanups || []).splice(0).reverse()) {
      try { await clean(); } catch (e) { if (err === undefined) err = e; }
    }
    jRunning = null;
    if (err === skipSignal) { assertionCheck(); return jRecord(t, 'skip'); }
    if (t.uncaught !== undefined && err === undefined) err = t.uncaught;
    const aerr = assertionCheck();
    if (err === undefined) err = aerr;
    return jRecord(t, err === undefined ? 'pass' : 'fail', err);
  }

  function jFailAll(n, err) {
    if (n.kind === 'suite') n.children.forEach((c) => jFailAll(c, err));
    else if (!n.result) jRecord(n, enabled(n) ? 'fail' : 'skip', enabled(n) ? err : undefined);
  }

  function jSkipAll(n) {
    if (n.kind === 'suite') n.children.forEach(jSkipAll);
    else if (!n.result) jRecord(n, 'skip');
  }

  async function jRunSuite(s) {
    if (s.loadError !== undefined) {
      if (!s.children.length) return jRecord({ path: s.path, name: s.name, mode: undefined }, 'fail', s.loadError);
      return jFailAll(s, s.loadError);
    }
    const active = anyEnabled(s);
    let hookErr;
    if (active) {
      try { await runHookList(s.hooks.beforeAll, {}, 'beforeAll'); } catch (e) { hookErr = e; }
    }
    if (hookErr !== undefined && framework === 'vitest') {
      // vitest skips the suite's tests and fails the file; jest fails each test.
      fileFailure(hookErr, 'beforeAll');
      for (const c of s.children) jSkipAll(c);
      return;
    }
    for (const c of s.children) {
      if (bailed) break;
      if (hookErr !== undefined) { jFailAll(c, hookErr); continue; }
      if (c.kind === 'suite') await jRunSuite(c);
      else await jRunTest(c);
    }
    if (active) {
      // Both runners fail the file, not a test, when an afterAll throws.
      try { await runHookList(s.hooks.afterAll.slice().reverse(), {}, 'afterAll'); } catch (e) { fileFailure(e, 'afterAll'); }
    }
  }

  // jestUncaught takes an error thrown from a timer or left as an unhandled rejection while a
  // jest test runs; false when none is running.
  // vitest reports such an error apart from the tests ("Unhandled error"): the run fails, the
  // test does not, so the error goes to the file.
  function jestUncaught(err) {
    if (!jRunning || framework === 'vitest') return false;
    if (jRunning.uncaught === undefined) jRunning.uncaught = err;
    return true;
  }
  function jestFinish(reason) {
    for (const t of jDeclared) if (!t.result && !(bailed && !t.started)) jRecord(t, enabled(t) ? 'fail' : 'skip', enabled(t) ? new Error(reason) : undefined);
  }

  const jestGlobals = {
    describe: jdescribe, fdescribe: jdescribe.only, xdescribe: jdescribe.skip,
    it: jtest, fit: jtest.only, xit, test: jtest, xtest: xit,
    beforeAll: jHook('beforeAll'), afterAll: jHook('afterAll'), beforeEach: jHook('beforeEach'), afterEach: jHook('afterEach'),
    expect,
  };
  const jestModule = Object.assign({}, jestGlobals, { jest: jestObj });
  const vitestModule = Object.assign({}, jestGlobals, { suite: jdescribe, vi: viObj, vitest: viObj, assert: chaiAssert, onTestFinished: () => {}, onTestFailed: () => {} });
  if (host.globals) {
    Object.assign(g, framework === 'vitest' ? Object.assign({}, jestGlobals, { suite: jdescribe, vi: viObj }) : Object.assign({}, jestGlobals, { jest: jestObj }));
  }
