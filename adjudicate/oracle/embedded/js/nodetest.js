// node:test: mock, and the test tree (test/describe/hooks/subtests) with its runner and reporter.
// Part of the embedded runtime.
  // ---------------------------------------------------------------- mock
  function makeMockTracker() {
    const restorers = [];
    const all = [];
    function fnMock(original, implementation, options) {
      if (typeof original !== 'function' && original !== undefined) { options = implementation; implementation = original; original = undefined; }
      original = original || function () {};
      let impl = implementation || original;
      const onceImpls = new Map();
      let callIndex = 0;
      const ctx = {
        calls: [],
        callCount: () => ctx.calls.length,
        mockImplementation: (f) => { impl = f; },
        mockImplementationOnce: (f, onCall) => { onceImpls.set(onCall === undefined ? callIndex : onCall, f); },
        resetCalls: () => { ctx.calls.length = 0; },
        restore: () => { impl = original; },
      };
      const mocked = function (...args) {
        const f = onceImpls.has(callIndex) ? onceImpls.get(callIndex) : impl;
        onceImpls.delete(callIndex);
        callIndex++;
        let result, error;
        try {
          result = new.target ? Reflect.construct(f, args, new.target) : f.apply(this, args);
        } catch (e) {
          error = e;
          ctx.calls.push({ arguments: args, error, result: undefined, stack: new Error(), target: new.target, this: this });
          throw e;
        }
        ctx.calls.push({ arguments: args, error: undefined, result, stack: new Error(), target: new.target, this: this });
        return result;
      };
      mocked.mock = ctx;
      all.push(ctx);
      return mocked;
    }
    return {
      fn: fnMock,
      method(object, name, implementation, options) {
        const original = object[name];
        if (typeof original !== 'function') throw invalidArg('methodName', 'a method', original);
        const m = fnMock(original, implementation, options);
        object[name] = m;
        const restore = () => { object[name] = original; };
        m.mock.restore = restore;
        restorers.push(restore);
        return m;
      },
      getter(object, name, implementation) {
        const desc = Object.getOwnPropertyDescriptor(object, name);
        const m = fnMock(desc && desc.get, implementation);
        Object.defineProperty(object, name, { get: m, configurable: true });
        restorers.push(() => { if (desc) Object.defineProperty(object, name, desc); else delete object[name]; });
        return m;
      },
      reset() { this.restoreAll(); all.forEach((c) => c.resetCalls()); },
      restoreAll() { while (restorers.length) restorers.pop()(); },
      get timers() { throw new Error('mock.timers is not available in the embedded runner; use --runner node'); },
    };
  }

  // ---------------------------------------------------------------- node:test
  const results = [];
  const declared = [];
  let running = null; // the test whose function is running, for uncaught errors
  // bailed: the run bails (host.bail) and a test has failed; no test starts after that, and the
  // tests that never started are not reported.
  let bailed = false;
  const now = () => host.realNow();

  function newSuite(name, parent, opts) {
    return { kind: 'suite', name, parent, children: [], hooks: { before: [], after: [], beforeEach: [], afterEach: [] }, opts: opts || {}, path: parent && parent.path ? parent.path.concat([name]) : (parent ? [name] : []) };
  }
  const root = newSuite('', null, {});
  let collecting = root; // the suite whose describe() callback is running

  function parseArgs(name, options, fn) {
    if (typeof name === 'function') { fn = name; options = {}; name = fn.name || '<anonymous>'; }
    else if (typeof options === 'function') { fn = options; options = {}; }
    if (name === undefined || name === null) name = (fn && fn.name) || '<anonymous>';
    return { name: String(name), options: options || {}, fn };
  }

  function declareTest(parent, name, options, fn, extra) {
    const a = parseArgs(name, options, fn);
    const opts = Object.assign({}, a.options, extra);
    const t = { kind: 'test', name: a.name, fn: a.fn, opts, parent, path: parent.path.concat([a.name]), subtests: [], hooks: { before: [], after: [], beforeEach: [], afterEach: [] } };
    declared.push(t);
    return t;
  }

  function hookOwner() { return running && !running.result ? running : collecting; }

  function callWithDone(fn, thisArg, ctx) {
    if (typeof fn !== 'function') return Promise.resolve();
    if (fn.length >= 2) {
      return new Promise((resolve, reject) => {
        let settled = false;
        const done = (err) => { if (settled) return; settled = true; if (err) reject(err); else resolve(); };
        try { fn.call(thisArg, ctx, done); } catch (e) { settled = true; reject(e); }
      });
    }
    try { return Promise.resolve(fn.call(thisArg, ctx)); } catch (e) { return Promise.reject(e); }
  }

  function withTimeout(p, ms, what) {
    if (!(ms > 0 && ms < Infinity)) return p;
    return new Promise((resolve, reject) => {
      const t = timers.setTimeout(() => reject(new Error(what + ' timed out after ' + ms + 'ms')), ms);
      p.then((v) => { clear(t); resolve(v); }, (e) => { clear(t); reject(e); });
    });
  }

  async function runHooks(list, ctx) {
    for (const h of list) await withTimeout(callWithDone(h.fn, undefined, ctx), h.opts && h.opts.timeout, 'hook');
  }
  function eachHooks(node, which) {
    const chain = [];
    for (let n = node.parent; n; n = n.parent) chain.unshift(n);
    const list = [];
    for (const n of chain) list.push(...n.hooks[which]);
    return which === 'afterEach' ? list.reverse() : list;
  }

  function record(t, status, err, start) {
    const r = { file: host.entry, name: t.path.join(' > '), status, error: err === undefined ? '' : errorText(err), durationMs: start === undefined ? 0 : now() - start, depth: t.path.length - 1, todo: !!t.isTodo };
    t.result = r;
    results.push(r);
    if (host.bail && status === 'fail' && !r.todo) bailed = true;
    report(r);
    return r;
  }
  function errorText(err) {
    if (err instanceof Error) {
      let s = err.stack && typeof err.stack === 'string' ? err.stack : err.name + ': ' + err.message;
      if (err.code === 'ERR_ASSERTION' && s.indexOf('[ERR_ASSERTION]') < 0) s = s.replace(/^AssertionError/, 'AssertionError [ERR_ASSERTION]');
      // Frames of this runtime are noise to the user: keep the test's own.
      return s.split('\n').filter((l) => !/^\s+at .*(bond:runtime\.js|\(native\))/.test(l)).join('\n').replace(/\n+$/, '');
    }
    return inspect(err);
  }
  function report(r) {
    const ind = '  '.repeat(r.depth);
    const ms = ' (' + r.durationMs.toFixed(3) + 'ms)';
    let line;
    if (r.status === 'skip') line = ind + '﹣ ' + r.name.split(' > ').pop() + ms + ' # SKIP';
    else if (r.todo) line = ind + (r.status === 'pass' ? '✔ ' : '✖ ') + r.name.split(' > ').pop() + ms + ' # TODO';
    else line = ind + (r.status === 'pass' ? '✔ ' : '✖ ') + r.name.split(' > ').pop() + ms;
    host.write(1, line + '\n');
    if (r.status === 'fail' && r.error) host.write(1, r.error.split('\n').map((l) => ind + '  ' + l).join('\n') + '\n');
  }

  function skipReason(opts) {
    if (opts.skip) return true;
    return false;
  }

  function makeContext(t) {
    const ctx = {
      name: t.name,
      fullName: t.path.join(' > '),
      signal: undefined,
      mock: makeMockTracker(),
      diagnostic: (msg) => host.write(1, '  '.repeat(t.path.length) + 'ℹ ' + msg + '\n'),
      skip: (msg) => { t.skipped = true; },
      todo: (msg) => { t.isTodo = true; },
      plan: () => {},
      runOnly: () => {},
      test: (name, options, fn) => {
        const sub = declareTest(t, name, options, fn);
        t.subtests.push(sub);
        const p = t._chain.then(async () => {
          if (!t._beforeDone) { t._beforeDone = true; await runHooks(t.hooks.before, ctx); }
          return runTest(sub);
        });
        t._chain = p;
        return p.then(() => undefined);
      },
      before: (fn, opts) => { t.hooks.before.push({ fn, opts }); },
      after: (fn, opts) => { t.hooks.after.push({ fn, opts }); },
      beforeEach: (fn, opts) => { t.hooks.beforeEach.push({ fn, opts }); },
      afterEach: (fn, opts) => { t.hooks.afterEach.push({ fn, opts }); },
    };
    ctx.assert = assertStrict;
    t._ctx = ctx;
    return ctx;
  }

  async function runTest(t) {
    if (bailed) return undefined;
    t.started = true;
    if (t.opts.todo) t.isTodo = true;
    if (skipReason(t.opts)) return record(t, 'skip');
    const start = now();
    const ctx = makeContext(t);
    t._chain = Promise.resolve();
    let err;
    const prev = running;
    running = t;
    try {
      await runHooks(eachHooks(t, 'beforeEach'), ctx);
      await withTimeout(callWithDone(t.fn, ctx, ctx), t.opts.timeout, 'test');
      running = t;
      await t._chain;
      await runHooks(t.hooks.after, ctx);
    } catch (e) {
      err = e;
    }
    try {
      running = t;
      await runHooks(eachHooks(t, 'afterEach'), ctx);
    } catch (e) {
      if (err === undefined) err = e;
    }
    ctx.mock.restoreAll();
    running = prev;
    if (t.uncaught !== undefined && err === undefined) err = t.uncaught;
    if (err === undefined) {
      const failed = t.subtests.filter((s) => s.result && s.result.status === 'fail' && !s.result.todo).length;
      if (failed) err = new Error(failed + ' subtest' + (failed > 1 ? 's' : '') + ' failed');
    }
    if (t.skipped) return record(t, 'skip', undefined, start);
    return record(t, err === undefined ? 'pass' : 'fail', err, start);
  }

  async function runSuite(s) {
    if (s !== root) host.write(1, '  '.repeat(s.path.length - 1) + '▶ ' + s.name + '\n');
    if (s.opts.skip) {
      for (const c of s.children) markSkipped(c);
      return;
    }
    let hookErr;
    try {
      await runHooks(s.hooks.before, undefined);
    } catch (e) {
      hookErr = e;
    }
    for (const c of s.children) {
      if (bailed) break;
      if (hookErr !== undefined) { failAll(c, hookErr); continue; }
      if (c.kind === 'suite') await runSuite(c);
      else await runTest(c);
    }
    try {
      await runHooks(s.hooks.after, undefined);
    } catch (e) {
      if (s === root) fileFailure(e, 'after hook');
      else failSuite(s, e);
    }
  }
  function markSkipped(n) {
    if (n.kind === 'suite') n.children.forEach(markSkipped);
    else record(n, 'skip');
  }
  function failAll(n, err) {
    if (n.kind === 'suite') n.children.forEach((c) => failAll(c, err));
    else record(n, 'fail', err);
  }
  function failSuite(s, err) {
    record({ path: s.path, name: s.name }, 'fail', err);
  }
  function fileFailure(err, what) {
    record({ path: [host.entry], name: host.entry }, 'fail', err);
  }

  function makeTestFn(extra) {
    return (name, options, fn) => {
      if (running && running._ctx) return running._ctx.test(name, options, fn);
      const t = declareTest(collecting, name, options, fn, extra);
      collecting.children.push(t);
      return Promise.resolve();
    };
  }
  function makeDescribe(extra) {
    return (name, options, fn) => {
      const a = parseArgs(name, options, fn);
      const s = newSuite(a.name, collecting, Object.assign({}, a.options, extra));
      collecting.children.push(s);
      const prev = collecting;
      collecting = s;
      try {
        if (typeof a.fn === 'function') {
          const r = a.fn.call(undefined, { name: s.name, signal: undefined });
          if (r && typeof r.then === 'function') {
            r.then(undefined, (e) => failSuite(s, e));
          }
        }
      } catch (e) {
        s.children.length = 0;
        failSuite(s, e);
      } finally {
        collecting = prev;
      }
      return Promise.resolve();
    };
  }
  const test = makeTestFn({});
  test.skip = makeTestFn({ skip: true });
  test.todo = makeTestFn({ todo: true });
  test.only = makeTestFn({}); // without --test-only, Node runs every test; so do we
  const describe = makeDescribe({});
  describe.skip = makeDescribe({ skip: true });
  describe.todo = makeDescribe({ todo: true });
  describe.only = makeDescribe({});
  const hook = (which) => (fn, opts) => { hookOwner().hooks[which].push({ fn, opts: opts || {} }); };
  const globalMock = makeMockTracker();
  const testModule = test;
  Object.assign(testModule, {
    test, it: test, describe, suite: describe,
    before: hook('before'), after: hook('after'), beforeEach: hook('beforeEach'), afterEach: hook('afterEach'),
    mock: globalMock,
    run: () => { throw new Error('node:test run() is not available in the embedded runner; use --runner node'); },
  });

