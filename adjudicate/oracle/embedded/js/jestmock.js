// jest and vi: mock functions (jest.fn/vi.fn, spyOn, their call records and canned results),
// fake timers on a clock of their own (useFakeTimers, advanceTimersByTime, runAllTimers,
// setSystemTime, useRealTimers), and the `jest`/`vi` objects. Module mocks are refused by name.
// Part of the embedded runtime.

  const allMocks = [];
  const spies = [];

  // mockFn makes a jest mock function around impl; `restore` is set by spyOn.
  function mockFn(impl) {
    const state = { impl, once: [], name: host.framework === 'vitest' ? 'vi.fn()' : 'jest.fn()', restore: null, original: impl };
    const mock = { calls: [], results: [], instances: [], contexts: [], invocationCallOrder: [], lastCall: undefined };
    const f = function (...args) {
      mock.calls.push(args);
      mock.lastCall = args;
      mock.instances.push(this);
      mock.contexts.push(this);
      mock.invocationCallOrder.push(++mockCallOrder);
      const result = { type: 'incomplete', value: undefined };
      mock.results.push(result);
      const use = state.once.length ? state.once.shift() : state.impl;
      try {
        let v = use === undefined ? undefined : use.apply(this, args);
        if (new.target && (v === null || (typeof v !== 'object' && typeof v !== 'function'))) v = this;
        result.type = 'return';
        result.value = v;
        return v;
      } catch (e) {
        result.type = 'throw';
        result.value = e;
        throw e;
      }
    };
    f._isMockFunction = true;
    f.mock = mock;
    f.getMockName = () => state.name;
    f.mockName = (n) => { state.name = String(n); return f; };
    f.getMockImplementation = () => state.impl;
    f.mockImplementation = (fn) => { state.impl = fn; return f; };
    f.mockImplementationOnce = (fn) => { state.once.push(fn); return f; };
    f.mockReturnValue = (v) => f.mockImplementation(() => v);
    f.mockReturnValueOnce = (v) => f.mockImplementationOnce(() => v);
    f.mockResolvedValue = (v) => f.mockImplementation(() => Promise.resolve(v));
    f.mockResolvedValueOnce = (v) => f.mockImplementationOnce(() => Promise.resolve(v));
    f.mockRejectedValue = (v) => f.mockImplementation(() => Promise.reject(v));
    f.mockRejectedValueOnce = (v) => f.mockImplementationOnce(() => Promise.reject(v));
    f.mockReturnThis = () => f.mockImplementation(function () { return this; });
    f.mockClear = () => {
      mock.calls = []; mock.results = []; mock.instances = []; mock.contexts = []; mock.invocationCallOrder = []; mock.lastCall = undefined;
      return f;
    };
    // jest's mockReset drops the implementation; vitest 3's goes back to the one fn() or spyOn began with.
    f.mockReset = () => { f.mockClear(); state.impl = host.framework === 'vitest' ? state.original : undefined; state.once = []; return f; };
    f.mockRestore = () => { f.mockReset(); if (state.restore) state.restore(); return f; };
    f._state = state;
    allMocks.push(f);
    return f;
  }
  let mockCallOrder = 0;

  // spyOn replaces object[name] with a mock that calls the original until told otherwise.
  function spyOn(object, name, accessType) {
    if (object === null || (typeof object !== 'object' && typeof object !== 'function')) {
      throw new Error('Cannot use spyOn on a primitive value; ' + pretty(object) + ' given');
    }
    if (accessType === 'get' || accessType === 'set') {
      let owner = object;
      while (owner && !Object.getOwnPropertyDescriptor(owner, name)) owner = Object.getPrototypeOf(owner);
      const desc = owner && Object.getOwnPropertyDescriptor(owner, name);
      if (!desc || !desc[accessType]) throw new Error(String(name) + ' property does not have access type ' + accessType);
      const m = mockFn(desc[accessType]);
      Object.defineProperty(object, name, Object.assign({}, desc, { [accessType]: m, configurable: true }));
      m._state.restore = () => Object.defineProperty(object, name, desc);
      spies.push(m);
      return m;
    }
    const original = object[name];
    if (original && original._isMockFunction) return original;
    if (typeof original !== 'function') {
      throw new Error("Cannot spy on the property '" + String(name) + "' because it is not a function; " + (typeof original) + ' given instead');
    }
    const own = hasOwn(object, name);
    const m = mockFn(function (...args) { return original.apply(this, args); });
    m._spyName = String(name); // vitest names a spy after its method
    object[name] = m;
    m._state.restore = () => { if (own) object[name] = original; else delete object[name]; };
    spies.push(m);
    return m;
  }

  // ---------------------------------------------------------------- fake timers
  // A clock of their own: while fake timers are on, the globals schedule here and time moves only
  // when the test advances it. Real timers (and the event loop in Go) are untouched.
  const RealDate = Date;
  const realTimerGlobals = { setTimeout: g.setTimeout, setInterval: g.setInterval, setImmediate: g.setImmediate, clearTimeout: g.clearTimeout, clearInterval: g.clearInterval, clearImmediate: g.clearImmediate, Date: g.Date, queueMicrotask: g.queueMicrotask };
  const realNextTick = g.process.nextTick;
  let fake = null; // { now, timers: [{id, when, fn, args, interval}], nextId, jobs: [{fn, args}] }

  // fakeJobs runs the faked nextTick/queueMicrotask callbacks, as the fake clock does before
  // and after each timer.
  function fakeJobs() {
    for (let i = 0; i < 1000 && fake && fake.jobs.length; i++) {
      const j = fake.jobs.shift();
      j.fn.apply(undefined, j.args);
    }
  }

  function fakeSchedule(fn, delay, args, interval) {
    delay = Number(delay);
    if (!(delay >= 1 && delay <= 2147483647)) delay = interval === null ? 0 : (delay > 0 ? delay : 0);
    const t = { id: ++fake.nextId, when: fake.now + delay, seq: fake.nextId, fn, args, interval: interval ? Math.max(delay, 1) : 0 };
    fake.timers.push(t);
    return { _fakeId: t.id, ref() { return this; }, unref() { return this; }, hasRef() { return true; }, refresh() { return this; }, [Symbol.toPrimitive]() { return t.id; } };
  }
  function fakeClear(h) {
    if (!fake || h === undefined || h === null) return;
    const id = typeof h === 'object' ? h._fakeId : Number(h);
    fake.timers = fake.timers.filter((t) => t.id !== id);
  }
  // fakeNext runs the earliest timer due by `until`, moving the clock to it; false when none is.
  function fakeNext(until) {
    if (!fake.timers.length) return false;
    let next = fake.timers[0];
    for (const t of fake.timers) if (t.when < next.when || (t.when === next.when && t.seq < next.seq)) next = t;
    if (next.when > until) return false;
    fake.now = Math.max(fake.now, next.when);
    if (next.interval) { next.when += next.interval; next.seq = ++fake.nextId; } else fake.timers = fake.timers.filter((t) => t !== next);
    next.fn.apply(undefined, next.args);
    fakeJobs();
    return true;
  }
  // notFake: advancing real timers is an error under vitest; jest only warns (and does nothing).
  function notFake() {
    if (fake) return false;
    if (host.framework === 'vitest') throw new Error('Timers are not mocked. Try calling "vi.useFakeTimers()" first.');
    return true;
  }
  function makeFakeDate() {
    function FakeDate(...args) {
      if (!new.target) return new RealDate(fake.now).toString();
      return args.length === 0 ? new RealDate(fake.now) : new RealDate(...args);
    }
    FakeDate.prototype = RealDate.prototype;
    FakeDate.now = () => fake.now;
    FakeDate.parse = RealDate.parse;
    FakeDate.UTC = RealDate.UTC;
    return FakeDate;
  }
  const fakeTimers = (self) => ({
    useFakeTimers(config) {
      const start = config && config.now !== undefined ? +config.now : RealDate.now();
      fake = { now: start, timers: [], nextId: 0, jobs: [] };
      const toFake = (config && config.toFake) || null;
      const on = (n) => !toFake || toFake.indexOf(n) >= 0;
      // jest fakes nextTick and queueMicrotask by default; vitest 3 nextTick only.
      if (on('nextTick')) g.process.nextTick = (fn, ...a) => { fake.jobs.push({ fn, args: a }); };
      if (on('queueMicrotask') && (toFake || host.framework !== 'vitest')) g.queueMicrotask = (fn) => { fake.jobs.push({ fn, args: [] }); };
      if (on('setTimeout')) g.setTimeout = (fn, d, ...a) => fakeSchedule(fn, d, a, false);
      if (on('setInterval')) g.setInterval = (fn, d, ...a) => fakeSchedule(fn, d, a, true);
      if (on('setImmediate')) g.setImmediate = (fn, ...a) => fakeSchedule(fn, 0, a, null);
      if (on('clearTimeout')) g.clearTimeout = fakeClear;
      if (on('clearInterval')) g.clearInterval = fakeClear;
      if (on('clearImmediate')) g.clearImmediate = fakeClear;
      if (on('Date')) g.Date = makeFakeDate();
      return self;
    },
    useRealTimers() { fake = null; Object.assign(g, realTimerGlobals); g.process.nextTick = realNextTick; return self; },
    runAllTicks() { if (fake) fakeJobs(); return self; },
    isFakeTimers: () => fake !== null,
    advanceTimersByTime(ms) {
      if (notFake()) return self;
      fakeJobs();
      const until = fake.now + Number(ms);
      while (fakeNext(until)) { /* run every timer due by then */ }
      fake.now = until;
      return self;
    },
    async advanceTimersByTimeAsync(ms) { self.advanceTimersByTime(ms); await null; return self; },
    runAllTimers() {
      if (notFake()) return self;
      fakeJobs();
      for (let i = 0; fakeNext(Infinity); i++) {
        if (i >= 100000) throw new Error('Aborting after running 100000 timers, assuming an infinite loop!');
      }
      return self;
    },
    async runAllTimersAsync() { self.runAllTimers(); await null; return self; },
    runOnlyPendingTimers() {
      if (notFake()) return self;
      fakeJobs();
      const pending = fake.timers.map((t) => t.id);
      const last = Math.max(...fake.timers.map((t) => t.when), fake.now);
      for (const id of pending) {
        const t = fake.timers.find((x) => x.id === id);
        if (t && t.when <= last) fakeNext(t.when);
      }
      return self;
    },
    advanceTimersToNextTimer(steps) {
      if (notFake()) return self;
      fakeJobs();
      for (let i = 0; i < (steps || 1) && fake.timers.length; i++) fakeNext(Math.min(...fake.timers.map((t) => t.when)));
      return self;
    },
    clearAllTimers() { if (fake) fake.timers = []; return self; },
    getTimerCount: () => (fake ? fake.timers.length : 0),
    setSystemTime(t) { if (fake) fake.now = t instanceof RealDate ? t.getTime() : +t; return self; },
    getRealSystemTime: () => RealDate.now(),
    now: () => (fake ? fake.now : RealDate.now()),
  });

  function moduleMockRefused(name) {
    return () => { throw new Error(name + ' is not available in the embedded runner (module mocks replace imports at bundle time); use --runner node'); };
  }

  // makeMocker builds the `jest` or `vi` object.
  function makeMocker(self) {
    Object.assign(self, {
      fn: (impl) => mockFn(impl),
      spyOn,
      isMockFunction: (f) => !!(f && f._isMockFunction),
      clearAllMocks() { allMocks.forEach((m) => m.mockClear()); return self; },
      resetAllMocks() { allMocks.forEach((m) => m.mockReset()); return self; },
      restoreAllMocks() { while (spies.length) spies.pop().mockRestore(); return self; },
      mocked: (x) => x,
    }, fakeTimers(self));
    for (const n of ['mock', 'doMock', 'unmock', 'doUnmock', 'requireActual', 'requireMock', 'importActual', 'importMock', 'hoisted']) {
      self[n] = moduleMockRefused((self === jestObj ? 'jest.' : 'vi.') + n);
    }
    if (self === jestObj) {
      // jest has no stubGlobal or stubEnv; a test calling them under jest fails there as here.
      for (const n of ['stubGlobal', 'stubEnv']) self[n] = moduleMockRefused('jest.' + n);
    } else {
      Object.assign(self, envAndGlobalStubs(self));
    }
    return self;
  }

  // envAndGlobalStubs are vitest's vi.stubEnv, vi.unstubAllEnvs, vi.stubGlobal and
  // vi.unstubAllGlobals. Each test file has a runtime of its own, so what a file stubs and never
  // restores stays for the rest of that file only, as under vitest's isolation. The first stub
  // of a name remembers what it replaced; unstubbing restores that (deleting what did not exist)
  // and forgets it. vite's boolean variables PROD, DEV and SSR are '1' or '' in process.env, as
  // vitest 3 writes them; a value of undefined deletes the variable.
  function envAndGlobalStubs(self) {
    const envs = new Map();
    const globals = new Map();
    return {
      stubEnv(name, value) {
        const env = g.process.env;
        if (!envs.has(name)) envs.set(name, Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined);
        if (name === 'PROD' || name === 'DEV' || name === 'SSR') env[name] = value ? '1' : '';
        else if (value === undefined) delete env[name];
        else env[name] = String(value);
        return self;
      },
      unstubAllEnvs() {
        const env = g.process.env;
        for (const [name, was] of envs) {
          if (was === undefined) delete env[name];
          else env[name] = was;
        }
        envs.clear();
        return self;
      },
      stubGlobal(name, value) {
        if (!globals.has(name)) globals.set(name, Object.getOwnPropertyDescriptor(g, name));
        Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: true });
        return self;
      },
      unstubAllGlobals() {
        for (const [name, was] of globals) {
          if (was === undefined) delete g[name];
          else Object.defineProperty(g, name, was);
        }
        globals.clear();
        return self;
      },
    };
  }
  const jestObj = {};
  const viObj = {};
  makeMocker(jestObj);
  makeMocker(viObj);
  jestObj.setTimeout = (ms) => { jestDefaultTimeout = ms; return jestObj; };
  viObj.setConfig = (c) => { if (c && c.testTimeout) jestDefaultTimeout = c.testTimeout; };
  let jestDefaultTimeout = 5000;
