// tape: tape 5's test API (`require('tape')`, `import test from 'tape'`) and its harness, as the
// tape CLI runs a file: test() declares, and after the file has loaded the tests run one at a
// time, each ending with t.end(), its plan being met, or its promise settling; subtests
// (t.test) run when their parent's body is done, before the parent ends; teardowns run at the
// end. A test fails when one of its own assertions fails ("plan != count", ".end() already
// called" and "test exited without ending" included); an exception thrown by a test's body, a
// timer or an unhandled rejection ends the process under tape, so here it fails the running
// test and nothing more runs. Tests are named by their titles joined with " > ". What tape has
// and this does not (t.capture, t.captureFn, t.intercept, streams, harness events, several
// harnesses) is refused by name through host.refuse. Part of the embedded runtime.

  // tapeRecords holds each test's result record, out of reach of the test object the tests see.
  const tapeRecords = new WeakMap();
  const tapeState = { tests: [], all: [], only: null, current: undefined, stopped: false, count: 0, running: false, done: undefined };
  const tapeIs = Object.is;
  const tapeIsRegExp = (x) => Object.prototype.toString.call(x) === '[object RegExp]';
  const tapeTick = (fn) => timers.setImmediate(fn);

  function tapeArgs(args) {
    let name = '(anonymous)', opts = {}, cb;
    for (const a of args) {
      if (typeof a === 'string') name = a;
      else if (typeof a === 'object') opts = a || opts;
      else if (typeof a === 'function') cb = a;
    }
    return { name, opts, cb };
  }

  function tapeRefuse(what) {
    host.refuse('tape ' + what);
    throw new Error('tape ' + what + ' is not available in the embedded runner; use --runner node');
  }

  class TTest {
    constructor(args, parent) {
      const a = tapeArgs(args);
      this.name = a.name || '(anonymous)';
      this.parent = parent;
      this.path = parent ? parent.path.concat([this.name]) : [this.name];
      this.assertCount = 0;
      this.pendingCount = 0;
      this._skip = a.opts.skip || false;
      this._todo = a.opts.todo || false;
      this._timeout = a.opts.timeout;
      this._plan = undefined;
      this._cb = a.cb;
      this.ended = false;
      this.calledEnd = false;
      this._progeny = [];
      this._teardown = [];
      this._ok = true;
      this._ev = { prerun: [], end: [], result: [], test: [] };
      // tape binds every method to its test, so `.then(t.end)` and `const { equal } = t` work.
      for (const k of Object.getOwnPropertyNames(TTest.prototype)) {
        if (k !== 'constructor' && typeof this[k] === 'function') this[k] = this[k].bind(this);
      }
    }
    on(ev, fn) { (this._ev[ev] || (this._ev[ev] = [])).push(fn); return this; }
    once(ev, fn) { const w = (...a) => { this.off(ev, w); fn(...a); }; return this.on(ev, w); }
    off(ev, fn) { const l = this._ev[ev] || []; const i = l.indexOf(fn); if (i >= 0) l.splice(i, 1); return this; }
    emit(ev, ...a) { for (const fn of (this._ev[ev] || []).slice()) fn(...a); return true; }

    run() {
      this.emit('prerun');
      if (!this._cb || this._skip) { this._end(); return; }
      if (this._timeout != null) this.timeoutAfter(this._timeout);
      tapeState.current = this;
      let ret;
      try {
        ret = this._cb(this);
      } catch (err) {
        tapeCrash(err);
        return;
      }
      if (ret && (typeof ret === 'object' || typeof ret === 'function') && typeof ret.then === 'function') {
        Promise.resolve(ret).then(() => { if (!this.calledEnd) this.end(); }, (err) => {
          if (err instanceof Error || Object.prototype.toString.call(err) === '[object Error]') this.ifError(err);
          else this.fail(err);
          this.end();
        });
      }
    }
    test(...args) {
      const t = new TTest(args, this);
      this._progeny.push(t);
      this.pendingCount++;
      tapeWatch(t);
      t.on('prerun', () => { this.assertCount++; });
      if (!this._pendingAsserts()) tapeTick(() => this._end());
      tapeTick(() => { if (!this._plan && this.pendingCount === this._progeny.length) this._end(); });
    }
    comment(msg) { for (const l of String(msg).trim().split('\n')) host.write(1, '# ' + l.trim().replace(/^#\s*/, '') + '\n'); }
    plan(n) { this._plan = n; }
    timeoutAfter(ms) {
      if (!ms) throw new Error('timeoutAfter requires a timespan');
      const timer = timers.setTimeout(() => { this.fail(this.name + ' timed out after ' + ms + 'ms'); this.end(); }, ms);
      this.once('end', () => clear(timer));
    }
    end(err) {
      if (arguments.length >= 1 && !!err) this.ifError(err);
      if (this.calledEnd) this.fail('.end() already called');
      this.calledEnd = true;
      this._end();
    }
    teardown(fn) {
      if (typeof fn !== 'function') this.fail('teardown: ' + inspect(fn) + ' is not a function');
      else this._teardown.push(fn);
    }
    _end() {
      if (!this._cb && !this._todo && !this._skip) this.fail('# TODO ' + this.name);
      if (this._progeny.length) {
        const t = this._progeny.shift();
        t.once('end', () => this._end());
        if (bailed || tapeState.stopped) { t.ended = true; t.emit('end'); return; }
        t.run();
        return;
      }
      const completeEnd = () => {
        if (!this.ended) this.emit('end');
        const pending = this._pendingAsserts();
        if (!this._planError && this._plan !== undefined && pending) {
          this._planError = true;
          this.fail('plan != count', { expected: this._plan, actual: this.assertCount });
        }
        this.ended = true;
      };
      const next = () => {
        if (this._teardown.length === 0) { completeEnd(); return; }
        const fn = this._teardown.shift();
        let res;
        try { res = fn(); } catch (e) { this.fail(e); }
        if (res && typeof res.then === 'function') res.then(next, () => {});
        else next();
      };
      next();
    }
    _exit() {
      if (this._plan !== undefined && !this._planError && this.assertCount !== this._plan) {
        this._planError = true;
        this.fail('plan != count', { expected: this._plan, actual: this.assertCount, exiting: true });
      } else if (!this.ended) {
        this.fail('test exited without ending: ' + this.name, { exiting: true });
      }
    }
    _pendingAsserts() {
      if (this._plan === undefined) return 1;
      return this._plan - (this._progeny.length + this.assertCount);
    }
    _assert(ok, opts) {
      const extra = opts.extra || {};
      const actualOK = !!ok || !!extra.skip;
      const pick = (...v) => v.find((x) => x !== undefined);
      const name = pick(extra.message, opts.message, '(unnamed assert)');
      if (this.calledEnd && opts.operator !== 'fail') { this.fail('.end() already called: ' + name); return; }
      const res = { id: this.assertCount++, ok: actualOK, skip: pick(extra.skip, opts.skip), todo: pick(extra.todo, opts.todo, this._todo), name, operator: pick(extra.operator, opts.operator) };
      if ('actual' in opts || 'actual' in extra) res.actual = pick(extra.actual, opts.actual);
      if ('expected' in opts || 'expected' in extra) res.expected = pick(extra.expected, opts.expected);
      this._ok = this._ok && actualOK;
      if (!actualOK && !res.todo) res.error = pick(extra.error, opts.error, undefined);
      this.emit('result', res);
      const pending = this._pendingAsserts();
      if (!pending) {
        if (extra.exiting) this._end();
        else tapeTick(() => this._end());
      }
      if (!this._planError && pending < 0) {
        this._planError = true;
        this.fail('plan != count', { expected: this._plan, actual: this._plan - pending });
      }
    }
    fail(msg, extra) { this._assert(false, { message: msg, operator: 'fail', extra }); }
    pass(msg, extra) { this._assert(true, { message: msg, operator: 'pass', extra }); }
    skip(msg, extra) { this._assert(true, { message: msg, operator: 'skip', skip: true, extra }); }
    ok(value, msg, extra) { this._assert(value, { message: msg === undefined ? 'should be truthy' : msg, operator: 'ok', expected: true, actual: value, extra }); }
    notOk(value, msg, extra) { this._assert(!value, { message: msg === undefined ? 'should be falsy' : msg, operator: 'notOk', expected: false, actual: value, extra }); }
    error(err, msg, extra) { this._assert(!err, { message: msg === undefined ? String(err) : msg, operator: 'error', error: err, extra }); }
    equal(a, b, msg, extra) { tapeTwo(arguments); this._assert(tapeIs(a, b), { message: msg === undefined ? 'should be strictly equal' : msg, operator: 'equal', actual: a, expected: b, extra }); }
    notEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(!tapeIs(a, b), { message: msg === undefined ? 'should not be strictly equal' : msg, operator: 'notEqual', actual: a, expected: b, extra }); }
    looseEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(a == b, { message: msg === undefined ? 'should be loosely equal' : msg, operator: 'looseEqual', actual: a, expected: b, extra }); } // eslint-disable-line eqeqeq
    notLooseEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(a != b, { message: msg === undefined ? 'should not be loosely equal' : msg, operator: 'notLooseEqual', actual: a, expected: b, extra }); } // eslint-disable-line eqeqeq
    deepEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(isDeepEqual(a, b, true), { message: msg === undefined ? 'should be deeply equivalent' : msg, operator: 'deepEqual', actual: a, expected: b, extra }); }
    notDeepEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(!isDeepEqual(a, b, true), { message: msg === undefined ? 'should not be deeply equivalent' : msg, operator: 'notDeepEqual', actual: a, expected: b, extra }); }
    deepLooseEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(isDeepEqual(a, b, false), { message: msg === undefined ? 'should be loosely deeply equivalent' : msg, operator: 'deepLooseEqual', actual: a, expected: b, extra }); }
    notDeepLooseEqual(a, b, msg, extra) { tapeTwo(arguments); this._assert(!isDeepEqual(a, b, false), { message: msg === undefined ? 'should not be loosely deeply equivalent' : msg, operator: 'notDeepLooseEqual', actual: a, expected: b, extra }); }
    throws(fn, expected, msg, extra) {
      if (typeof expected === 'string') { msg = expected; expected = undefined; }
      let caught;
      try { fn(); } catch (err) { caught = { error: err }; }
      let passed = caught;
      if (caught) {
        if (typeof expected === 'function') {
          if (typeof expected.prototype !== 'undefined' && caught.error instanceof expected) passed = true;
          else if (Error.isPrototypeOf(expected)) passed = false;
          else passed = expected.call({}, caught.error) === true;
        } else if (tapeIsRegExp(expected)) {
          passed = expected.exec(String(caught.error)) !== null;
          expected = inspect(expected);
        } else if (expected && typeof expected === 'object') {
          if (caught.error && typeof caught.error === 'object') {
            const keys = Object.keys(expected);
            if (expected instanceof Error) keys.push('name', 'message');
            else if (keys.length === 0) throw new TypeError('`throws` validation object must not be empty');
            passed = keys.every((k) => (typeof caught.error[k] === 'string' && tapeIsRegExp(expected[k]) && expected[k].exec(caught.error[k]) !== null) ||
              (k in caught.error && isDeepEqual(caught.error[k], expected[k], true)));
          } else {
            passed = false;
          }
        }
      }
      this._assert(!!passed, { message: msg === undefined ? 'should throw' : msg, operator: 'throws', actual: caught && caught.error, expected, error: !passed && caught && caught.error, extra });
    }
    doesNotThrow(fn, expected, msg, extra) {
      if (typeof expected === 'string') { msg = expected; expected = undefined; }
      let caught;
      try { fn(); } catch (err) { caught = { error: err }; }
      this._assert(!caught, { message: msg === undefined ? 'should not throw' : msg, operator: 'throws', actual: caught && caught.error, expected, error: caught && caught.error, extra });
    }
    match(string, regexp, msg, extra) { tapeMatch(this, string, regexp, msg, extra, false); }
    doesNotMatch(string, regexp, msg, extra) { tapeMatch(this, string, regexp, msg, extra, true); }
    assertion(fn, ...args) { return fn.apply(this, args); }
    capture() { tapeRefuse('t.capture'); }
    captureFn() { tapeRefuse('t.captureFn'); }
    intercept() { tapeRefuse('t.intercept'); }
  }
  const tapeAliases = {
    ok: ['true', 'assert'], notOk: ['false', 'notok'], error: ['ifError', 'ifErr', 'iferror'],
    equal: ['equals', 'isEqual', 'strictEqual', 'strictEquals', 'is'],
    notEqual: ['notEquals', 'isNotEqual', 'doesNotEqual', 'isInequal', 'notStrictEqual', 'notStrictEquals', 'isNot', 'not'],
    looseEqual: ['looseEquals'], notLooseEqual: ['notLooseEquals'],
    deepEqual: ['deepEquals', 'isEquivalent', 'same'],
    notDeepEqual: ['notDeepEquals', 'notEquivalent', 'notDeeply', 'notSame', 'isNotDeepEqual', 'isNotDeeply', 'isNotEquivalent', 'isInequivalent'],
  };
  for (const [k, names] of Object.entries(tapeAliases)) for (const n of names) TTest.prototype[n] = TTest.prototype[k];

  function tapeTwo(args) {
    if (args.length < 2) throw new TypeError('two arguments must be provided to compare');
  }

  function tapeMatch(t, string, regexp, msg, extra, not) {
    const op = not ? 'doesNotMatch' : 'match';
    if (!tapeIsRegExp(regexp)) {
      t._assert(false, { message: msg === undefined ? 'The "regexp" argument must be an instance of RegExp. Received type ' + typeof regexp + ' (' + inspect(regexp) + ')' : msg, operator: op, actual: Object.prototype.toString.call(regexp), expected: '[object RegExp]', extra });
    } else if (typeof string !== 'string') {
      t._assert(false, { message: msg === undefined ? 'The "string" argument must be of type string. Received type ' + typeof string + ' (' + inspect(string) + ')' : msg, operator: op, actual: string === null ? null : typeof string, expected: 'string', extra });
    } else {
      const matches = regexp.exec(string) !== null;
      const said = not ? (matches ? 'was expected to not match' : 'did not match') : (matches ? 'matched' : 'did not match');
      t._assert(not ? !matches : matches, { message: msg === undefined ? 'The input ' + said + ' the regular expression ' + inspect(regexp) + '. Input: ' + inspect(string) : msg, operator: op, actual: string, expected: regexp, extra });
    }
  }

  // tapeWatch reports a test as tape's results stream does: its name when it starts, each
  // assertion as it is made; and records its outcome for bond (one result per test, made a
  // failure by its first failing assertion, even one made after it ended).
  function tapeWatch(t) {
    t.once('prerun', () => {
      host.write(1, '# ' + (t._skip ? 'SKIP ' : t._todo ? 'TODO ' : '') + t.name + '\n');
      const r = { file: host.entry, name: t.path.join(' > '), status: t._skip ? 'skip' : 'pass', error: '', durationMs: 0, depth: t.path.length - 1, todo: !!t._todo };
      tapeRecords.set(t, r);
      results.push(r);
    });
    t.on('result', (res) => {
      tapeState.count++;
      const good = res.ok || res.todo;
      host.write(1, (good ? 'ok ' : 'not ok ') + tapeState.count + ' ' + res.name + '\n');
      if (good) return;
      let err = res.error;
      if (err === undefined || err === false || err === null) {
        err = new Error(res.name);
        let text = '  operator: ' + res.operator;
        if ('expected' in res || 'actual' in res) text += '\n  expected: ' + inspect(res.expected) + '\n  actual:   ' + inspect(res.actual);
        err.stack = 'Error: ' + res.name + '\n' + text;
      }
      host.write(1, errorText(err).split('\n').map((l) => '    ' + l).join('\n') + '\n');
      tapeFailed(t, err);
    });
  }

  // tapeFailed makes t's result a failure (the first failing assertion's error), or the file's
  // when t never started.
  function tapeFailed(t, err) {
    const r = tapeRecords.get(t);
    if (!r) {
      const nr = { file: host.entry, name: t.path.join(' > '), status: 'fail', error: errorText(err), durationMs: 0, depth: t.path.length - 1, todo: false };
      tapeRecords.set(t, nr);
      results.push(nr);
    } else if (r.status !== 'fail') {
      r.status = 'fail';
      r.todo = false;
      r.error = errorText(err);
    }
    if (host.bail) bailed = true;
  }

  // tapeCrash is an exception tape does not catch (a test's body throwing, a timer, an unhandled
  // rejection): Node exits 1, so the running test fails and nothing more runs.
  function tapeCrash(err) {
    const t = tapeState.current;
    tapeState.stopped = true;
    if (t) tapeFailed(t, err);
    else fileFailure(err, 'uncaught');
    if (tapeState.done) { const d = tapeState.done; tapeState.done = undefined; d(); }
  }

  const tapeTest = function test(...args) {
    if (new.target) tapeRefuse('new Test()');
    const t = new TTest(args, undefined);
    tapeState.tests.push(t);
    tapeState.all.push(t);
    tapeWatch(t);
    return t;
  };
  tapeTest.test = tapeTest;
  tapeTest.only = function only(...args) {
    if (tapeState.only) throw new Error('there can only be one only test');
    const t = tapeTest(...args);
    tapeState.only = t;
    host.crossFile('.only, which tape applies across all the test files of a run');
    return t;
  };
  tapeTest.skip = function skip(...args) {
    const a = tapeArgs(args);
    a.opts = Object.assign({}, a.opts, { skip: true });
    return tapeTest(a.name, a.opts, a.cb);
  };
  for (const n of ['createStream', 'createHarness', 'getHarness', 'onFinish', 'onFailure', 'wait', 'run', 'Test']) {
    Object.defineProperty(tapeTest, n, { get() { return tapeRefuse('test.' + n); }, enumerable: true });
  }
  tapeTest.default = tapeTest;
  const tapeModule = tapeTest;

  // tapeRun runs the file's tests one at a time, as tape's harness does once the CLI has loaded
  // the files.
  function tapeRun() {
    tapeState.running = true;
    return new Promise((resolve) => {
      tapeState.done = resolve;
      const nextTest = () => {
        if (!tapeState.only) return tapeState.tests.shift();
        let t;
        do {
          t = tapeState.tests.shift();
          if (t && t === tapeState.only) return t;
        } while (tapeState.tests.length);
        return undefined;
      };
      const next = () => {
        let t;
        while (!bailed && !tapeState.stopped && (t = nextTest())) {
          tapeState.current = t;
          t.run();
          if (!t.ended) {
            t.once('end', () => tapeTick(next));
            return;
          }
        }
        tapeState.current = undefined;
        if (tapeState.done) { tapeState.done = undefined; resolve(); }
      };
      tapeTick(next);
    });
  }

  // tapeUncaught: under tape an uncaught error ends the process.
  function tapeUncaught(err) {
    if (host.framework !== 'tape') return false;
    tapeCrash(err);
    return true;
  }

  // tapeFinish is tape's exit handler: each top-level test (the only one, with .only) that
  // never ended fails "test exited without ending", one whose plan was not met "plan != count".
  // A run that crashed exits with its error's code, and the handler does nothing.
  function tapeFinish() {
    if (host.framework !== 'tape' || tapeState.stopped || bailed) return;
    for (const t of tapeState.all) {
      if (!tapeState.only || t === tapeState.only) t._exit();
    }
  }
