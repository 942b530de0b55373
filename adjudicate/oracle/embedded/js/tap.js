// tap: node-tap's test API (`require('tap')`, `import t from 'tap'`), v16 to v21 as test files
// use it: the module is the root test, whose assertions and subtests run while the file loads;
// t.test queues a subtest that starts at once when its parent is free, else after the subtests
// before it; a test ends on t.end(), when its plan is met, or when the promise its function
// returned settles, and then only after its own subtests and pending t.rejects/t.resolves. A
// test fails when one of its assertions fails (one made after it ended included), its function
// throws or its promise rejects, its plan is not met, end() is called twice, it never ends, or
// a subtest of it fails — tap's "not ok" for a parent. same, notSame, strictSame, match, has and
// the comparisons behind equal and throws are the real tcompare package (handed over by the
// bundle, comparator.go). beforeEach and afterEach run around every descendant test.
// t.matchSnapshot reads tap 15–16's committed snapshot files (tap-snapshots/FILE.test.cjs, parsed,
// not run); tap 18+'s snapshots, t.mock/mockImport/mockRequire, fixtures, t.clock, t.spawn,
// t.intercept, t.capture, t.emits are refused by name through host.refuse. Tests are named by
// their titles joined with " > "; the root's own assertions by the file. Part of the embedded
// runtime.

  const tapState = { compare: undefined, version: '', active: [], all: [], root: undefined, done: undefined, stopped: false, snapIndex: new Map(), snapshot: undefined };
  const tapIsRegExp = (x) => Object.prototype.toString.call(x) === '[object RegExp]';
  const tapIsPromise = (x) => x !== null && (typeof x === 'object' || typeof x === 'function') && typeof x.then === 'function';

  function tapRefuse(what) {
    host.refuse('tap ' + what);
    throw new Error('tap ' + what + ' is not available in the embedded runner; use --runner node');
  }

  function tapCompare(name, found, wanted) {
    const tc = tapState.compare;
    if (!tc || typeof tc[name] !== 'function') throw new Error('tap: the tcompare package was not bundled; the embedded runner cannot compare as tap does');
    return tc[name](found, wanted, {}).match;
  }

  // tapMsg reads an assertion's (message, extra) pair as tap does: a non-string message is
  // extra; the default message when none is given.
  function tapMsg(def, message, extra) {
    if (message && typeof message === 'object') return [def, message];
    return [message || def, extra || {}];
  }

  // tapParseArgs reads t.test's (name, options, fn) in any order, as tap does.
  function tapParseArgs(args) {
    let name = '', opts = {}, cb;
    for (const a of args) {
      if (typeof a === 'string') name = a;
      else if (typeof a === 'function') cb = a;
      else if (a && typeof a === 'object') opts = a;
    }
    if (!name && cb && cb.name) name = cb.name;
    return { name: name || '(unnamed test)', opts, cb };
  }

  class TapTest {
    constructor(name, opts, cb, parent) {
      this.name = name;
      this.parent = parent;
      this.path = parent && parent.parent ? parent.path.concat([name]) : parent ? [name] : [];
      this.options = opts || {};
      this.cb = cb;
      this.count = 0;
      this.planned = undefined;
      this.queue = [];
      this.occupied = false;
      this.started = false;
      this.calledEnd = false;
      this.ended = false;
      this.ok = true;
      this.own = false; // made an assertion of its own (the root's record depends on it)
      this.error = undefined;
      this.teardowns = [];
      this.pendings = 0;
      this.befores = [];
      this.afters = [];
      this.context = parent ? parent.context : {};
      this.onEnd = [];
      // tap binds every method to its test, so `const { test } = require('tap')` works.
      for (const k of Object.getOwnPropertyNames(TapTest.prototype)) {
        const d = Object.getOwnPropertyDescriptor(TapTest.prototype, k);
        if (k !== 'constructor' && typeof d.value === 'function') this[k] = d.value.bind(this);
      }
    }
    get fullname() { return (this.parent && this.parent.parent ? this.parent.fullname + ' > ' : '') + this.name; }

    // result records one assertion; a failing one fails the test (and its ancestors).
    result(ok, message, extra) {
      extra = extra || {};
      if (this.ended) {
        const p = this.parent || this;
        p.own = true;
        tapFail(p, new Error((this.planned !== undefined ? 'test count exceeds plan: ' : 'test after end() was called: ') + message));
        return ok;
      }
      this.count++;
      this.own = true;
      const good = ok || !!extra.todo || !!extra.skip;
      host.write(1, '    '.repeat(this.path.length) + (good ? 'ok ' : 'not ok ') + this.count + ' - ' + message + (extra.todo ? ' # TODO' : extra.skip ? ' # SKIP' : '') + '\n');
      if (!good) {
        const e = extra.error instanceof Error ? extra.error : new Error(message);
        if (!(extra.error instanceof Error) && ('found' in extra || 'wanted' in extra)) e.stack = 'Error: ' + message + '\n  found:  ' + inspect(extra.found) + '\n  wanted: ' + inspect(extra.wanted);
        tapFail(this, e);
      }
      if (this.planned !== undefined && this.count === this.planned) this._maybeEnd();
      return good;
    }
    pass(message, extra) { [message, extra] = tapMsg('(unnamed test)', message, extra); return this.result(true, message, extra); }
    fail(message, extra) { [message, extra] = tapMsg('(unnamed test)', message, extra); return this.result(false, message, extra) && !!(extra.todo || extra.skip); }
    ok(obj, message, extra) { [message, extra] = tapMsg('expect truthy value', message, extra); return this.result(!!obj, message, extra); }
    notOk(obj, message, extra) { [message, extra] = tapMsg('expect falsey value', message, extra); return this.result(!obj, message, extra); }
    error(er, message, extra) {
      [message, extra] = tapMsg('', message, extra);
      if (!er) return this.result(true, message || 'should not error', extra);
      if (!(er instanceof Error)) return this.result(false, message || 'non-Error error encountered', Object.assign(extra, { found: er }));
      return this.result(false, message || er.message, Object.assign(extra, { error: er }));
    }
    equal(found, wanted, message, extra) { [message, extra] = tapMsg('should be equal', message, extra); return this.result(found === wanted, message, Object.assign(extra, { found, wanted })); }
    not(found, wanted, message, extra) { [message, extra] = tapMsg('should not be equal', message, extra); return this.result(found !== wanted, message, Object.assign(extra, { found, doNotWant: wanted })); }
    same(found, wanted, message, extra) { [message, extra] = tapMsg('should be equivalent', message, extra); return this.result(tapCompare('same', found, wanted), message, Object.assign(extra, { found, wanted })); }
    notSame(found, wanted, message, extra) { [message, extra] = tapMsg('should not be equivalent', message, extra); return this.result(!tapCompare('same', found, wanted), message, Object.assign(extra, { found, doNotWant: wanted })); }
    strictSame(found, wanted, message, extra) { [message, extra] = tapMsg('should be equivalent strictly', message, extra); return this.result(tapCompare('strict', found, wanted), message, Object.assign(extra, { found, wanted })); }
    strictNotSame(found, wanted, message, extra) { [message, extra] = tapMsg('should not be equivalent strictly', message, extra); return this.result(!tapCompare('strict', found, wanted), message, Object.assign(extra, { found, doNotWant: wanted })); }
    has(found, wanted, message, extra) { [message, extra] = tapMsg('should contain all provided fields', message, extra); return this.result(tapCompare('has', found, wanted), message, Object.assign(extra, { found, pattern: wanted })); }
    notHas(found, wanted, message, extra) { [message, extra] = tapMsg('should not contain all provided fields', message, extra); return this.result(!tapCompare('has', found, wanted), message, Object.assign(extra, { found, pattern: wanted })); }
    hasStrict(found, wanted, message, extra) { [message, extra] = tapMsg('should contain all provided fields strictly', message, extra); return this.result(tapCompare('hasStrict', found, wanted), message, Object.assign(extra, { found, pattern: wanted })); }
    match(found, wanted, message, extra) { [message, extra] = tapMsg('should match pattern provided', message, extra); return this.result(tapCompare('match', found, wanted), message, Object.assign(extra, { found, pattern: wanted })); }
    notMatch(found, wanted, message, extra) { [message, extra] = tapMsg('should not match pattern provided', message, extra); return this.result(!tapCompare('match', found, wanted), message, Object.assign(extra, { found, pattern: wanted })); }
    hasProp(found, wanted, message, extra) {
      [message, extra] = tapMsg('should have the named property', message, extra);
      if (typeof wanted !== 'string') return this.result(false, 'property name must be a string', extra);
      try { return this.result((wanted in found) && found[wanted] !== undefined, message, extra); } catch (e) { return this.result(false, e.message, extra); }
    }
    hasOwnProp(found, wanted, message, extra) {
      [message, extra] = tapMsg('should have the named own property', message, extra);
      if (typeof wanted !== 'string') return this.result(false, 'property name must be a string', extra);
      try { return this.result(Object.prototype.hasOwnProperty.call(found, wanted) && found[wanted] !== undefined, message, extra); } catch (e) { return this.result(false, e.message, extra); }
    }
    type(obj, klass, message, extra) {
      const name = typeof klass === 'function' ? klass.name || '(anonymous constructor)' : klass;
      [message, extra] = tapMsg('type is ' + name, message, extra);
      if (obj === klass) return this.result(true, message, extra);
      const tof = typeof obj;
      const type = (!obj && tof === 'object') ? 'null' : (tof === 'function' && typeof klass === 'function' && klass !== Object) ? 'object' : tof;
      if (type === 'object' && klass !== 'object') {
        if (typeof klass === 'function') return this.result(obj instanceof klass, message, extra);
        for (let p = obj; p; p = Object.getPrototypeOf(p)) {
          const ctor = p.constructor && p.constructor.name;
          if (p === klass || ctor === name) return this.result(true, message, extra);
        }
      }
      return this.result(type === name, message, Object.assign(extra, { found: type, wanted: name }));
    }
    throws(...args) {
      const [fn, wanted, message, extra] = tapThrowsArgs('expected to throw', args);
      if (typeof fn !== 'function') return this.result(true, message, Object.assign(extra, { todo: extra.todo || true }));
      try {
        fn();
      } catch (er) {
        if (er && er.name) Object.defineProperty(er, 'name', { value: er.name + '', enumerable: true, configurable: true, writable: true });
        if (!wanted) return this.result(true, message, extra) && er;
        const actual = tapIsRegExp(wanted) ? er.message : er;
        return this.result(tapCompare('match', actual, wanted), message, Object.assign(extra, { found: actual, pattern: wanted })) && er;
      }
      return this.result(false, message, extra);
    }
    doesNotThrow(fn, message, extra) {
      if (typeof fn === 'string') { const x = fn; fn = message; message = x; }
      [message, extra] = tapMsg(fn && fn.name || 'expected to not throw', message, extra);
      if (typeof fn !== 'function') return this.result(true, message, Object.assign(extra, { todo: extra.todo || true }));
      try { fn(); } catch (er) { return this.result(false, message, Object.assign(extra, { error: er })); }
      return this.result(true, message, extra);
    }
    rejects(...args) {
      let fn, wanted, extra, promise, message;
      for (const arg of args) {
        if (typeof arg === 'function') {
          if (arg === Error || arg.prototype instanceof Error) wanted = arg;
          else if (!fn) fn = arg;
        } else if (typeof arg === 'string' && arg) message = arg;
        else if (arg && typeof arg.then === 'function' && !promise) promise = arg;
        else if (typeof arg === 'object') { if (!wanted) wanted = arg; else extra = arg; }
      }
      extra = extra || {};
      message = message || (fn && fn.name) || 'expect rejected Promise';
      if (wanted instanceof Error) { wanted = tapWantedError(wanted); message += ': ' + (wanted.name || 'Error') + ' ' + wanted.message; }
      if (!promise && typeof fn !== 'function') { this.result(true, message, Object.assign(extra, { todo: extra.todo || true })); return Promise.resolve(this); }
      if (!promise) promise = fn();
      if (!tapIsPromise(promise)) { this.result(false, message, extra); return Promise.resolve(this); }
      return this.waitOn(promise, (resolved, value) => {
        if (resolved) return this.result(false, message, Object.assign(extra, { found: value }));
        if (value && value.name) Object.defineProperty(value, 'name', { value: value.name + '', enumerable: true, configurable: true, writable: true });
        const actual = tapIsRegExp(wanted) && value ? value.message : value;
        return wanted ? this.result(tapCompare('match', actual, wanted), message, Object.assign(extra, { found: actual, pattern: wanted })) : this.result(true, message, extra);
      });
    }
    resolves(promise, message, extra) {
      [message, extra] = tapMsg('expect resolving Promise', message, extra);
      if (typeof promise === 'function') promise = promise();
      if (!tapIsPromise(promise)) { this.result(false, message, extra); return Promise.resolve(this); }
      return this.waitOn(promise, (resolved, value) => this.result(resolved, message, Object.assign(extra, { found: value })));
    }
    resolveMatch(promise, wanted, message, extra) {
      [message, extra] = tapMsg('expect resolving Promise', message, extra);
      if (typeof promise === 'function') promise = promise();
      if (!tapIsPromise(promise)) { this.result(false, message, extra); return Promise.resolve(this); }
      return this.waitOn(promise, (resolved, value) => resolved ? this.result(tapCompare('match', value, wanted), message, Object.assign(extra, { found: value, pattern: wanted })) : this.result(false, message, Object.assign(extra, { found: value })));
    }
    // matchSnapshot compares found (formatted by tcompare's format, sorted, unless a string;
    // then cleanSnapshot) with tap 16's committed snapshot file, tap-snapshots/FILE.test.cjs,
    // entry "FULLNAME > MESSAGE N". tap 18+ keeps its snapshots otherwise and is refused.
    matchSnapshot(found, message, extra) {
      [message, extra] = tapMsg('must match snapshot', message, extra);
      const major = parseInt(tapState.version, 10);
      if (!(major >= 15 && major < 18)) tapRefuse('t.matchSnapshot (snapshots) under tap ' + (tapState.version || 'of an unknown version') + ' (bond reads tap 15–16 snapshot files)');
      const m = tapFullname(this) + ' > ' + message;
      if (typeof found !== 'string') {
        const fmt = (x) => tapState.compare.format(x, { sort: true });
        let own;
        for (let p = this; p && !own; p = p.parent) own = p.formatSnapshot;
        found = (own || fmt)(found);
        if (typeof found !== 'string') found = fmt(found);
      }
      found = this.cleanSnapshot(found);
      let wanted;
      try { wanted = tapSnapshotRead(m); } catch (er) { return this.result(false, er.message, Object.assign(extra, { error: er })); }
      return this.equal(found, wanted, message, extra);
    }
    cleanSnapshot(s) { return this.parent ? this.parent.cleanSnapshot(s) : s; }

    // waitOn holds the test open until promise settles, then checks it with cb(resolved, value).
    waitOn(promise, cb) {
      this.pendings++;
      return Promise.resolve(promise).then((v) => [true, v], (e) => [false, e]).then(([resolved, value]) => {
        this.pendings--;
        cb(resolved, value);
        this._maybeEnd();
        return this;
      });
    }

    test(...args) {
      const a = tapParseArgs(args);
      const t = new TapTest(a.name, a.opts, a.cb, this);
      const skip = a.opts.skip || a.opts.todo || !a.cb;
      if (skip) {
        this.count++;
        const r = { file: host.entry, name: t.path.join(' > '), status: 'skip', error: '', durationMs: 0, depth: t.path.length - 1, todo: !!(a.opts.todo || !a.cb) };
        results.push(r);
        host.write(1, '    '.repeat(this.path.length) + 'ok ' + this.count + ' - ' + t.name + (r.todo ? ' # TODO' : ' # SKIP') + '\n');
        return Promise.resolve(t);
      }
      return new Promise((resolve) => {
        t.onEnd.push(() => resolve(t));
        this.queue.push(t);
        this._process();
      });
    }
    todo(...args) { const a = tapParseArgs(args); return this.test(a.name, Object.assign({}, a.opts, { todo: true }), a.cb); }
    skip(...args) { const a = tapParseArgs(args); return this.test(a.name, Object.assign({}, a.opts, { skip: true }), a.cb); }
    only(...args) { return this.test(...args); }
    plan(n) {
      if (this.planned !== undefined) throw new Error('Cannot set plan more than once');
      if (typeof n !== 'number' || n < 0) throw new TypeError('plan must be a number');
      this.planned = n;
      if (n === 0) tapTick(() => this._maybeEnd());
    }
    end() {
      if (this.calledEnd) { tapFail(this, new Error('test end() method called more than once')); return this; }
      this.calledEnd = true;
      this._maybeEnd();
      return this;
    }
    teardown(fn) { this.teardowns.push(fn); }
    beforeEach(fn) { this.befores.push(fn); }
    afterEach(fn) { this.afters.push(fn); }
    // before runs fn at once; a promise it returns holds back the subtests queued after it.
    before(fn) {
      if (this.occupied) throw new Error('t.before() called after starting tests');
      const ret = fn.call(this);
      if (tapIsPromise(ret)) {
        this.occupied = true;
        Promise.resolve(ret).then(() => {}, (er) => tapFail(this, er)).then(() => { this.occupied = false; this._process(); });
      }
    }
    after(fn) { this.teardowns.push(fn); }
    comment(...m) { host.write(1, '    '.repeat(this.path.length) + '# ' + m.map((x) => typeof x === 'string' ? x : inspect(x)).join(' ') + '\n'); }
    setTimeout() {} // time is virtual: a test's timer never waits, so no timeout can pass
    autoend() {}
    bailout(reason) { tapFail(this, new Error('Bail out! ' + (reason || ''))); tapState.stopped = true; bailed = true; tapDone(); }

    // _process starts the next queued subtest when this test is free.
    _process() {
      if (this.occupied || tapState.stopped) return;
      const t = this.queue.shift();
      if (!t) { this._maybeEnd(); return; }
      this.occupied = true;
      this.count++;
      t.onEnd.push(() => { this.occupied = false; tapTick(() => this._process()); });
      tapStart(t);
    }
    _maybeEnd() {
      if (!this.parent) { tapCheckRoot(); return; } // the root ends when the file has run
      if (this.ended || this.occupied || this.queue.length || this.pendings) return;
      if (!this.calledEnd && !(this.planned !== undefined && this.count >= this.planned)) return;
      tapEnd(this);
    }
  }
  const tapAliases = {
    ok: ['true', 'assert'], notOk: ['false', 'assertNot'], error: ['ifErr', 'ifError'],
    equal: ['equals', 'isEqual', 'is', 'strictEqual', 'strictEquals', 'strictIs', 'isStrict', 'isStrictly', 'identical'],
    not: ['inequal', 'notEqual', 'notEquals', 'notStrictEqual', 'notStrictEquals', 'isNotEqual', 'isNot', 'doesNotEqual', 'isInequal'],
    same: ['equivalent', 'looseEqual', 'looseEquals', 'deepEqual', 'deepEquals', 'isLoose', 'looseIs'],
    notSame: ['inequivalent', 'looseInequal', 'notDeep', 'deepInequal', 'notLoose', 'looseNot'],
    strictSame: ['strictEquivalent', 'strictDeepEqual', 'sameStrict', 'deepIs', 'isDeeply', 'isDeep', 'strictDeepEquals'],
    strictNotSame: ['strictInequivalent', 'strictDeepInequal', 'notSameStrict', 'deepNot', 'notDeeply', 'strictDeepInequals', 'notStrictSame'],
    match: ['matches', 'similar', 'like', 'isLike', 'isSimilar'],
    notMatch: ['dissimilar', 'unsimilar', 'notSimilar', 'unlike', 'isUnlike', 'notLike', 'isNotLike', 'doesNotHave', 'isNotSimilar', 'isDissimilar'],
    type: ['isa', 'isA'], throws: ['throw'], doesNotThrow: ['notThrow'],
  };
  for (const [k, names] of Object.entries(tapAliases)) for (const n of names) TapTest.prototype[n] = TapTest.prototype[k];
  for (const [m, what] of [['resolveMatchSnapshot', 't.resolveMatchSnapshot (snapshots)'], ['mock', 't.mock'], ['mockImport', 't.mockImport'], ['mockRequire', 't.mockRequire'], ['createMock', 't.createMock'], ['testdir', 't.testdir (fixtures)'], ['fixture', 't.fixture'], ['spawn', 't.spawn'], ['worker', 't.worker'], ['stdin', 't.stdin'], ['intercept', 't.intercept'], ['capture', 't.capture'], ['captureFn', 't.captureFn'], ['emits', 't.emits'], ['stub', 't.stub']]) {
    TapTest.prototype[m] = function refused() { return tapRefuse(what); };
  }
  Object.defineProperty(TapTest.prototype, 'clock', { get() { return tapRefuse('t.clock (@tapjs/clock)'); } });

  // tapFullname is tap 16's fullname: the test file's path, then each title from the root's
  // ("TAP") down.
  function tapFullname(t) {
    return (t.parent ? tapFullname(t.parent) : host.entry) + ' ' + (t.parent ? t.name : 'TAP').trim();
  }

  // tapSnapshotRead reads entry "m N" (N counting reads of m from 1) of the file's snapshot file,
  // as tap 16's Snapshot.read does; the file is parsed as the template literals tap writes
  // (backslash, backtick and ${ escaped), never run.
  function tapSnapshotRead(m) {
    const index = (tapState.snapIndex.get(m) || 1);
    tapState.snapIndex.set(m, index + 1);
    const file = 'tap-snapshots/' + host.entry + '.test.cjs';
    if (!tapState.snapshot) {
      let src;
      try { src = fsModule().readFileSync(file, 'utf8'); } catch (e) {
        throw new Error('Snapshot file not found: ' + file + '\nRun with TAP_SNAPSHOT=1 in the environment\nto create snapshot files');
      }
      tapState.snapshot = tapParseSnapshots(src, file);
    }
    const entry = m + ' ' + index;
    if (!Object.prototype.hasOwnProperty.call(tapState.snapshot, entry)) {
      throw new Error('Snapshot entry not found: "' + entry + '"\nRun with TAP_SNAPSHOT=1 in the environment\nto create snapshots');
    }
    return tapState.snapshot[entry].replace(/\r\n/g, '\n').replace(/^\n|\n$/g, '');
  }
  function tapParseSnapshots(src, file) {
    const out = Object.create(null);
    const lit = (i) => {
      if (src[i] !== '`') throw new Error(file + ': not a snapshot file bond reads (expected ` at offset ' + i + ')');
      let s = '';
      for (i++; i < src.length; i++) {
        const c = src[i];
        if (c === '\\') { s += src[++i]; continue; }
        if (c === '`') return [s, i + 1];
        if (c === '$' && src[i + 1] === '{') throw new Error(file + ': a snapshot with an interpolation is not one bond reads');
        s += c;
      }
      throw new Error(file + ': unterminated snapshot');
    };
    const head = 'exports[';
    for (let i = src.indexOf(head); i >= 0; i = src.indexOf(head, i)) {
      let key, val;
      [key, i] = lit(i + head.length);
      if (src.slice(i, i + 4) !== '] = ') throw new Error(file + ': not a snapshot file bond reads (after ' + JSON.stringify(key) + ')');
      [val, i] = lit(i + 4);
      out[key] = val;
    }
    return out;
  }

  function tapWantedError(wanted) {
    const w = { message: wanted.message };
    if (wanted.name) w.name = wanted.name;
    for (const i in wanted) w[i] = wanted[i];
    return w;
  }
  function tapThrowsArgs(def, args) {
    let fn, wanted, message, extra;
    for (const arg of args) {
      if (typeof arg === 'function') {
        if (arg === Error || arg.prototype instanceof Error) wanted = arg;
        else if (!fn) fn = arg;
      } else if (typeof arg === 'string' && arg) message = arg;
      else if (typeof arg === 'object') { if (!wanted) wanted = arg; else extra = arg; }
    }
    [message, extra] = tapMsg(def, message, extra);
    if (wanted instanceof Error) {
      wanted = tapWantedError(wanted);
      message += ': ' + (wanted.name || 'Error') + ' ' + wanted.message;
    }
    return [fn, wanted, message, extra];
  }

  const tapTick = (fn) => timers.setImmediate(fn);

  // tapRecord is the result record of a test that ran (the root's only once it asserted).
  function tapRecord(t) {
    if (!t.record) {
      t.record = { file: host.entry, name: t.parent ? t.path.join(' > ') : host.entry, status: 'pass', error: '', durationMs: 0, depth: Math.max(t.path.length - 1, 0), todo: false };
      results.push(t.record);
    }
    return t.record;
  }
  // tapFail fails t and every subtest above it, as tap reports a parent "not ok" for a failing
  // subtest; the root's record (the file's own assertions) fails only on its own.
  function tapFail(t, err) {
    for (let p = t; p; p = p.parent) {
      if (!p.parent && p !== t) break;
      const r = tapRecord(p);
      p.ok = false;
      if (r.status !== 'fail') { r.status = 'fail'; r.error = errorText(err); }
    }
    if (host.bail) bailed = true;
  }

  // tapStart runs a subtest: its ancestors' beforeEach functions (outermost first), then its
  // function; a throw or rejection fails it and ends it.
  async function tapStart(t) {
    t.started = true;
    tapState.active.push(t);
    tapRecord(t);
    host.write(1, '    '.repeat(t.path.length - 1) + '# Subtest: ' + t.name + '\n');
    const chain = [];
    for (let p = t.parent; p; p = p.parent) chain.unshift(p);
    try {
      for (const p of chain) for (const fn of p.befores) await fn.call(t, t);
    } catch (er) {
      tapFail(t, er);
      tapEnd(t);
      return;
    }
    let ret;
    try {
      ret = t.cb(t);
    } catch (er) {
      tapFail(t, er);
      tapEnd(t);
      return;
    }
    if (tapIsPromise(ret)) {
      Promise.resolve(ret).then(() => { if (!t.calledEnd) t.end(); }, (er) => { tapFail(t, er); if (!t.calledEnd) t.end(); });
    }
  }

  // tapEnd ends t: its plan checked, its ancestors' afterEach functions run (its own parent's
  // first), then its teardowns, then its parent moves on.
  async function tapEnd(t) {
    if (t.ended) return;
    t.ended = true;
    if (t.planned !== undefined && t.count !== t.planned) tapFail(t, new Error('test count(' + t.count + ') != plan(' + t.planned + ')'));
    for (let p = t.parent; p; p = p.parent) {
      for (const fn of p.afters) { try { await fn.call(t, t); } catch (er) { tapFail(t, er); } }
    }
    for (const fn of t.teardowns) { try { await fn(); } catch (er) { tapFail(t, er); } }
    const i = tapState.active.indexOf(t);
    if (i >= 0) tapState.active.splice(i, 1);
    const r = tapRecord(t);
    host.write(1, '    '.repeat(t.path.length - 1) + (r.status === 'fail' ? 'not ok ' : 'ok ') + (t.parent ? t.parent.count : 0) + ' - ' + t.name + '\n');
    for (const fn of t.onEnd) fn();
    if (t.parent && !t.parent.parent) tapCheckRoot();
  }

  function tapRoot() {
    if (!tapState.root) {
      tapState.root = new TapTest(host.entry, {}, undefined, undefined);
      tapState.root.started = true;
    }
    return tapState.root;
  }
  const tapModule = tapRoot();
  tapModule.t = tapModule;
  tapModule.tap = tapModule;
  tapModule.default = tapModule;
  tapModule.Test = TapTest;
  tapModule.mocks = {};
  tapModule[Symbol.for('bond.comparator')] = (tcompare, version) => {
    if (!tapState.compare) { tapState.compare = tcompare; tapState.version = String(version || ''); }
  };

  // tapRun waits, once the file has loaded, for the root's subtests and pending promises.
  function tapRun() {
    return new Promise((resolve) => {
      tapState.done = resolve;
      tapState.loaded = true;
      tapCheckRoot();
    });
  }
  function tapCheckRoot() {
    const root = tapState.root;
    if (!tapState.loaded || !root || root.occupied || root.queue.length || root.pendings) return;
    tapDone();
  }
  function tapDone() {
    if (tapState.done) { const d = tapState.done; tapState.done = undefined; d(); }
  }

  // tapUncaught: tap attributes an uncaught exception or unhandled rejection to the test running
  // (the innermost one that has started and not ended), which fails and ends; else the root.
  function tapUncaught(err) {
    if (host.framework !== 'tap') return false;
    const t = tapState.active[tapState.active.length - 1];
    if (t) { tapFail(t, err); tapEnd(t); } else { const root = tapRoot(); root.own = true; tapFail(root, err); }
    return true;
  }

  // tapFinish is tap's exit: every test that started and never ended fails "test unfinished",
  // as does the root's plan when it was not met.
  function tapFinish() {
    if (host.framework !== 'tap' || !tapState.root) return;
    for (const t of tapState.active.slice()) { tapFail(t, new Error('test unfinished')); }
    const root = tapState.root;
    if (root.planned !== undefined && root.count !== root.planned) { root.own = true; tapFail(root, new Error('test count(' + root.count + ') != plan(' + root.planned + ')')); }
    if (root.own) tapRecord(root);
  }
