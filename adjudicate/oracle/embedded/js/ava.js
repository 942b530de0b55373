// ava: ava's test API (`import test from 'ava'`, `require('ava')`), versions 3 to 6 as test files
// use it, and its runner as the ava CLI runs one file: before hooks, then the serial tests in
// order, then the other tests all started at once, then after hooks (plain ones only when nothing
// failed, .always ones regardless). Each test runs between its beforeEach and afterEach hooks
// (afterEach only after a pass, afterEach.always always), then its teardowns. A test fails on its
// first failed assertion (which throws, as in ava 6), a throw or rejection, a plan not met, no
// assertion at all, or an assertion still pending when it ends; test.failing inverts that.
// deepEqual, notDeepEqual, like and is compare with the real concordance package (handed over
// by the bundle, comparator.go). What ava has and this does not — snapshots, t.try, test.cb,
// test.meta, observables — is refused by name through host.refuse. Tests are named by their
// titles. Part of the embedded runtime.

  const avaState = { tests: [], titles: new Set(), hooks: { before: [], after: [], afterAlways: [], beforeEach: [], afterEach: [], afterEachAlways: [] }, compare: undefined, current: new Set(), running: false, stopped: false, failed: false };
  const avaIsError = (x) => x instanceof Error || Object.prototype.toString.call(x) === '[object Error]';
  const avaIsPromise = (x) => x !== null && (typeof x === 'object' || typeof x === 'function') && typeof x.then === 'function';

  function avaRefuse(what) {
    host.refuse('ava ' + what);
    throw new Error('ava ' + what + ' is not available in the embedded runner; use --runner node');
  }

  // AvaFailure is the error a failed assertion throws (ava 6's AssertionError): the test has
  // already recorded it as its failure.
  class AvaAssertionError extends Error {
    constructor(message, assertion) {
      super(message || '');
      this.name = 'AssertionError';
      this.assertion = assertion;
    }
  }

  function avaConcordance() {
    if (!avaState.compare) throw new Error('ava: the concordance package was not bundled; the embedded runner cannot compare as ava does');
    return avaState.compare;
  }

  // avaLikeSelector and avaSelect are ava's like-selector rules: a selector is a plain object or
  // an array with an enumerable own key; the compared value keeps only the selector's keys.
  function avaLikeSelector(s) {
    if (s === null || typeof s !== 'object' || (!Array.isArray(s) && Reflect.getPrototypeOf(s) !== Object.prototype)) return false;
    const d = Object.getOwnPropertyDescriptors(s);
    return Reflect.ownKeys(d).some((k) => d[k].enumerable === true);
  }
  const avaCircular = new Error('Encountered a circular selector');
  function avaSelect(actual, selector, seen) {
    if (actual === null || typeof actual !== 'object') return actual;
    const out = Array.isArray(selector) ? [] : {};
    for (const k of Reflect.ownKeys(selector).filter((k) => Reflect.getOwnPropertyDescriptor(selector, k).enumerable)) {
      const sub = Reflect.get(selector, k);
      if (avaLikeSelector(sub)) {
        if (seen.includes(sub)) throw avaCircular;
        seen.push(sub);
        out[k] = avaSelect(Reflect.get(actual, k), sub, seen);
        seen.pop();
      } else {
        out[k] = Reflect.get(actual, k);
      }
    }
    return out;
  }

  // avaExpectations checks t.throws's second argument as ava 6 does; a wrong one fails the test.
  function avaExpectations(what, exp, n) {
    if (n === 1 || exp === undefined || exp === null) {
      if (exp === null) throw new AvaAssertionError('The second argument to `' + what + '` must be an expectation object or `undefined`', what);
      return {};
    }
    if (typeof exp !== 'object' || exp instanceof RegExp || Array.isArray(exp) || Object.keys(exp).length === 0) {
      throw new AvaAssertionError('The second argument to `' + what + '` must be an expectation object, `null` or `undefined`', what);
    }
    for (const k of Object.keys(exp)) {
      if (!['instanceOf', 'is', 'message', 'name', 'code', 'any'].includes(k)) throw new AvaAssertionError('The second argument to `' + what + '` contains unexpected properties', what);
    }
    if ('instanceOf' in exp && typeof exp.instanceOf !== 'function') throw new AvaAssertionError('The `instanceOf` property of the second argument to `' + what + '` must be a function', what);
    if ('message' in exp && typeof exp.message !== 'string' && !(exp.message instanceof RegExp) && typeof exp.message !== 'function') throw new AvaAssertionError('The `message` property of the second argument to `' + what + '` must be a string, regular expression or a function', what);
    if ('name' in exp && typeof exp.name !== 'string') throw new AvaAssertionError('The `name` property of the second argument to `' + what + '` must be a string', what);
    if ('code' in exp && typeof exp.code !== 'string' && typeof exp.code !== 'number') throw new AvaAssertionError('The `code` property of the second argument to `' + what + '` must be a string or number', what);
    return exp;
  }
  // avaMeets says why the thrown value misses the expectations ('' when it meets them).
  function avaMeets(actual, exp, prefix) {
    if (!avaIsError(actual) && !exp.any) return prefix + ' exception that is not an error: ' + inspect(actual);
    if ('is' in exp && actual !== exp.is) return prefix + ' unexpected exception';
    if (exp.instanceOf && !(actual instanceof exp.instanceOf)) return prefix + ' unexpected exception (expected instance of ' + (exp.instanceOf.name || 'anonymous') + ')';
    if (typeof exp.name === 'string' && actual.name !== exp.name) return prefix + ' unexpected exception (expected name ' + inspect(exp.name) + ')';
    if (typeof exp.message === 'string' && actual.message !== exp.message) return prefix + ' unexpected exception (expected message ' + inspect(exp.message) + ')';
    if (exp.message instanceof RegExp && !exp.message.test(actual.message)) return prefix + ' unexpected exception (expected message to match ' + inspect(exp.message) + ')';
    if (typeof exp.message === 'function' && exp.message(actual.message) === false) return prefix + ' unexpected exception (message function returned false)';
    if (exp.code !== undefined && actual.code !== exp.code) return prefix + ' unexpected exception (expected code ' + inspect(exp.code) + ')';
    return '';
  }

  // avaContext is a test's (or hook's) `t`.
  function avaContext(run) {
    const fail = (message, what) => {
      const e = message instanceof Error ? message : new AvaAssertionError(message, what);
      run.fail(e);
      return e;
    };
    const pass = () => { run.count++; run.lateCheck(); return true; };
    const msg = (m, what) => { if (m !== undefined && typeof m !== 'string') throw fail('The assertion message must be a string', what); };
    const deep = (a, b) => avaConcordance().compare(a, b, { maxDepth: 3 }).pass;
    const t = {};
    const assertions = {
      pass() { return pass(); },
      fail(m) { msg(m, 't.fail()'); throw fail(m === undefined ? 'Test failed via `t.fail()`' : m, 't.fail()'); },
      is(a, b, m) { msg(m, 't.is()'); if (Object.is(a, b)) return pass(); throw fail(m || (deep(a, b) ? 'Values are deeply equal to each other, but they are not the same:' : 'Difference (- actual, + expected):') + '\n' + inspect(a) + '\n' + inspect(b), 't.is()'); },
      not(a, b, m) { msg(m, 't.not()'); if (!Object.is(a, b)) return pass(); throw fail(m || 'Value is the same as: ' + inspect(b), 't.not()'); },
      deepEqual(a, b, m) { msg(m, 't.deepEqual()'); if (deep(a, b)) return pass(); throw fail(m || 'Difference (- actual, + expected):\n- ' + inspect(a) + '\n+ ' + inspect(b), 't.deepEqual()'); },
      notDeepEqual(a, b, m) { msg(m, 't.notDeepEqual()'); if (!deep(a, b)) return pass(); throw fail(m || 'Value is deeply equal: ' + inspect(a), 't.notDeepEqual()'); },
      like(a, selector, m) {
        msg(m, 't.like()');
        if (!avaLikeSelector(selector)) throw fail('`t.like()` selector must be a non-empty object', 't.like()');
        let c;
        try { c = avaSelect(a, selector, [selector]); } catch (e) { if (e === avaCircular) throw fail('`t.like()` selector must not contain circular references', 't.like()'); throw e; }
        if (deep(c, selector)) return pass();
        throw fail(m || 'Difference (- actual, + expected):\n- ' + inspect(c) + '\n+ ' + inspect(selector), 't.like()');
      },
      throws(...args) {
        const [fn, e, m] = args;
        msg(m, 't.throws()');
        if (typeof fn !== 'function') throw fail('`t.throws()` must be called with a function', 't.throws()');
        let exp;
        try { exp = avaExpectations('t.throws()', e, args.length); } catch (err) { throw fail(err, 't.throws()'); }
        let threw = false, actual;
        try {
          const ret = fn();
          if (avaIsPromise(ret)) { Promise.resolve(ret).catch(() => {}); throw fail(m || 'Function returned a promise. Use `t.throwsAsync()` instead', 't.throws()'); }
        } catch (err) {
          if (err instanceof AvaAssertionError && err.assertion === 't.throws()') throw err;
          threw = true;
          actual = err;
        }
        if (!threw) throw fail(m || 'Function returned: undefined', 't.throws()');
        const why = avaMeets(actual, exp, 'Function threw');
        if (why) throw fail(m || why, 't.throws()');
        pass();
        return actual;
      },
      throwsAsync(...args) {
        const [thrower, e, m] = args;
        try { msg(m, 't.throwsAsync()'); } catch (err) { Promise.resolve(thrower).catch(() => {}); return Promise.reject(err); }
        if (typeof thrower !== 'function' && !avaIsPromise(thrower)) return Promise.reject(fail('`t.throwsAsync()` must be called with a function or promise', 't.throwsAsync()'));
        let exp;
        try { exp = avaExpectations('t.throwsAsync()', e, args.length); } catch (err) { Promise.resolve(thrower).catch(() => {}); return Promise.reject(fail(err, 't.throwsAsync()')); }
        const handle = (p, returned) => run.pending(Promise.resolve(p).then(() => { throw fail(m || (returned ? 'Returned promise' : 'Promise') + ' resolved', 't.throwsAsync()'); }, (err) => {
          const why = avaMeets(err, exp, (returned ? 'Returned promise' : 'Promise') + ' rejected with');
          if (why) throw fail(m || why, 't.throwsAsync()');
          pass();
          return err;
        }));
        if (avaIsPromise(thrower)) return handle(thrower, false);
        let ret;
        try { ret = thrower(); } catch (err) { return Promise.reject(fail(m || 'Function threw synchronously. Use `t.throws()` instead', 't.throwsAsync()')); }
        if (avaIsPromise(ret)) return handle(ret, true);
        return Promise.reject(fail(m || 'Function returned: ' + inspect(ret), 't.throwsAsync()'));
      },
      notThrows(fn, m) {
        msg(m, 't.notThrows()');
        if (typeof fn !== 'function') throw fail('`t.notThrows()` must be called with a function', 't.notThrows()');
        try { fn(); } catch (err) { throw fail(m || 'Function threw: ' + errorText(err), 't.notThrows()'); }
        return pass();
      },
      notThrowsAsync(nothrower, m) {
        msg(m, 't.notThrowsAsync()');
        if (typeof nothrower !== 'function' && !avaIsPromise(nothrower)) return Promise.reject(fail('`t.notThrowsAsync()` must be called with a function or promise', 't.notThrowsAsync()'));
        const handle = (p) => run.pending(Promise.resolve(p).then(() => { pass(); }, (err) => { throw fail(m || 'Promise rejected with: ' + errorText(err), 't.notThrowsAsync()'); }));
        if (avaIsPromise(nothrower)) return handle(nothrower);
        let ret;
        try { ret = nothrower(); } catch (err) { return Promise.reject(fail(m || 'Function threw: ' + errorText(err), 't.notThrowsAsync()')); }
        if (!avaIsPromise(ret)) return Promise.reject(fail(m || 'Function did not return a promise. Use `t.notThrows()` instead', 't.notThrowsAsync()'));
        return handle(ret);
      },
      truthy(a, m) { msg(m, 't.truthy()'); if (a) return pass(); throw fail(m || 'Value is not truthy: ' + inspect(a), 't.truthy()'); },
      falsy(a, m) { msg(m, 't.falsy()'); if (!a) return pass(); throw fail(m || 'Value is not falsy: ' + inspect(a), 't.falsy()'); },
      true(a, m) { msg(m, 't.true()'); if (a === true) return pass(); throw fail(m || 'Value is not `true`: ' + inspect(a), 't.true()'); },
      false(a, m) { msg(m, 't.false()'); if (a === false) return pass(); throw fail(m || 'Value is not `false`: ' + inspect(a), 't.false()'); },
      assert(a, m) { msg(m, 't.assert()'); if (a) return pass(); throw fail(m || 'Value is not truthy: ' + inspect(a), 't.assert()'); },
      regex(s, re, m) {
        msg(m, 't.regex()');
        if (typeof s !== 'string') throw fail('`t.regex()` must be called with a string', 't.regex()');
        if (!(re instanceof RegExp)) throw fail('`t.regex()` must be called with a regular expression', 't.regex()');
        if (re.test(s)) return pass();
        throw fail(m || inspect(s) + ' does not match ' + inspect(re), 't.regex()');
      },
      notRegex(s, re, m) {
        msg(m, 't.notRegex()');
        if (typeof s !== 'string') throw fail('`t.notRegex()` must be called with a string', 't.notRegex()');
        if (!(re instanceof RegExp)) throw fail('`t.notRegex()` must be called with a regular expression', 't.notRegex()');
        if (!re.test(s)) return pass();
        throw fail(m || inspect(s) + ' matches ' + inspect(re), 't.notRegex()');
      },
    };
    for (const [k, fn] of Object.entries(assertions)) {
      t[k] = fn;
      // t.is.skip(…) counts towards the plan and checks nothing, as in ava.
      t[k].skip = () => { run.count++; };
    }
    t.plan = (n) => { run.plan = n; };
    t.log = (...values) => { host.write(1, '    ℹ ' + values.map((v) => typeof v === 'string' ? v : inspect(v)).join(' ') + '\n'); };
    t.teardown = (fn) => { if (typeof fn !== 'function') throw new TypeError('Expected a function'); run.teardowns.push(fn); };
    t.timeout = () => {}; // time is virtual: a test's timer never waits, so no timeout can pass
    t.snapshot = () => avaRefuse('t.snapshot (snapshots)');
    t.try = () => avaRefuse('t.try');
    t.end = () => avaRefuse('t.end (callback tests)');
    Object.defineProperty(t, 'title', { get: () => run.title, enumerable: true });
    Object.defineProperty(t, 'passed', { get: () => run.passedSoFar(), enumerable: true });
    Object.defineProperty(t, 'context', { get: () => run.ctx.value, set: (v) => { run.ctx.value = v; }, enumerable: true });
    return t;
  }

  // avaExec runs one implementation (a test's or a hook's) with its own `t`: the outcome is the
  // first failure, or none. ctx is the context box the implementation reads as t.context.
  async function avaExec(title, impl, args, ctx, passedSoFar, isHook) {
    const run = { title, count: 0, plan: undefined, error: undefined, teardowns: [], pendings: [], ctx, finished: false, isHook };
    run.passedSoFar = passedSoFar || (() => run.error === undefined);
    run.fail = (e) => { if (run.finished) { if (!run.late) run.late = new Error('Assertion failed, but test has already finished: ' + e.message); return; } if (run.error === undefined) run.error = e; };
    run.lateCheck = () => { if (run.finished && !run.late) run.late = new Error('Assertion passed, but test has already finished'); };
    run.pending = (p) => { run.pendings.push(p.catch(() => {})); return p; };
    const t = avaContext(run);
    try {
      let ret = impl(t, ...args);
      if (ret && typeof ret.subscribe === 'function' && typeof ret.then !== 'function') avaRefuse('observables returned by tests');
      if (avaIsPromise(ret)) await ret;
    } catch (err) {
      if (run.error === undefined) run.error = err instanceof Error ? err : Object.assign(new Error('Rejected promise returned by test. Reason:\n' + inspect(err)), { avaValue: err });
    }
    const pendingAtEnd = run.pendings.length > 0 && run.error === undefined && await avaStillPending(run);
    if (pendingAtEnd) run.error = new Error('Test finished, but an assertion is still pending');
    if (run.error === undefined && run.plan !== undefined && run.plan !== run.count) run.error = new Error('Planned for ' + run.plan + ' assertion' + (run.plan === 1 ? '' : 's') + ', but got ' + run.count + '.');
    if (run.error === undefined && run.plan === undefined && run.count === 0 && !isHook) run.error = new Error('Test finished without running any assertions');
    run.finished = true;
    for (const fn of run.teardowns.reverse()) {
      try { await fn(); } catch (err) { if (run.error === undefined) run.error = err; }
    }
    return run;
  }
  // avaStillPending: a throwsAsync/notThrowsAsync the implementation did not await is still
  // pending when it returns; give those already settled a turn to say so.
  async function avaStillPending(run) {
    let settled = 0;
    for (const p of run.pendings) p.then(() => { settled++; });
    await Promise.resolve();
    await Promise.resolve();
    return settled < run.pendings.length;
  }

  function avaRecord(name, status, err, todo) {
    const r = { file: host.entry, name, status, error: err === undefined ? '' : errorText(err), durationMs: 0, depth: 0, todo: !!todo };
    results.push(r);
    if (status === 'fail') { avaState.failed = true; if (host.bail) bailed = true; }
    host.write(1, (status === 'pass' ? '  ✔ ' : status === 'fail' ? '  ✘ ' : todo ? '  - [todo] ' : '  - [skip] ') + name + '\n');
    if (status === 'fail') host.write(1, r.error.split('\n').map((l) => '      ' + l).join('\n') + '\n');
    return r;
  }

  // avaDeclare makes test() and its modifiers: each property adds one modifier, as ava's chain
  // does (test.serial.only, test.failing.skip, …).
  function avaDeclare(mods) {
    const declare = function test(...args) {
      if (avaState.running) throw new Error('All tests and hooks must be declared synchronously in your test file, and cannot be nested within other tests or hooks.');
      if (mods.hook) return avaHook(mods, args);
      let title, impl, rest;
      if (typeof args[0] === 'string') { [title, impl, ...rest] = args; } else { [impl, ...rest] = args; title = undefined; }
      if (mods.todo) {
        if (impl !== undefined) throw new TypeError('`todo` tests are not allowed to have an implementation. Use `test.skip()` for tests with an implementation.');
        avaState.tests.push({ title, todo: true, mods });
        return;
      }
      if (impl && typeof impl === 'object' && typeof impl.exec === 'function') {
        const macro = impl;
        if (typeof macro.title === 'function') title = macro.title(title, ...rest);
        impl = macro.exec;
      } else if (typeof impl === 'function' && typeof impl.title === 'function') {
        title = impl.title(title, ...rest);
      }
      if (typeof impl !== 'function') throw new TypeError('Expected an implementation. Use `test.todo()` for tests without an implementation.');
      if (title === undefined || title === '') throw new TypeError('Tests must have a title');
      if (avaState.titles.has(title)) throw new Error('Duplicate test title: ' + title);
      avaState.titles.add(title);
      avaState.tests.push({ title, impl, args: rest, mods });
    };
    const add = (k, v) => avaDeclare(Object.assign({}, mods, { [k]: v }));
    if (!mods.hook) {
      for (const k of ['serial', 'only', 'skip', 'failing']) {
        if (!mods[k]) Object.defineProperty(declare, k, { get: () => add(k, true), enumerable: true });
      }
      if (!mods.only && !mods.skip && !mods.failing) {
        Object.defineProperty(declare, 'todo', { get: () => add('todo', true), enumerable: true });
        for (const h of ['before', 'after', 'beforeEach', 'afterEach']) Object.defineProperty(declare, h, { get: () => add('hook', h), enumerable: true });
      }
    } else {
      if ((mods.hook === 'after' || mods.hook === 'afterEach') && !mods.always) Object.defineProperty(declare, 'always', { get: () => add('always', true), enumerable: true });
      if (!mods.skip) Object.defineProperty(declare, 'skip', { get: () => add('skip', true), enumerable: true });
    }
    return declare;
  }
  function avaHook(mods, args) {
    let title, impl, rest;
    if (typeof args[0] === 'string') { [title, impl, ...rest] = args; } else { [impl, ...rest] = args; }
    if (impl && typeof impl === 'object' && typeof impl.exec === 'function') impl = impl.exec;
    if (typeof impl !== 'function') throw new TypeError('Expected an implementation.');
    if (mods.skip) return;
    const key = mods.hook + (mods.always ? 'Always' : '');
    avaState.hooks[key].push({ title: title || mods.hook + ' hook', impl, args: rest, serial: !!mods.serial });
  }

  const avaTest = avaDeclare({});
  Object.defineProperty(avaTest, 'cb', { get: () => avaRefuse('test.cb (callback tests)'), enumerable: true });
  Object.defineProperty(avaTest, 'meta', { get: () => avaRefuse('test.meta'), enumerable: true });
  avaTest.macro = (m) => m;
  avaTest.default = avaTest;
  avaTest.test = avaTest;
  avaTest.registerCompletionHandler = () => avaRefuse('registerCompletionHandler');
  avaTest[Symbol.for('bond.comparator')] = (concordance) => {
    if (!avaState.compare) avaState.compare = concordance;
  };
  const avaModule = avaTest;

  // avaHooks runs hooks of one kind in order; the first failure is returned (with the hook).
  async function avaHooks(list, title, ctx, passedSoFar) {
    for (const h of list) {
      const run = await avaExec(h.title, h.impl, h.args, ctx, passedSoFar, true);
      if (run.error !== undefined) return { hook: h, error: run.error, name: title ? h.title + ' for ' + title : h.title };
    }
    return undefined;
  }

  // avaRunTest runs one test with its each-hooks and records it.
  async function avaRunTest(test, baseCtx) {
    const ctx = { value: baseCtx && typeof baseCtx === 'object' ? Object.assign(Array.isArray(baseCtx) ? [] : {}, baseCtx) : baseCtx };
    let passed = false;
    avaState.current.add(test.title);
    const bf = await avaHooks(avaState.hooks.beforeEach, test.title, ctx, () => false);
    let err;
    if (bf) err = bf.error;
    else {
      const run = await avaExec(test.title, test.impl, test.args, ctx, null, false);
      err = run.error;
      if (test.mods.failing) err = err === undefined ? new Error('Test was expected to fail, but succeeded, you should stop marking the test as failing') : undefined;
      passed = err === undefined;
      if (passed) {
        const af = await avaHooks(avaState.hooks.afterEach, test.title, ctx, () => true);
        if (af) { err = af.error; passed = false; }
      }
      if (run.late && err === undefined) { err = run.late; passed = false; }
    }
    const aa = await avaHooks(avaState.hooks.afterEachAlways, test.title, ctx, () => passed);
    if (aa && err === undefined) err = aa.error;
    avaState.current.delete(test.title);
    if (!avaState.stopped) avaRecord(test.title, err === undefined ? 'pass' : 'fail', err);
  }

  // avaRun runs the file's tests as ava's runner does once the file has loaded.
  async function avaRun() {
    avaState.running = true;
    const all = avaState.tests;
    if (!all.length) {
      fileFailure(new Error('No tests found in ' + host.entry), 'empty');
      return;
    }
    const only = all.some((t) => t.mods.only);
    if (only) host.crossFile('.only, which ava applies across all the test files of a run');
    const runnable = [];
    for (const t of all) {
      if (t.todo) avaRecord(t.title === undefined ? '(todo)' : t.title, 'skip', undefined, true);
      else if (t.mods.skip || (only && !t.mods.only)) { if (t.mods.skip) avaRecord(t.title, 'skip'); }
      else runnable.push(t);
    }
    const ctx = { value: {} };
    if (runnable.length) {
      const bf = await avaHooks(avaState.hooks.before, '', ctx, () => true);
      if (bf) {
        avaRecord(bf.name, 'fail', bf.error);
      } else {
        for (const t of runnable.filter((t) => t.mods.serial)) {
          if (bailed || avaState.stopped) break;
          await avaRunTest(t, ctx.value);
        }
        if (!bailed && !avaState.stopped) await Promise.all(runnable.filter((t) => !t.mods.serial).map((t) => avaRunTest(t, ctx.value)));
      }
    }
    if (!avaState.stopped && !avaState.failed) {
      const af = await avaHooks(avaState.hooks.after, '', ctx, () => true);
      if (af) avaRecord(af.name, 'fail', af.error);
    }
    if (!avaState.stopped) {
      const aa = await avaHooks(avaState.hooks.afterAlways, '', ctx, () => !avaState.failed);
      if (aa) avaRecord(aa.name, 'fail', aa.error);
    }
    avaState.running = false;
    avaState.done = true;
  }

  // avaUncaught: ava fails the file on an uncaught exception or unhandled rejection (the worker
  // exits); the tests still running fail with it, and nothing more runs.
  function avaUncaught(err) {
    if (host.framework !== 'ava') return false;
    avaState.stopped = true;
    if (avaState.current.size) for (const title of avaState.current) avaRecord(title, 'fail', err);
    else fileFailure(err, 'uncaught');
    avaState.current.clear();
    return true;
  }

  // avaFinish fails the tests still running when the event loop ran dry: ava reports a promise
  // returned by a test that never resolved as that test's failure.
  function avaFinish(reason) {
    if (host.framework !== 'ava' || !avaState.running || avaState.stopped) return;
    for (const title of avaState.current) avaRecord(title, 'fail', new Error('Promise returned by test never resolved (' + reason + ')'));
    if (!avaState.current.size) fileFailure(new Error(reason), 'unfinished');
  }
