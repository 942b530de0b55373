// mocha: the BDD interface (describe/context/it/specify with skip and only, xdescribe/xit, the
// four hooks, root-level ones included), mocha's `this` (timeout, slow, skip, test,
// currentTest), done callbacks and promises, and mocha 10's runner: a suite's own tests run
// before its nested suites, a failing hook is a failure named as mocha names it and ends its
// suite, timeouts (host.mochaTimeout, 2000 ms by default) run on the virtual clock, and done()
// called twice fails the test. Tests are named as mocha's json reporter names them: the suites'
// titles joined by spaces, " › ", the test's title. Part of the embedded runtime.

  class MPending { constructor(message) { this.message = message; } }
  const mDefaultTimeout = typeof host.mochaTimeout === 'number' ? host.mochaTimeout : 2000;
  const INT_MAX = 2147483647;
  const mImmediate = () => new Promise((resolve) => timers.setImmediate(resolve));

  // mClamp is mocha's timeout setter: a string like '2s' is read, 0 and 2^31-1 mean none.
  function mTimeoutValue(ms) {
    if (typeof ms === 'string') ms = mMilliseconds(ms);
    ms = Math.min(Math.max(Number(ms), 0), INT_MAX);
    return ms === 0 || ms === INT_MAX ? 0 : ms;
  }
  function mMilliseconds(s) {
    const m = /^\s*(-?(?:\d+)?\.?\d+)\s*(ms|msecs?|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)?\s*$/i.exec(s);
    if (!m) return NaN;
    const n = parseFloat(m[1]);
    const unit = (m[2] || 'ms').toLowerCase();
    if (unit[0] === 'd') return n * 864e5;
    if (unit[0] === 'h') return n * 36e5;
    if (unit === 'm' || unit.startsWith('min')) return n * 6e4;
    if (unit[0] === 's') return n * 1e3;
    return n;
  }

  // The context every test and hook runs with as `this`: a suite's is created from its parent's,
  // so what a hook sets on `this` its suite's tests see, as in mocha.
  const mCtxProto = {
    runnable(r) {
      if (!arguments.length) return this._runnable;
      this.test = this._runnable = r;
      return this;
    },
    timeout(ms) {
      if (!arguments.length) return this.runnable().timeout();
      this.runnable().timeout(ms);
      return this;
    },
    slow(ms) {
      if (!arguments.length) return this.runnable().slow();
      this.runnable().slow(ms);
      return this;
    },
    skip() { this.runnable().skip(); },
    retries(n) {
      if (!arguments.length) return 0;
      if (Number(n) > 0) throw new Error('this.retries() is not available in the embedded runner; use --runner node');
      return this;
    },
  };

  class MSuite {
    constructor(title, parent) {
      this.title = title;
      this.parent = parent;
      this.root = !parent;
      this.suites = [];
      this.tests = [];
      this.hooks = { beforeAll: [], afterAll: [], beforeEach: [], afterEach: [] };
      this.onlyTests = [];
      this.onlySuites = [];
      this.pending = false;
      this.file = host.entry;
      this._timeout = parent ? parent._timeout : mDefaultTimeout;
      this._slow = parent ? parent._slow : 75;
      this.ctx = Object.create(parent ? parent.ctx : mCtxProto);
    }
    fullTitle() { return this.titlePath().join(' '); }
    titlePath() {
      const p = this.parent ? this.parent.titlePath() : [];
      return this.root ? p : p.concat([this.title]);
    }
    isPending() { return this.pending || (!!this.parent && this.parent.isPending()); }
    timeout(ms) { if (!arguments.length) return this._timeout; this._timeout = mTimeoutValue(ms); return this; }
    slow(ms) { if (!arguments.length) return this._slow; this._slow = typeof ms === 'string' ? mMilliseconds(ms) : ms; return this; }
    retries(n) { if (!arguments.length) return 0; if (Number(n) > 0) throw new Error('this.retries() is not available in the embedded runner; use --runner node'); return this; }
    bail() { return this; }
    total() { return this.suites.reduce((n, s) => n + s.total(), 0) + this.tests.length; }
    hasOnly() { return this.onlyTests.length > 0 || this.onlySuites.length > 0 || this.suites.some((s) => s.hasOnly()); }
    // filterOnly keeps what .only marks: a suite's only tests (and none of its suites), else
    // its only suites and the suites with only descendants.
    filterOnly() {
      if (this.onlyTests.length) {
        this.tests = this.onlyTests;
        this.suites = [];
      } else {
        this.tests = [];
        for (const s of this.onlySuites) if (s.hasOnly()) s.filterOnly();
        this.suites = this.suites.filter((s) => this.onlySuites.indexOf(s) >= 0 || s.filterOnly());
      }
      return this.tests.length > 0 || this.suites.length > 0;
    }
  }

  class MRunnable {
    constructor(type, title, fn, parent) {
      this.type = type; // 'test' or 'hook'
      this.title = title;
      this.fn = fn;
      this.parent = parent;
      this.ctx = parent.ctx;
      this.file = host.entry;
      this.pending = type === 'test' && !fn;
      this.async = !!fn && fn.length > 0;
      this.sync = !this.async;
      this._timeout = parent._timeout;
      this._slow = parent._slow;
      this.timer = undefined;
      this.timedOut = false;
      this.state = undefined;
      this.callback = undefined;
    }
    fullTitle() { return this.titlePath().join(' '); }
    titlePath() { return this.parent.titlePath().concat([this.title]); }
    isPending() { return this.pending || (!!this.parent && this.parent.isPending()); }
    isFailed() { return !this.isPending() && this.state === 'failed'; }
    isPassed() { return !this.isPending() && this.state === 'passed'; }
    currentRetry() { return 0; }
    retries() { return 0; }
    slow(ms) { if (!arguments.length) return this._slow; this._slow = typeof ms === 'string' ? mMilliseconds(ms) : ms; return this; }
    timeout(ms) {
      if (!arguments.length) return this._timeout;
      this._timeout = mTimeoutValue(ms);
      if (this.timer !== undefined) this.resetTimeout();
      return this;
    }
    skip() {
      this.pending = true;
      throw new MPending('sync skip; aborting execution');
    }
    clearTimeout() { clear(this.timer); }
    resetTimeout() {
      const ms = this.timeout();
      if (ms === 0) return;
      this.clearTimeout();
      this.timer = timers.setTimeout(() => {
        if (this.timeout() === 0) return;
        this.callback(this.timeoutError(ms));
        this.timedOut = true;
      }, ms);
    }
    timeoutError(ms) {
      const e = new Error('Timeout of ' + ms + 'ms exceeded. For async tests and hooks, ensure "done()" is called; if returning a Promise, ensure it resolves. (' + this.file + ')');
      e.code = 'ERR_MOCHA_TIMEOUT';
      return e;
    }
    // run calls the body as mocha's Runnable#run does: done callbacks, promises, sync bodies;
    // fn(err) once. A second done() is a failure of its own (mFail).
    run(fn) {
      const start = Date.now();
      let finished = false;
      let errorWasHandled = false;
      if (this.isPending()) return fn();
      this.ctx.runnable(this);
      const multiple = (err) => {
        if (errorWasHandled) return;
        errorWasHandled = true;
        let title = '<' + this.fullTitle() + '>';
        if (this.parent.root) title += ' (of root suite)';
        let msg = 'done() called multiple times in ' + this.type + ' ' + title + ' of file ' + this.file;
        if (err) msg += '; in addition, done() received error: ' + (err instanceof Error ? err.name + ': ' + err.message : String(err));
        const e = new Error(msg);
        e.code = 'ERR_MOCHA_MULTIPLE_DONE';
        mFail(this, e);
      };
      const done = (err) => {
        const ms = this.timeout();
        if (this.timedOut) return;
        if (finished) return multiple(err);
        this.clearTimeout();
        this.duration = Date.now() - start;
        finished = true;
        if (!err && this.duration > ms && ms > 0) err = this.timeoutError(ms);
        fn(err);
      };
      this.callback = done;
      if (this.fn && typeof this.fn.call !== 'function') {
        done(new TypeError('A runnable must be passed a function as its fn property, not ' + inspect(this.fn)));
        return;
      }
      if (this.async) {
        this.resetTimeout();
        this.skip = function asyncSkip() {
          this.pending = true;
          done();
          throw new MPending('async skip; aborting execution');
        };
        let result;
        try {
          result = this.fn.call(this.ctx, (err) => {
            if (err instanceof Error || Object.prototype.toString.call(err) === '[object Error]') return done(err);
            if (err) {
              if (Object.prototype.toString.call(err) === '[object Object]') return done(new Error('done() invoked with non-Error: ' + JSON.stringify(err)));
              return done(new Error('done() invoked with non-Error: ' + err));
            }
            if (result && typeof result.then === 'function') {
              return done(new Error('Resolution method is overspecified. Specify a callback *or* return a Promise; not both.'));
            }
            done();
          });
        } catch (err) {
          errorWasHandled = true;
          if (err instanceof MPending) return;
          done(mToError(err));
        }
        return;
      }
      try {
        const result = this.fn.call(this.ctx);
        if (result && typeof result.then === 'function') {
          this.resetTimeout();
          result.then(() => { done(); return null; }, (reason) => done(reason || new Error('Promise rejected with no or falsy reason')));
        } else {
          done();
        }
      } catch (err) {
        errorWasHandled = true;
        if (err instanceof MPending) return done();
        done(mToError(err));
      }
    }
  }

  // mToError is mocha's Runnable.toValueOrError: a thrown non-value becomes an Error.
  function mToError(v) {
    return v || new Error('Runnable failed with falsy or undefined exception. Please throw an Error instead.');
  }

  const mRoot = new MSuite('', null);
  let mCollect = mRoot;
  const mState = { failures: 0, abort: false, test: undefined, current: undefined, suite: mRoot, running: false, usedOnly: false, rootHooks: false };

  // ---------------------------------------------------------------- declaring

  function mDescribe(mode) {
    return function describe(title, fn) {
      if (typeof fn !== 'function' && mode !== 'skip') {
        throw new Error('Suite "' + [mCollect.fullTitle(), title].filter(Boolean).join(' ') + '" was defined but no callback was supplied. Supply a callback or explicitly skip the suite.');
      }
      const s = new MSuite(String(title), mCollect);
      if (mode === 'skip') s.pending = true;
      if (mode === 'only') { mCollect.onlySuites.push(s); mState.usedOnly = true; }
      mCollect.suites.push(s);
      const prev = mCollect;
      mCollect = s;
      try {
        if (typeof fn === 'function') fn.call(s);
      } finally {
        mCollect = prev;
      }
      return s;
    };
  }
  function mIt(mode) {
    return function it(title, fn) {
      const parent = mCollect;
      const t = new MRunnable('test', String(title), mode === 'skip' ? undefined : fn, parent);
      if (mode === 'skip' || !fn) t.pending = true;
      if (mode === 'only') { parent.onlyTests.push(t); mState.usedOnly = true; }
      parent.tests.push(t);
      return t;
    };
  }
  function mHookDecl(which, label) {
    return function (title, fn) {
      if (typeof title === 'function') { fn = title; title = fn.name; }
      const h = new MRunnable('hook', '"' + label + '" hook' + (title ? ': ' + title : ''), fn, mCollect);
      h.originalTitle = h.title;
      if (mCollect === mRoot) mState.rootHooks = true;
      mCollect.hooks[which].push(h);
      return mCollect;
    };
  }
  const mDescribeFn = mDescribe(undefined);
  mDescribeFn.skip = mDescribe('skip');
  mDescribeFn.only = mDescribe('only');
  const mItFn = mIt(undefined);
  mItFn.skip = mIt('skip');
  mItFn.only = mIt('only');
  mItFn.retries = (n) => mCtxProto.retries(n);
  const mochaGlobals = {
    describe: mDescribeFn, context: mDescribeFn, xdescribe: mDescribeFn.skip, xcontext: mDescribeFn.skip,
    it: mItFn, specify: mItFn, xit: mItFn.skip, xspecify: mItFn.skip,
    before: mHookDecl('beforeAll', 'before all'), after: mHookDecl('afterAll', 'after all'),
    beforeEach: mHookDecl('beforeEach', 'before each'), afterEach: mHookDecl('afterEach', 'after each'),
    run: () => { throw new Error('run() (mocha --delay) is not available in the embedded runner; use --runner node'); },
  };
  const mochaModule = Object.assign({}, mochaGlobals);
  if (host.framework === 'mocha') Object.assign(g, mochaGlobals);

  // ---------------------------------------------------------------- reporting

  // mName is a runnable's name as testresults reads mocha's json report: the suites' titles
  // joined by spaces (one part), then the runnable's own title.
  function mName(r) {
    const full = r.fullTitle();
    const suites = full.slice(0, full.length - r.title.length).replace(/ $/, '');
    return suites ? suites + ' › ' + r.title : r.title;
  }
  function mRecord(r, status, err) {
    if (r.result) {
      // done() called twice, or an error after the test passed: the test fails.
      if (status === 'fail' && r.result.status !== 'fail') {
        r.result.status = 'fail';
        r.result.error = errorText(err);
        if (host.bail) bailed = true;
        host.write(1, '  ✖ ' + r.fullTitle() + '\n' + r.result.error.split('\n').map((l) => '      ' + l).join('\n') + '\n');
      }
      return r.result;
    }
    const depth = r.parent.titlePath().length;
    const res = { file: host.entry, name: mName(r), status, error: err === undefined ? '' : errorText(err), durationMs: r.duration || 0, depth, todo: false };
    r.result = res;
    results.push(res);
    if (host.bail && status === 'fail') bailed = true;
    const ind = '  '.repeat(depth + 1);
    const mark = status === 'pass' ? '✔ ' : status === 'fail' ? '✖ ' : '- ';
    host.write(1, ind + mark + r.title + '\n');
    if (status === 'fail') host.write(1, res.error.split('\n').map((l) => ind + '    ' + l).join('\n') + '\n');
    return res;
  }

  // mFail is mocha's Runner#fail: a test's or a hook's failure.
  function mFail(r, err, force) {
    if (r.isPending() && !force) return;
    mState.failures++;
    r.state = 'failed';
    if (!(err instanceof Error) && !(err && typeof err.message === 'string')) err = new Error('the ' + typeof err + ' ' + JSON.stringify(err) + ' was thrown, throw an Error :)');
    mRecord(r, 'fail', err);
  }

  // ---------------------------------------------------------------- running

  const runRunnable = (r) => new Promise((resolve) => {
    try {
      r.run((err) => resolve(err));
    } catch (e) {
      resolve(e);
    }
  });

  // mHook runs suite's hooks of one kind, as Runner#hook: the error of the first that fails
  // (already reported), or the 'skip' signal.
  async function mHook(which, suite) {
    await mImmediate();
    const hooks = suite.hooks[which];
    for (let i = 0; i < hooks.length; i++) {
      const h = hooks[i];
      mState.current = h;
      if (which === 'beforeAll') h.ctx.currentTest = suite.tests[0];
      else if (which === 'afterAll') h.ctx.currentTest = suite.tests[suite.tests.length - 1];
      else h.ctx.currentTest = mState.test;
      setHookTitle(h);
      const err = await runRunnable(h);
      if (h.pending) {
        if (which === 'afterEach') {
          if (mState.test) mState.test.pending = true;
        } else if (which === 'beforeEach') {
          if (mState.test) mState.test.pending = true;
          h.pending = false;
          return { err: new Error('abort hookDown') };
        } else if (which === 'beforeAll') {
          suite.tests.forEach((t) => { t.pending = true; });
          suite.suites.forEach((s) => { s.pending = true; });
          break;
        } else {
          h.pending = false;
          const e = new Error('`this.skip` forbidden');
          mFail(h, e);
          return { err: e };
        }
      } else if (err) {
        mFail(h, err);
        return { err };
      }
      delete h.ctx.currentTest;
      setHookTitle(h);
    }
    return {};
  }
  function setHookTitle(h) {
    if (h.ctx && h.ctx.currentTest) h.title = h.originalTitle + ' for "' + h.ctx.currentTest.title + '"';
    else h.title = h.originalTitle + ' in "' + (h.parent.title ? h.parent.title : h.parent.root ? '{root}' : '') + '"';
  }

  // mHooks runs a kind of hook over suites (innermost last for beforeEach, first for
  // afterEach): the error and the suite whose hook failed.
  async function mHooks(which, suites) {
    for (const s of suites) {
      mState.suite = s;
      const r = await mHook(which, s);
      if (r.err) return { err: r.err, errSuite: s };
    }
    return {};
  }
  function chainOf(suite) {
    const out = [];
    for (let s = suite; s; s = s.parent) out.unshift(s);
    return out;
  }
  const hookDown = (suite) => mHooks('beforeEach', chainOf(suite));
  const hookUp = (suite) => mHooks('afterEach', chainOf(suite).reverse());

  // mRunTests runs suite's own tests: the suite whose hook failed, when one did.
  async function mRunTests(suite) {
    const tests = suite.tests.slice();
    for (;;) {
      if (bailed) return undefined;
      if (mState.abort) return undefined;
      const test = tests.shift();
      if (!test) return undefined;
      if (test.isPending()) {
        test.state = 'pending';
        mRecord(test, 'skip');
        continue;
      }
      mState.test = test;
      const down = await hookDown(suite);
      mState.suite = suite;
      if (test.isPending()) {
        test.state = 'pending';
        mRecord(test, 'skip');
        const up = await hookUp(down.errSuite || suite);
        mState.suite = suite;
        if (up.err) return hookErr(up.errSuite, true, suite);
        continue;
      }
      if (down.err) return hookErr(down.errSuite, false, suite);
      mState.current = test;
      const err = await runRunnable(test);
      if (test.pending) {
        test.state = 'pending';
        mRecord(test, 'skip');
      } else if (err) {
        mFail(test, err);
      } else if (test.state !== 'failed') {
        test.state = 'passed';
        mRecord(test, 'pass');
      }
      const up = await hookUp(suite);
      mState.suite = suite;
      if (up.err) return hookErr(up.errSuite, true, suite);
    }
  }
  // hookErr: a before/after each hook of errSuite failed; the afterEach hooks from errSuite (its
  // parent, for an afterEach) up still run, and errSuite's remaining tests do not.
  async function hookErr(errSuite, after, suite) {
    const from = after ? errSuite.parent : errSuite;
    if (from) {
      const up = await hookUp(from);
      mState.suite = suite;
      if (up.err) return hookErr(up.errSuite, true, suite);
    }
    return errSuite;
  }

  // mRunSuite runs a suite: beforeAll, its own tests, its suites, afterAll. It returns the
  // suite whose each-hook failed when that is an ancestor, which ends this suite too.
  async function mRunSuite(suite) {
    if (!suite.total() || bailed) return undefined;
    mState.suite = suite;
    const before = await mHook('beforeAll', suite);
    let errSuite;
    if (!before.err) {
      errSuite = await mRunTests(suite);
      if (!errSuite) {
        for (const s of suite.suites) {
          if (mState.abort) break;
          errSuite = await mRunSuite(s);
          if (errSuite) break;
        }
      }
    }
    mState.suite = suite;
    delete mState.test;
    mState.test = undefined;
    await mHook('afterAll', suite);
    return errSuite === suite ? undefined : errSuite;
  }

  // mochaRun runs the file's tests as mocha runs the root suite.
  async function mochaRun() {
    // What mocha applies across every test file of a run, which a runtime per file cannot.
    if (mState.usedOnly) host.crossFile('.only, which mocha applies across all the test files of a run');
    else if (mState.rootHooks) host.crossFile('root-level hooks, which mocha runs around the tests of all the files of a run');
    if (mRoot.hasOnly()) mRoot.filterOnly();
    mState.running = true;
    await mRunSuite(mRoot);
    mState.running = false;
    mState.current = undefined;
    host.write(1, '\n  ' + results.filter((r) => r.status === 'pass').length + ' passing\n');
    const pend = results.filter((r) => r.status === 'skip').length;
    if (pend) host.write(1, '  ' + pend + ' pending\n');
    const fails = results.filter((r) => r.status === 'fail').length;
    if (fails) host.write(1, '  ' + fails + ' failing\n');
  }

  // mochaUncaught is mocha's Runner#uncaught for an error thrown from a timer: the runnable
  // running fails with it; one that already passed fails and the run stops. An unhandled
  // promise rejection is not a failure: mocha 10 re-emits it on process, where nothing listens.
  function mochaUncaught(err, rejection) {
    if (host.framework !== 'mocha') return false;
    if (rejection || err instanceof MPending) return true;
    if (err === undefined || err === null) err = new Error('Caught falsy/undefined exception which would otherwise be uncaught. No stack trace found; try a debugger');
    const r = mState.current;
    if (!r) {
      const u = new MRunnable('hook', 'Uncaught error outside test suite', undefined, mState.suite || mRoot);
      mFail(u, err);
      return true;
    }
    r.clearTimeout();
    if (r.isFailed()) return true;
    if (r.isPending()) { mFail(r, err, true); return true; }
    if (r.isPassed()) {
      mFail(r, err);
      mState.abort = true;
      return true;
    }
    r.callback(err);
    return true;
  }

  // mochaFinish fails the test or hook still running when the loop ran dry or the run was
  // stopped.
  function mochaFinish(reason) {
    if (host.framework !== 'mocha' || !mState.running) return;
    const r = mState.current;
    if (r && !r.result && r.state === undefined) mFail(r, new Error(reason));
  }
