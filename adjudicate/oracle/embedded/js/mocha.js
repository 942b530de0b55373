// mocha, declaring: the BDD interface (describe/context/it/specify with skip and only,
// xdescribe/xit, the four hooks, root-level ones included), the suite tree, mocha's `this`
// (timeout, slow, skip, test, currentTest), and a runnable's run as mocha 10 runs one: done
// callbacks, promises, timeouts (host.mocha.timeout, 2000 ms by default) on the virtual clock,
// done() called twice. mocharun.js runs the tree. Part of the embedded runtime.

  class MPending { constructor(message) { this.message = message; } }
  const mDefaultTimeout = host.mocha.timeout;
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
      if (mode === 'only') { mForbidOnly(); mCollect.onlySuites.push(s); mState.usedOnly = true; }
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
      if (mode === 'only') mForbidOnly();
      const t = new MRunnable('test', String(title), mode === 'skip' ? undefined : fn, parent);
      if (mode === 'skip' || !fn) t.pending = true;
      if (mode === 'only') { parent.onlyTests.push(t); mState.usedOnly = true; }
      parent.tests.push(t);
      return t;
    };
  }
  // mForbidOnly throws mocha's error for .only under --forbid-only.
  function mForbidOnly() {
    if (!host.mocha.forbidOnly) return;
    const e = new Error('`.only` forbidden by --forbid-only');
    e.code = 'ERR_MOCHA_FORBIDDEN_EXCLUSIVITY';
    throw e;
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
