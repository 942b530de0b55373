// The value trace of a Node process (issue 28, witness value), loaded through NODE_OPTIONS'
// --require before any test code runs: bond writes it, with the run's settings above this line,
// into a directory of the run's own outside the sandbox. It hooks Module._load: when a test file
// of the oracle requires a module that resolves inside the repository and outside node_modules,
// the exports are handed back wrapped (functions, constructors, and the function properties of an
// exported plain object, one level down for a plain object property), each wrapper recording the
// calls made into it from outside: the test file, the callee, the arguments before, the outcome
// (return, resolved, rejected or throw; a promise recorded when it settles) and the arguments
// after, and the test running (names.cjs). ES-module test files get the same through module
// customization hooks (esm.cjs, put in below, and esmhooks.mjs). Values are flattened into "path=leaf" lines in the spelling of the embedded runner's
// serializer (adjudicate/oracle/embedded/value.go). At exit the process writes its trace to its own file
// in the trace directory; bond reads them all after the run. Under jest the same file, with
// jest.cjs put in before the preload part (which it never reaches), is a setup file jest runs in
// each test file's context instead (jest.go).
//
// Every built-in the hook needs is captured here, before any test code runs, so a test that
// replaces Array.prototype.push, JSON.stringify or fs.writeFileSync changes nothing it records;
// the records live in this closure only. A test can still write files of its own into the
// directory, rewrite them, or stop the exit write: what that can and cannot do is in
// docs/report-schema.md ("The value trace under command runners").
'use strict';
(function () {
  const S = SETTINGS; // eslint-disable-line no-undef
  let Module, fs, path, nodeBuffer;
  try {
    Module = require('module');
    fs = require('fs');
    path = require('path');
    nodeBuffer = require('buffer').Buffer;
  } catch (_) {
    return;
  }
  const apply = Reflect.apply;
  const construct = Reflect.construct;
  const ownKeys = Object.keys;
  const getProto = Object.getPrototypeOf;
  const getDesc = Object.getOwnPropertyDescriptor;
  const stringify = JSON.stringify;
  const isArray = Array.isArray;
  const ObjectProto = Object.prototype;
  const PromiseCtor = Promise;
  const promiseThen = Promise.prototype.then;
  const mapForEach = Map.prototype.forEach;
  const setForEach = Set.prototype.forEach;
  const dateGetTime = Date.prototype.getTime;
  const errorToString = Error.prototype.toString;
  const regexpToString = RegExp.prototype.toString;
  const objToString = Object.prototype.toString;
  const isView = ArrayBuffer.isView;
  const MapProto = Map.prototype;
  const SetProto = Set.prototype;
  const DateProto = Date.prototype;
  const RegExpProto = RegExp.prototype;
  const ErrorProto = Error.prototype;
  const ArrayBufferProto = ArrayBuffer.prototype;
  const WeakMapCtor = WeakMap;
  const MapCtor = Map;
  const mapGet = Map.prototype.get;
  const mapSet = Map.prototype.set;
  const wmGet = WeakMap.prototype.get;
  const wmSet = WeakMap.prototype.set;
  const wmHas = WeakMap.prototype.has;
  const ProxyCtor = Proxy;
  const ErrorCtor = Error;
  const fnCall = Function.prototype.call, fnApply = Function.prototype.apply, fnBind = Function.prototype.bind;
  const writeFileSync = fs.writeFileSync;
  const readdirSync = fs.readdirSync, unlinkSync = fs.unlinkSync;
  const resolveFilename = Module._resolveFilename;
  const realLoad = Module._load;
  const processOn = process.on;
  const bufFrom = nodeBuffer.from;
  const BigIntFn = BigInt;
  const strSlice = String.prototype.slice;
  const strStartsWith = String.prototype.startsWith;
  const strEndsWith = String.prototype.endsWith;
  const strIncludes = String.prototype.includes;
  const strSplit = String.prototype.split;
  const strIndexOf = String.prototype.indexOf;
  const bigToString = BigInt.prototype.toString;
  const reflectGet = Reflect.get;
  const PromiseProto = Promise.prototype;
  const create = Object.create;
  const isFiniteNum = Number.isFinite;
  const isNaNNum = Number.isNaN;
  const dateNow = Date.now;
  const strToUpper = String.prototype.toUpperCase;
  const strCodePointAt = String.prototype.codePointAt;
  const fromCodePoint = String.fromCodePoint;
  const strToLower = String.prototype.toLowerCase;
  // isProxy tells a Proxy apart without running any of its traps (the neighbour walk reads
  // no proxy: its traps are the tests' code).
  let isProxy = null;
  try { isProxy = require('util').types.isProxy; } catch (_) { }
  const sep = path.sep;
  const relative = path.relative;
  const pid = process.pid;
  let thread = 0;
  try { thread = require('worker_threads').threadId; } catch (_) { }
  // Coverage of the tests' run must not count what the neighbour calls run: under
  // NODE_V8_COVERAGE the profile is written and collection stopped before any neighbour call.
  let takeCoverage = null, stopCoverage = null;
  const coverageOn = typeof process.env.NODE_V8_COVERAGE === 'string' && process.env.NODE_V8_COVERAGE !== '';
  try { const v8 = require('v8'); takeCoverage = v8.takeCoverage; stopCoverage = v8.stopCoverage; } catch (_) { }

  const MAX_DEPTH = 8, MAX_ITEMS = 100, MAX_LEAVES = 400, MAX_STRING = 120, MAX_CALLS = 20000;
  // Neighbour inputs (issue 28 item 2): at most this many distinct entry calls kept for replay,
  // neighbour calls made, and milliseconds spent making them, per process.
  const MAX_REPLAYS = 800, MAX_REPLAYS_PER_CALLEE = 8, MAX_NEIGHBOURS = 4000, NEIGHBOUR_MS = 1500;
  // Beyond a callee's first MAX_REPLAYS_PER_CALLEE kept calls, at most this many more that threw.
  const MAX_THROWN_PER_CALLEE = 4;
  // … looked for among at most this many of its later calls (each copied before it runs).
  const MAX_TRIED_PER_CALLEE = 256;

  const calls = [];
  let capped = false;
  const seenTests = create(null);
  let seenList = [];
  let depth = 0;
  const proxies = new WeakMapCtor();
  const real = new WeakMapCtor();
  const tests = create(null);
  const anyTests = S.tests.length > 0;
  for (let i = 0; i < S.tests.length; i++) tests[S.tests[i]] = true;

  // push defines the element as an own property: an index setter a test put on Array.prototype
  // is never called.
  const defineProperty = Object.defineProperty;
  function push(arr, v) { defineProperty(arr, arr.length, { value: v, writable: true, enumerable: true, configurable: true }); }

  // JSON lines are written by hand: JSON.stringify would call a toJSON a test put on
  // Object.prototype or Array.prototype. Only string primitives go through stringify, which
  // looks up no toJSON for them.
  function qs(v) { return typeof v === 'string' ? stringify(v) : 'null'; }
  function qa(a) {
    if (!isArray(a)) return 'null';
    let out = '[';
    for (let i = 0; i < a.length; i++) out += (i > 0 ? ',' : '') + qs(a[i]);
    return out + ']';
  }
  function line(c) {
    return '{"file":' + qs(c.file) + (c.test ? ',"test":' + qs(c.test) : '') + ',"callee":' + qs(c.callee) + ',"args":' + qa(c.args) + ',"outcome":' + qa(c.outcome) + ',"after":' + qa(c.after) +
      (c.origin ? ',"origin":' + qs(c.origin) : '') + '}';
  }
  function isIndex(k) {
    if (k.length === 0) return false;
    for (let i = 0; i < k.length; i++) { const c = k.charCodeAt(i); if (c < 48 || c > 57) return false; }
    return true;
  }
  function has(s, sub) { return apply(strIncludes, s, [sub]); }

  // rel is p relative to the repository, or "" outside it or inside node_modules.
  function rel(p) {
    if (typeof p !== 'string' || p === '') return '';
    const r = relative(S.root, p);
    if (r === '' || apply(strStartsWith, r, ['..']) || has(sep + r + sep, sep + 'node_modules' + sep)) return '';
    return sep === '/' ? r : r.split(sep).join('/');
  }

  // A run of one test file treats a repository module under a test directory (test/, tests/,
  // __tests__/, spec/) that is not a test file as part of that test: a helper the test shares
  // (`test({ validator: 'isEmail', valid: [...] })`). It is not wrapped, and the calls it makes
  // into the package are the test's, so they are recorded (and get neighbours) as the calls
  // the package sees. With several test files a helper's calls could not be told apart by the
  // file that made them, so it stays a module like any other.
  const soleTest = typeof S.sole === 'string' ? S.sole : '';
  function isSupport(r) {
    if (soleTest === '' || tests[r] === true) return false;
    const p = '/' + r;
    return has(p, '/test/') || has(p, '/tests/') || has(p, '/__tests__/') || has(p, '/spec/');
  }

  // testFile is the repository path of a test file of the oracle that module m is (or, for a
  // test's helper, of that test), or "".
  function testFile(m) {
    if (!m || typeof m.filename !== 'string') return '';
    const r = rel(m.filename);
    if (r === '') return '';
    if (isSupport(r)) return soleTest;
    if (anyTests) return tests[r] === true ? r : '';
    // The oracle's files are not known: a test file is a repository module its runner loaded
    // (the main module, one imported, or one required from node_modules).
    const p = m.parent;
    if (p === undefined && esmPort !== null) {
      // Loaded by an import: the ES-module hooks, which saw that import, know whether it was a
      // test file's load by its runner or a repository module's import of a CommonJS module
      // (whose requires are calls inside the package). Their word is already on the port.
      esmDrainPort();
      return seenTests[r] === true ? r : '';
    }
    if (p === undefined || p === null || (typeof p.filename === 'string' && rel(p.filename) === '')) return r;
    return '';
  }

  // ----- serializer: the spelling of adjudicate/oracle/embedded/value.go -----

  function quote(s) { return stringify(s); }

  function fnv(bytes) {
    let h = 0xcbf29ce484222325n;
    const prime = 0x100000001b3n;
    for (let i = 0; i < bytes.length; i++) {
      h ^= BigIntFn(bytes[i]);
      h = (h * prime) & 0xffffffffffffffffn;
    }
    return apply(bigToString, h, [16]);
  }

  function number(x) {
    if (isNaNNum(x)) return 'NaN';
    if (x === 0 && 1 / x < 0) return '-0';
    if (x === Infinity) return 'Infinity';
    if (x === -Infinity) return '-Infinity';
    return '' + x;
  }

  function primitive(v) {
    switch (typeof v) {
      case 'boolean': return v ? 'true' : 'false';
      case 'number': return 'num:' + number(v);
      case 'bigint': return 'bigint:' + v + 'n';
      case 'symbol': {
        let d = '';
        try { d = v.description === undefined ? '' : v.description; } catch (_) { }
        return 'symbol:Symbol(' + d + ')';
      }
      case 'string': {
        const b = apply(bufFrom, nodeBuffer, [v, 'utf8']);
        if (b.length > MAX_STRING) {
          return 'str(len=' + b.length + ',fnv=' + fnv(b) + '):' + quote(apply(strSlice, v, [0, MAX_STRING])) + '…';
        }
        return 'str:' + quote(v);
      }
    }
    return '?' + typeof v;
  }

  function protoChainHas(o, proto) {
    let p = o;
    for (let n = 0; n < 32; n++) {
      try { p = getProto(p); } catch (_) { return false; }
      if (p === null) return false;
      if (p === proto) return true;
    }
    return false;
  }

  function kindOf(o) {
    if (isArray(o)) return 'Array';
    if (protoChainHas(o, MapProto)) return 'Map';
    if (protoChainHas(o, SetProto)) return 'Set';
    if (protoChainHas(o, DateProto)) return 'Date';
    if (protoChainHas(o, RegExpProto)) return 'RegExp';
    if (protoChainHas(o, ErrorProto)) return 'Error';
    if (protoChainHas(o, PromiseProto)) return 'Promise';
    if (isView(o)) return 'View';
    if (protoChainHas(o, ArrayBufferProto)) return 'ArrayBuffer';
    return 'Object';
  }

  function ctorName(o) {
    const proto = getProto(o);
    if (proto === null) return 'Object(null prototype)';
    const d = getDesc(proto, 'constructor');
    const c = d && d.value;
    if (typeof c !== 'function') return 'Object';
    const nd = getDesc(c, 'name');
    const name = nd && typeof nd.value === 'string' ? nd.value : '';
    return name === '' ? 'Object(anonymous class)' : name;
  }

  function Flattener() { this.out = []; this.seen = new MapCtor(); this.full = false; }

  Flattener.prototype.leaf = function (p, l) {
    if (this.full) return;
    if (this.out.length >= MAX_LEAVES) {
      push(this.out, p + '=…(more leaves not recorded)');
      this.full = true;
      return;
    }
    push(this.out, p + '=' + l);
  };

  Flattener.prototype.value = function (p, v, d) {
    if (this.full) return;
    if (v === undefined) return this.leaf(p, 'undefined');
    if (v === null) return this.leaf(p, 'null');
    const t = typeof v;
    if (t !== 'object' && t !== 'function') return this.leaf(p, primitive(v));
    const at = apply(mapGet, this.seen, [v]);
    if (at !== undefined) return this.leaf(p, '[Ref ' + at + ']');
    apply(mapSet, this.seen, [v, p]);
    const mark = this.out.length;
    try {
      this.object(p, v, d);
    } catch (_) {
      this.out.length = mark;
      this.full = false;
      this.leaf(p, '[threw while read]');
    }
  };

  Flattener.prototype.object = function (p, o, d) {
    if (typeof o === 'function') {
      const nd = getDesc(o, 'name');
      const name = nd && typeof nd.value === 'string' && nd.value !== '' ? nd.value : '(anonymous)';
      return this.leaf(p, 'function ' + name);
    }
    const k = kindOf(o);
    if (d >= MAX_DEPTH) return this.leaf(p, '[' + (k === 'View' || k === 'ArrayBuffer' ? 'Object' : k) + ' past depth ' + MAX_DEPTH + ']');
    switch (k) {
      case 'Array': {
        const n = o.length;
        this.leaf(p, 'Array(' + n + ')');
        for (let i = 0; i < n && i < MAX_ITEMS; i++) this.value(p + '[' + i + ']', o[i], d + 1);
        if (n > MAX_ITEMS) this.leaf(p + '[…]', (n - MAX_ITEMS) + ' more items not recorded');
        return this.props(p, o, d, true);
      }
      case 'Date':
        this.leaf(p, 'Date(' + number(apply(dateGetTime, o, [])) + ')');
        return this.props(p, o, d, false);
      case 'Map': case 'Set':
        return this.collection(p, o, k, d);
      case 'Promise':
        return this.leaf(p, 'Promise');
      case 'RegExp':
        this.leaf(p, 'RegExp(' + apply(regexpToString, o, []) + ')');
        return this.props(p, o, d, false);
      case 'Error':
        this.leaf(p, 'Error(' + apply(errorToString, o, []) + ')');
        return this.props(p, o, d, false);
      case 'View': case 'ArrayBuffer':
        return this.typed(p, o);
    }
    this.leaf(p, ctorName(o));
    return this.props(p, o, d, false);
  };

  Flattener.prototype.props = function (p, o, d, array) {
    const keys = ownKeys(o);
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (array && isIndex(key)) continue;
      if (n >= MAX_ITEMS) { this.leaf(p + '.…', (keys.length - n) + ' more properties not recorded'); return; }
      n++;
      this.value(p + '.' + key, o[key], d + 1);
    }
  };

  Flattener.prototype.collection = function (p, o, k, d) {
    const keys = [], vals = [];
    if (k === 'Map') apply(mapForEach, o, [function (v, key) { push(vals, v); push(keys, key); }]);
    else apply(setForEach, o, [function (v) { push(keys, v); }]);
    this.leaf(p, k + '(' + keys.length + ')');
    for (let i = 0; i < keys.length; i++) {
      if (i >= MAX_ITEMS) { this.leaf(p + '{…}', (keys.length - i) + ' more entries not recorded'); break; }
      const key = keys[i];
      const obj = key !== null && (typeof key === 'object' || typeof key === 'function');
      let at = p + '{' + i + '}';
      if (!obj) at = p + '{' + primitive(key) + '}';
      else this.value(at + '.key', key, d + 1);
      if (k === 'Map') this.value(at, vals[i], d + 1);
      else if (!obj) this.leaf(at, 'in set');
    }
    this.props(p, o, d, false);
  };

  Flattener.prototype.typed = function (p, o) {
    const tag = apply(objToString, o, []);
    const cls = apply(strSlice, tag, [8, -1]);
    if (cls === 'ArrayBuffer' || cls === 'SharedArrayBuffer') {
      const b = new Uint8Array(o);
      return this.leaf(p, cls + '(bytes=' + b.length + ',fnv=' + fnv(b) + ')');
    }
    if (cls === 'DataView') {
      const b = new Uint8Array(o.buffer, o.byteOffset, o.byteLength);
      return this.leaf(p, 'DataView(bytes=' + b.length + ',fnv=' + fnv(b) + ')');
    }
    let s = '';
    const n = o.length;
    for (let i = 0; i < n; i++) s += primitive(o[i]) + ',';
    this.leaf(p, cls + '(length=' + n + ',fnv=' + fnv(apply(bufFrom, nodeBuffer, [s, 'utf8'])) + ')');
  };

  function flatten(root, v) {
    const f = new Flattener();
    f.value(root, v, 0);
    return f.out;
  }

  function flattenArgs(root, args) {
    const f = new Flattener();
    f.leaf(root, 'Arguments(' + args.length + ')');
    for (let i = 0; i < args.length; i++) f.value(root + '[' + i + ']', args[i], 1);
    return f.out;
  }

  // ----- recording -----

  // add appends c, returning its index, or -1 past the cap. A finished call is kept as its JSON
  // line, not as the object: a busy suite's trace then holds one flat string per call (kept as
  // objects, garbage collection took most of the hook's time on a run making 10,000 calls, and
  // the hook's cost there was about twice what it is now).
  function add(c, done) {
    if (calls.length >= MAX_CALLS) { capped = true; return -1; }
    push(calls, done ? line(c) : c);
    if (recorded !== null) recorded();
    return calls.length - 1;
  }

  // recorded, when set (jest.cjs), runs after each call is recorded or settles.
  let recorded = null;

  // settle records how a returned promise settled. Reading the values runs no recorded call:
  // a getter that calls into the package is inside bond's reading, not a call from outside.
  function settle(idx, c, kind, v, args) {
    if (idx < 0) return;
    depth++;
    try { c.outcome = flatten(kind, v); c.after = flattenArgs('after', args); } catch (_) { }
    depth--;
    calls[idx] = line(c);
    if (recorded !== null) recorded();
  }

  // directExport reports whether callee name is a module's own export ("src/a.ts#parse"), not a
  // property of one ("src/a.ts#default.parse", "src/a.ts#lib.parse").
  function directExport(name) {
    const k = apply(strIndexOf, name, ['#']);
    return k >= 0 && k + 1 < name.length && apply(strIndexOf, name, ['.', k]) < 0;
  }

  // record makes the call with the recording around it and returns what the caller sees. Only
  // outermost calls are recorded: one made while a recorded call runs (the package calling its
  // own export, a test callback it invokes) or while its values are read is inside it.
  function record(file, callee, args, doCall, replay) {
    if (depth > 0) return doCall();
    depth++;
    try {
      const c = { file: file, test: '', callee: callee, args: null, outcome: null, after: null };
      try { c.test = currentTest(); } catch (_) { }
      try { c.args = flattenArgs('args', args); } catch (_) { c.args = ['args=[threw while read]']; }
      let pending = null;
      if (replay && S.neighbours) { try { pending = keepReplay(c, args, replay); } catch (_) { } }
      let v;
      try {
        v = doCall();
      } catch (e) {
        try { c.outcome = flatten('throw', e); c.after = flattenArgs('after', args); } catch (_) { }
        add(c, true);
        if (pending !== null) { try { keepThrown(pending); } catch (_) { } }
        throw e;
      }
      if (v !== null && typeof v === 'object' && protoChainHas(v, PromiseProto)) {
        // Recorded when it settles; the caller gets a promise settling as v does.
        const idx = add(c, false);
        return new PromiseCtor(function (resolve, reject) {
          apply(promiseThen, v, [function (r) { settle(idx, c, 'resolved', r, args); esmSync(); resolve(r); },
            function (e) { settle(idx, c, 'rejected', e, args); esmSync(); reject(e); }]);
        });
      }
      try { c.outcome = flatten('return', v); c.after = flattenArgs('after', args); } catch (_) { }
      add(c, true);
      return v;
    } finally {
      depth--;
      if (depth === 0) esmSync();
    }
  }

  function plainObject(o) {
    if (o === null || typeof o !== 'object' || isArray(o)) return false;
    const p = getProto(o);
    return p === ObjectProto || p === null;
  }

  // frozen: a non-configurable, non-writable data property, which a proxy must return as it is.
  function frozen(target, prop) {
    const d = getDesc(target, prop);
    return !!d && !d.configurable && 'value' in d && !d.writable;
  }

  // mockFunction: f is a jest mock (jest.fn, jest.spyOn put on an export): the test's own double,
  // handed back as it is, so `expect(mod.f).toBe(spy)` holds and calling it is no call into the
  // package.
  function mockFunction(f) {
    const d = getDesc(f, '_isMockFunction');
    return !!d && d.value === true;
  }

  // wrap returns v's recording proxy, or v when it is not wrapped. A value has one proxy per test
  // file (file: the calls it records are that file's), however many names or entry modules reach
  // it there, named by the first, so identities a test compares hold under the trace as without
  // it: `expect(m.serialize).toBe(m.stringify)` where both exports are one function, or one
  // function re-exported by two entry modules. One per file, not one in all: in a run of a
  // subset of the files (per-file reach) a call is still its own file's.
  function wrap(file, name, v, top) {
    if (v === null || (typeof v !== 'function' && typeof v !== 'object')) return v;
    if (apply(wmHas, real, [v])) return v;
    let byFile = apply(wmGet, proxies, [v]);
    if (byFile !== undefined && byFile[file] !== undefined) return byFile[file];
    const callable = typeof v === 'function';
    if (!callable && !(top && plainObject(v))) return v;
    if (callable && apply(strEndsWith, name, ['#'])) name += 'default';
    const handler = {
      get: function (target, prop, receiver) {
        const val = apply(reflectGet, null, [target, prop, receiver]);
        if (typeof prop !== 'string' || prop === 'constructor' || prop === 'prototype') return val;
        // f.call(…), f.apply(…) and f.bind(…) reach the proxy's own call: recorded as a call of
        // f, never as a call of "f.apply" with f's receiver for its first argument.
        if (val === fnCall || val === fnApply || val === fnBind) return val;
        const fn = typeof val === 'function';
        const plain = !fn && apply(strEndsWith, name, ['#']) && plainObject(val);
        if ((!fn && !plain) || frozen(target, prop) || (fn && mockFunction(val))) return val;
        const sub = apply(strEndsWith, name, ['#']) ? name + prop : name + '.' + prop;
        return wrap(file, sub, val, plain);
      },
    };
    if (callable) {
      handler.apply = function (target, self, args) {
        // A static method called through a wrapped class runs on the class itself, so its
        // private static fields work (a proxy has none); an object's method keeps the proxy as
        // its receiver, so chained calls stay calls into the package.
        const cls = apply(wmGet, real, [self]);
        const recv = typeof cls === 'function' ? cls : self;
        // A call whose receiver is no instance (a plain function, or a method of the module's
        // exports object) can be made again with neighbour inputs at exit.
        const recvReal = self === undefined || self === null ? self : (apply(wmGet, real, [self]) || self);
        // The receiver may also be one of bond's own export proxies (a method of an exported
        // function, body-parser's `bodyParser.urlencoded(…)`); a receiver that is a Proxy of
        // the tests' own is never read (plainObject would run its getPrototypeOf trap).
        let replayable = recvReal === undefined || recvReal === null || apply(wmHas, real, [self]);
        if (!replayable) { try { replayable = !proxyOf(recvReal) && plainObject(recvReal); } catch (_) { replayable = false; } }
        let replay = replayable ? function (a) { return apply(target, recv, a); } : null;
        // Under vitest 0.34 an imported binding is called through vite-node's own import object
        // (`__vi_import_0__.f(x)`, a Proxy around bond's namespace wrapper), where a native ES
        // module calls f(x) with no receiver: a module's direct export is made again that way,
        // its receiver never read.
        if (replay === null && S.vitest === true && directExport(name)) replay = function (a) { return apply(target, undefined, a); };
        return record(file, name, args, function () { return apply(target, recv, args); }, replay);
      };
      handler.construct = function (target, args, newTarget) {
        return record(file, 'new ' + name, args, function () { return construct(target, args, newTarget === p ? target : newTarget); });
      };
    }
    const p = new ProxyCtor(v, handler);
    apply(wmSet, real, [p, v]);
    if (byFile === undefined) { byFile = create(null); apply(wmSet, proxies, [v, byFile]); }
    byFile[file] = p;
    return p;
  }

  // loadable: a module of code (not JSON, not a native addon).
  function loadable(r) {
    const exts = ['.js', '.cjs', '.mjs', '.jsx', '.ts', '.cts', '.mts', '.tsx'];
    for (let i = 0; i < exts.length; i++) if (apply(strEndsWith, r, [exts[i]])) return true;
    return false;
  }

  // ----- neighbours (issue 28 item 2) -----
  //
  // The tests' own entry calls, made again at exit with one argument changed a little: a number
  // to 0, ±1 away or negated; a string emptied, one character shorter at either end, its last
  // character doubled, its first character's case changed, its first character doubled or
  // replaced by each of the patch's code points (S.char_codes); a boolean flipped; a plain
  // object's property removed; an array emptied, its last item dropped or its first repeated.
  // Only calls whose arguments are plain data (primitives, plain objects and arrays of them, two
  // levels deep) and whose receiver is no instance are kept, copied before the call ran. They run
  // after every test has finished, so no test sees them; with output muted, process.exit
  // refused and the exit code kept. bond compares them only where both unmutated runs agree
  // (adjudicate/value.go), so a neighbour that depends on time or order never witnesses.
  const replays = [];
  const replayKeys = create(null);
  const replaysPer = create(null);
  const thrownPer = create(null);
  const triedPer = create(null);
  const neighbourLines = [];
  // charCodes are the patch's code points (HookOptions.CharCodes), checked again here: only
  // Unicode scalar values, at most 12.
  const charCodes = [];
  if (isArray(S.char_codes)) {
    for (let i = 0; i < S.char_codes.length && charCodes.length < 12; i++) {
      const c = S.char_codes[i];
      if (typeof c === 'number' && c >= 0 && c <= 0x10FFFF && (c < 0xD800 || c > 0xDFFF) && c === (c | 0)) push(charCodes, c);
    }
  }
  // neighboursMissed names the test files whose neighbour calls were asked for and not made
  // (jest.cjs: a teardown bond did not recognise), so the report says so rather than counting 0.
  const neighboursMissed = [];

  // numbers are the patch's integer constants' boundaries (HookOptions.Numbers: K−1, K, K+1),
  // checked again here: only safe integers, at most 12.
  const numbers = [];
  if (isArray(S.numbers)) {
    for (let i = 0; i < S.numbers.length && numbers.length < 12; i++) {
      const n = S.numbers[i];
      if (typeof n === 'number' && isFiniteNum(n) && n === (n - n % 1) && n <= 9007199254740991 && n >= -9007199254740991) push(numbers, n);
    }
  }
  // neighboursSkipped counts the entry calls kept for no neighbour because an argument (or the
  // receiver) holds a getter or a Proxy: reading it to copy it would run the tests' code.
  let neighboursSkipped = 0;
  // HOSTILE is copyPlain's answer for a value holding a getter or a Proxy.
  const HOSTILE = { hostile: true };

  function proxyOf(v) {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return false;
    if (isProxy === null) return true; // cannot tell: read nothing
    return isProxy(v) === true;
  }

  // copyPlain copies v when it is plain data: a primitive, or an array or a plain object of
  // plains, read through property descriptors only (no getter runs, no Proxy is touched). It
  // returns null for anything else (an instance, a function, too deep or too big) and HOSTILE
  // for a value holding a getter or a Proxy. An argument may hold two levels of objects
  // (args[0].headers['accept'] is a leaf), as neighbours.go's copyPlain.
  function copyPlain(v, d) {
    if (v === null || v === undefined) return { v: v };
    const t = typeof v;
    if (t === 'number' || t === 'string' || t === 'boolean' || t === 'bigint') return { v: v };
    if (proxyOf(v)) return HOSTILE;
    if (t !== 'object' || d >= 2) return null;
    if (isArray(v)) {
      const ld = getDesc(v, 'length');
      const n = ld && ld.value;
      if (typeof n !== 'number' || n > 20) return null;
      const out = [];
      for (let i = 0; i < n; i++) {
        const id = getDesc(v, '' + i);
        if (!id) return null; // a hole reads the prototype chain: not plain
        if (!('value' in id)) return HOSTILE;
        const e = copyPlain(id.value, d + 1);
        if (e === null || e === HOSTILE) return e;
        push(out, e.v);
      }
      return { v: out };
    }
    if (!plainObject(v)) return null;
    const keys = ownKeys(v);
    if (keys.length > 20) return null;
    const out = {};
    for (let i = 0; i < keys.length; i++) {
      const d0 = getDesc(v, keys[i]);
      if (!d0) return null;
      if (!('value' in d0)) return HOSTILE; // an accessor: reading it would run code
      const e = copyPlain(d0.value, d + 1);
      if (e === null || e === HOSTILE) return e;
      defineProperty(out, keys[i], { value: e.v, writable: true, enumerable: true, configurable: true });
    }
    return { v: out };
  }

  // clone copies a value copyPlain made (plain data only, no getter, no proxy).
  function clone(v) {
    if (v === null || typeof v !== 'object') return v;
    if (isArray(v)) { const out = []; for (let i = 0; i < v.length; i++) push(out, clone(v[i])); return out; }
    const out = {};
    const keys = ownKeys(v);
    for (let i = 0; i < keys.length; i++) defineProperty(out, keys[i], { value: clone(v[keys[i]]), writable: true, enumerable: true, configurable: true });
    return out;
  }

  // keepReplay keeps the call c for neighbours, copied before it runs. Past a callee's first
  // MAX_REPLAYS_PER_CALLEE kept calls it returns the copy instead, for keepThrown to keep if
  // the call throws (null otherwise).
  function keepReplay(c, args, replay) {
    if (replays.length >= MAX_REPLAYS || args.length > 6) return null;
    const per = replaysPer[c.callee] || 0;
    const over = per >= MAX_REPLAYS_PER_CALLEE;
    if (over) {
      const tried = triedPer[c.callee] || 0;
      if ((thrownPer[c.callee] || 0) >= MAX_THROWN_PER_CALLEE || tried >= MAX_TRIED_PER_CALLEE) return null;
      triedPer[c.callee] = tried + 1;
    }
    const key = c.file + '\0' + c.callee + '\0' + qa(c.args);
    if (replayKeys[key] === true) return null;
    const cp = [];
    for (let i = 0; i < args.length; i++) {
      const e = copyPlain(args[i], 0);
      if (e === HOSTILE) { replayKeys[key] = true; neighboursSkipped++; return null; }
      if (e === null) return null;
      push(cp, e.v);
    }
    const r = { file: c.file, test: c.test, callee: c.callee, args: cp, call: replay, rank: per, key: key };
    if (over) return r;
    replayKeys[key] = true;
    replaysPer[c.callee] = per + 1;
    push(replays, r);
    return null;
  }

  // keepThrown keeps r, a call past its callee's first kept ones that threw: a call the code
  // refused sits at a boundary of what it accepts, which its neighbours cross (a depth of -1
  // refused, 0 allowed). At most MAX_THROWN_PER_CALLEE per callee.
  function keepThrown(r) {
    if (replays.length >= MAX_REPLAYS || replayKeys[r.key] === true) return;
    const n = thrownPer[r.callee] || 0;
    if (n >= MAX_THROWN_PER_CALLEE) return;
    thrownPer[r.callee] = n + 1;
    replayKeys[r.key] = true;
    r.rank = replaysPer[r.callee] || 0;
    replaysPer[r.callee] = r.rank + 1;
    push(replays, r);
  }

  function withArg(args, i, v) {
    const out = clone(args);
    out[i] = v;
    return out;
  }

  // sameNumber is Object.is on numbers (-0 apart from 0).
  function sameNumber(a, b) {
    return a === b ? (a !== 0 || 1 / a === 1 / b) : (a !== a && b !== b);
  }

  // moreNumbers are a number's neighbours beyond the first kinds' (0, ±1 away, negated): −0,
  // 1, −1 and the patch's constants' boundaries (numbers), each once and never v itself.
  function moreNumbers(v, had) {
    const out = [];
    const cands = [-0, 1, -1];
    for (let i = 0; i < numbers.length; i++) push(cands, numbers[i]);
    const seen = [v];
    for (let i = 0; i < had.length; i++) push(seen, had[i]);
    for (let i = 0; i < cands.length; i++) {
      const n = cands[i];
      let dup = false;
      for (let j = 0; j < seen.length; j++) if (sameNumber(seen[j], n)) { dup = true; break; }
      if (!dup) { push(seen, n); push(out, n); }
    }
    return out;
  }

  // firstKinds are the neighbours of one primitive argument the first kinds made (a number to
  // 0, ±1 away or negated; a string's kinds; a boolean flipped), in their order.
  function firstKinds(v) {
    const out = [];
    const t = typeof v;
    if (t === 'number') {
      if (isNaNNum(v)) return out;
      const cands = [0, v + 1, v - 1, -v];
      for (let j = 0; j < cands.length; j++) {
        const n = cands[j];
        if (n !== v && isFiniteNum(n)) push(out, n);
      }
    } else if (t === 'string') {
      if (v.length > MAX_STRING) return out;
      const cands = ['', apply(strSlice, v, [1]), apply(strSlice, v, [0, -1]), v + apply(strSlice, v, [-1])];
      const f = apply(strSlice, v, [0, 1]);
      const g = apply(strToUpper, f, []) === f ? apply(strToLower, f, []) : apply(strToUpper, f, []);
      if (g !== f) push(cands, g + apply(strSlice, v, [1]));
      if (v.length > 0) {
        // By code point, as neighbourvariants.go does: the first character doubled (what an anchor
        // dropped from a regular expression lets through), then replaced by each of the
        // patch's code points (what a boundary among its constants tells apart).
        const first = apply(fromCodePoint, String, [apply(strCodePointAt, v, [0])]);
        const rest = apply(strSlice, v, [first.length]);
        push(cands, first + v);
        for (let k = 0; k < charCodes.length; k++) push(cands, apply(fromCodePoint, String, [charCodes[k]]) + rest);
      }
      const seen = create(null);
      for (let j = 0; j < cands.length; j++) {
        const n = cands[j];
        if (n !== v && seen[n] !== true) { seen[n] = true; push(out, n); }
      }
    } else if (t === 'boolean') {
      push(out, !v);
    }
    return out;
  }

  // leafKinds are a nested leaf's neighbours: the first kinds, then for a number the more
  // numbers, each value once.
  function leafKinds(v) {
    const first = firstKinds(v);
    if (typeof v !== 'number' || isNaNNum(v)) return first;
    const out = [];
    for (let i = 0; i < first.length; i++) {
      let dup = false;
      for (let j = 0; j < out.length; j++) if (sameNumber(out[j], first[i])) { dup = true; break; }
      if (!dup) push(out, first[i]);
    }
    const more = moreNumbers(v, out);
    for (let i = 0; i < more.length; i++) push(out, more[i]);
    return out;
  }

  // setAt returns a copy of root with the value at path (keys and indices) replaced by v, or,
  // when remove is set, the property at path deleted.
  function setAt(root, path, v, remove) {
    const out = clone(root);
    let o = out;
    for (let i = 0; i < path.length - 1; i++) o = o[path[i]];
    const k = path[path.length - 1];
    if (remove) delete o[k]; else o[k] = v;
    return out;
  }

  // nested adds the neighbours inside argument i (root, a plain object or array) to out: walking
  // its objects and arrays depth first in key order (at most MAX_KEYS keys or items of each),
  // every nested property removed and set to undefined, and every leaf (a primitive inside)
  // changed by leafKinds; at most MAX_NESTED per argument.
  const MAX_KEYS = 6, MAX_NESTED = 48;
  function nested(out, args, i) {
    const root = args[i];
    let made = 0;
    function emit(v) { if (made < MAX_NESTED) { made++; push(out, withArg(args, i, v)); } }
    function walk(v, path) {
      const arr = isArray(v);
      const keys = arr ? null : ownKeys(v);
      const n = arr ? v.length : keys.length;
      for (let j = 0; j < n && j < MAX_KEYS && made < MAX_NESTED; j++) {
        const k = arr ? j : keys[j];
        const child = v[k];
        const at = [];
        for (let q = 0; q < path.length; q++) push(at, path[q]);
        push(at, k);
        if (!arr && path.length > 0) {
          emit(setAt(root, at, undefined, true));
        }
        if (!arr && child !== undefined) emit(setAt(root, at, undefined, false));
        if (child !== null && typeof child === 'object') { walk(child, at); continue; }
        const ks = leafKinds(child);
        for (let q = 0; q < ks.length; q++) emit(setAt(root, at, ks[q], false));
      }
    }
    walk(root, []);
  }

  // variants are args' neighbours: first the first kinds, argument by argument (as before
  // nested fields were walked, so their order and the caps' cut stay), then argument by
  // argument the kinds added for nested fields: a number argument's more numbers, and inside an
  // object or array argument its properties removed or set to undefined and its leaves
  // changed. neighbourvariants.go's variants makes the same list in the same order.
  function variants(args) {
    const out = [];
    for (let i = 0; i < args.length; i++) {
      const v = args[i];
      if (isArray(v)) {
        if (v.length > 0) {
          push(out, withArg(args, i, []));
          const a = clone(v); a.length = a.length - 1; push(out, withArg(args, i, a));
          const b = clone(v); push(b, b[0]); push(out, withArg(args, i, b));
        }
      } else if (v !== null && typeof v === 'object') {
        const keys = ownKeys(v);
        for (let k = 0; k < keys.length && k < 6; k++) {
          const o = clone(v);
          delete o[keys[k]];
          push(out, withArg(args, i, o));
        }
      } else {
        const ks = firstKinds(v);
        for (let q = 0; q < ks.length; q++) push(out, withArg(args, i, ks[q]));
      }
    }
    for (let i = 0; i < args.length; i++) {
      const v = args[i];
      if (typeof v === 'number' && !isNaNNum(v)) {
        const more = moreNumbers(v, firstKinds(v));
        for (let q = 0; q < more.length; q++) push(out, withArg(args, i, more[q]));
      } else if (v !== null && typeof v === 'object') {
        nested(out, args, i);
      }
    }
    return out;
  }

  function runNeighbours() {
    if (!S.neighbours || replays.length === 0) return;
    if (coverageOn) {
      // No neighbour runs where its lines would count as the tests' (a Node without
      // v8.takeCoverage/stopCoverage).
      if (typeof takeCoverage !== 'function' || typeof stopCoverage !== 'function') return;
      try { apply(takeCoverage, null, []); apply(stopCoverage, null, []); } catch (_) { return; }
    }
    makeNeighbours();
  }

  // neighboursUncounted makes the neighbour calls in a process whose coverage goes on after them
  // (a jest worker runs further test files): what NODE_V8_COVERAGE counted so far is written
  // first, and the profile of the neighbour calls alone, written and reset after them, is
  // deleted, so the coverage bond reads holds none of their lines. Without
  // v8.takeCoverage, or when the profile cannot be told apart, no neighbour call is made.
  function neighboursUncounted() {
    if (!S.neighbours || replays.length === 0) return;
    if (!coverageOn) return makeNeighbours();
    if (typeof takeCoverage !== 'function') return;
    const dir = process.env.NODE_V8_COVERAGE;
    // Node names a profile coverage-<pid>-<time>-<threadId>.json: only this thread's are
    // deleted, never one another worker thread of the process (vitest's threads pool, jest's
    // workerThreads) wrote meanwhile.
    const mine = 'coverage-' + pid + '-', mineEnd = '-' + thread + '.json';
    let before;
    try { apply(takeCoverage, null, []); before = apply(readdirSync, fs, [dir]); } catch (_) { return; }
    const had = create(null);
    for (let i = 0; i < before.length; i++) had[before[i]] = true;
    makeNeighbours();
    try {
      apply(takeCoverage, null, []);
      const after = apply(readdirSync, fs, [dir]);
      for (let i = 0; i < after.length; i++) {
        const f = after[i];
        if (had[f] !== true && apply(strStartsWith, f, [mine]) && apply(strEndsWith, f, [mineEnd])) apply(unlinkSync, fs, [dir + '/' + f]);
      }
    } catch (_) { }
  }

  // neighboursMuted makes the neighbour calls (neighboursUncounted) with the methods keys of the
  // test's console con replaced by no-ops, put back after: a runner that has frozen its console
  // (jest fails a run that logs after its tests) or reports every line (vitest) gets none of the
  // output of calls the tests never made.
  function neighboursMuted(con, keys) {
    const kept = [];
    if (con !== null && typeof con === 'object') {
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i];
        try {
          const d = getDesc(con, k);
          if (typeof con[k] !== 'function') continue;
          push(kept, { k: k, d: d });
          defineProperty(con, k, { value: function () { }, writable: true, enumerable: false, configurable: true });
        } catch (_) { }
      }
    }
    try { neighboursUncounted(); } catch (_) { }
    for (let i = 0; i < kept.length; i++) {
      try {
        if (kept[i].d === undefined) delete con[kept[i].k];
        else defineProperty(con, kept[i].k, kept[i].d);
      } catch (_) { }
    }
  }

  // dropMissed takes note off neighboursMissed: the file's neighbour calls were made after all.
  function dropMissed(note) {
    let k = 0;
    for (let i = 0; i < neighboursMissed.length; i++) {
      if (neighboursMissed[i] !== note) neighboursMissed[k++] = neighboursMissed[i];
    }
    neighboursMissed.length = k;
  }

  // plainStack is the stack where it is called in V8's own format, whatever formatter the test
  // set ("" where the test made Error.prepareStackTrace fast): jest's and vitest's parts read
  // from it whose restore of bond's spy they are in.
  function plainStack() {
    let st = '';
    let saved, limit;
    try {
      saved = ErrorCtor.prepareStackTrace; limit = ErrorCtor.stackTraceLimit;
      ErrorCtor.prepareStackTrace = undefined; ErrorCtor.stackTraceLimit = 40;
      // A formatter the test made fast (non-writable) could say anything: no stack then.
      if (ErrorCtor.prepareStackTrace === undefined) st = new ErrorCtor().stack;
    } catch (_) {
    } finally {
      try { ErrorCtor.prepareStackTrace = saved; ErrorCtor.stackTraceLimit = limit; } catch (_) { }
    }
    return typeof st === 'string' ? st : '';
  }

  // armOnRestore returns the function that arms bond's neighbour calls for a runner that restores
  // its spies once it has taken a test file's coverage: it spies, through spyOn on owner
  // (jest.spyOn, vi.spyOn), on a method of an object of bond's own, and when that spy is
  // restored where recognised() says the runner itself restores it after the file, make() runs,
  // once. A restore it does not recognise (the test's own restoreAllMocks) spies again once that
  // has returned. jest-mock restores by assignment and tinyspy by Object.defineProperty; an
  // assignment to a Proxy defines the property on the Proxy, so one defineProperty trap sees both.
  function armOnRestore(spyOn, owner, recognised, make) {
    let made = false;
    const arm = function () {
      if (made || typeof spyOn !== 'function') return;
      const inner = { restored: function () { } };
      let armed = false;
      const marker = new ProxyCtor(inner, {
        defineProperty: function (t, k, d) {
          try { defineProperty(t, k, d); } catch (_) { }
          if (!armed) return true;
          armed = false;
          if (recognised()) {
            made = true;
            make();
          } else {
            apply(promiseThen, new PromiseCtor(function (r) { r(); }), [arm]);
          }
          return true;
        },
      });
      try { apply(spyOn, owner, [marker, 'restored']); armed = true; } catch (_) { }
    };
    return arm;
  }

  function makeNeighbours() {
    const start = apply(dateNow, Date, []);
    const savedCode = process.exitCode;
    const savedExit = process.exit;
    let so, se;
    try { so = process.stdout.write; process.stdout.write = function () { return true; }; } catch (_) { }
    try { se = process.stderr.write; process.stderr.write = function () { return true; }; } catch (_) { }
    try { process.exit = function () { throw new Error('process.exit in a neighbour call'); }; } catch (_) { }
    depth++;
    let made = 0;
    try {
      // Round by round (each callee's first kept call, then each one's second, …), so the time
      // cap cuts every callee's share, never a later callee's whole.
      const order = [];
      for (let rank = 0; rank < MAX_REPLAYS_PER_CALLEE + MAX_THROWN_PER_CALLEE; rank++) {
        for (let r = 0; r < replays.length; r++) if (replays[r].rank === rank) push(order, replays[r]);
      }
      for (let r = 0; r < order.length; r++) {
        const e = order[r];
        const vs = variants(e.args);
        for (let j = 0; j < vs.length; j++) {
          if (made >= MAX_NEIGHBOURS || apply(dateNow, Date, []) - start > NEIGHBOUR_MS) return;
          made++;
          const a = vs[j];
          const c = { file: e.file, test: e.test, callee: e.callee, args: null, outcome: null, after: null, origin: 'neighbour' };
          try { c.args = flattenArgs('args', a); } catch (_) { continue; }
          let v;
          try {
            v = e.call(a);
          } catch (err) {
            try { c.outcome = flatten('throw', err); c.after = flattenArgs('after', a); push(neighbourLines, line(c)); } catch (_) { }
            continue;
          }
          if (v !== null && typeof v === 'object' && protoChainHas(v, PromiseProto)) {
            // Its settling would come after exit: not compared. Its rejection is handled.
            try { apply(promiseThen, v, [function () { }, function () { }]); } catch (_) { }
            continue;
          }
          try { c.outcome = flatten('return', v); c.after = flattenArgs('after', a); push(neighbourLines, line(c)); } catch (_) { }
        }
      }
    } finally {
      depth--;
      try { process.exit = savedExit; } catch (_) { }
      try { if (so !== undefined) process.stdout.write = so; } catch (_) { }
      try { if (se !== undefined) process.stderr.write = se; } catch (_) { }
      try { process.exitCode = savedCode; } catch (_) { }
    }
  }

  // NAMES: names.cjs goes here.

  // ESM: esm.cjs goes here.

  // traceText is the process's trace file: a header line, then one line per call.
  function traceText() {
    let out = '{"pid":' + pid + ',"thread":' + thread + ',"files":' + qa(seenList) + ',"calls":' + (calls.length + neighbourLines.length) + ',"capped":' + (capped ? 'true' : 'false') +
      ',"unlisted":' + qa(unlisted) + ',"esm":' + qs(esmNote) +
      ',"neighbours_missed":' + qa(neighboursMissed) + ',"neighbours_skipped":' + neighboursSkipped + '}\n';
    for (let i = 0; i < calls.length; i++) out += (typeof calls[i] === 'string' ? calls[i] : line(calls[i])) + '\n';
    for (let i = 0; i < neighbourLines.length; i++) out += neighbourLines[i] + '\n';
    return out;
  }

  // JEST: jest.cjs goes here (PrepareJest).

  Module._load = function (request, parent, isMain) {
    let viaImport;
    try { viaImport = esmByImport(request, parent, isMain); } catch (_) { viaImport = undefined; }
    if (viaImport !== undefined) return viaImport;
    const exp = apply(realLoad, this, [request, parent, isMain]);
    try {
      if (!mochaPatched && (request === './runner' || request === './runner.js')) {
        const f = apply(resolveFilename, Module, [request, parent, isMain]);
        if (apply(strEndsWith, f, [sep + 'mocha' + sep + 'lib' + sep + 'runner.js'])) mochaRunner(exp);
      }
      const file = testFile(parent);
      if (file === '') return exp;
      if (seenTests[file] !== true) { seenTests[file] = true; push(seenList, file); }
      if (typeof request !== 'string' || apply(strStartsWith, request, ['node:'])) return exp;
      const target = apply(resolveFilename, Module, [request, parent, isMain]);
      const r = rel(target);
      // A static import bond listed for this test file may arrive here as a require: a require
      // hook of the command's own (@babel/register, ts-node) compiled the file's imports. It went
      // through bond's hook all the same (wrapped, or a test's helper left as part of the test),
      // which esmDrain checks. Only for a test file loaded as CommonJS (its module in the require
      // cache): an ES-module test file's own createRequire vouches for none of its imports.
      if (r !== '' && parent && Module._cache[parent.filename] === parent) wrapped[file + '\0' + r] = true;
      if (r === '' || !loadable(r) || tests[r] === true || isSupport(r)) return exp;
      return wrap(file, r + '#', exp, true);
    } catch (_) {
      return exp;
    }
  };


  apply(processOn, process, ['exit', function () {
    try {
      esmDrain();
      try { runNeighbours(); } catch (_) { }
      apply(writeFileSync, fs, [S.dir + '/trace-' + pid + '-' + thread + '.jsonl', traceText(), { flag: 'wx' }]);
    } catch (_) { }
  }]);
})();
