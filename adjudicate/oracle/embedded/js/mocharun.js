// mocha, running: mocha 10's runner over the tree mocha.js declares — a suite's own tests run
// before its nested suites, a failing hook is a failure named as mocha names it and ends its
// suite, .only filters the whole file — and its reporting: tests are named as mocha's json
// reporter names them, the suites' titles joined by spaces, " › ", the test's title. Part of
// the embedded runtime.

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
          mCheckGlobals(h);
          h.pending = false;
          return { err: new Error('abort hookDown') };
        } else if (which === 'beforeAll') {
          suite.tests.forEach((t) => { t.pending = true; });
          suite.suites.forEach((s) => { s.pending = true; });
          i = hooks.length; // the suite's other before-all hooks do not run
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
      mCheckGlobals(h);
      delete h.ctx.currentTest;
      setHookTitle(h);
      // mocha's json reporter names a hook by its title at the end of the run, which a hook that
      // completed (a leak fails it without stopping it) has reset to `"…" hook in "suite"`.
      if (h.result) h.result.name = mName(h);
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
        mCheckGlobals(test);
        continue;
      }
      mState.test = test;
      const down = await hookDown(suite);
      mState.suite = suite;
      if (test.isPending()) {
        test.state = 'pending';
        mRecord(test, 'skip');
        mCheckGlobals(test);
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
      mCheckGlobals(test);
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
    mState.okGlobals = mGlobalProps();
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

  // mGlobalProps are the global object's keys as mocha's --check-leaks reads them: the
  // enumerable ones and the timers and Date.
  function mGlobalProps() {
    const props = Object.keys(g);
    for (const n of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'XMLHttpRequest', 'Date', 'setImmediate', 'clearImmediate']) {
      if (props.indexOf(n) < 0) props.push(n);
    }
    return props;
  }

  // mCheckGlobals is --check-leaks after a test or hook ends: the globals it added fail it (once:
  // they are allowed from then on); mocha looks only when the number of globals changed.
  function mCheckGlobals(r) {
    if (!host.mocha.checkLeaks) return;
    const globals = mGlobalProps();
    if (mState.prevGlobalsLength === globals.length) return;
    mState.prevGlobalsLength = globals.length;
    const leaks = globals.filter((k) => !/^\d+/.test(k) && !/^mocha-/.test(k) && mState.okGlobals.indexOf(k) < 0);
    mState.okGlobals = mState.okGlobals.concat(leaks);
    if (leaks.length) mFail(r, new Error('global leak(s) detected: ' + leaks.map((k) => "'" + k + "'").join(', ')));
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
