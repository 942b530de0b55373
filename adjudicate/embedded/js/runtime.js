// The embedded runner's JavaScript runtime: console, timers, a minimal process, node:test and
// node:assert. Evaluated once per test file in a fresh goja runtime; `host` holds the privileged
// functions the Go side lends it, reachable only through this closure.
(function (host) {
  'use strict';

  // ---------------------------------------------------------------- inspect / format
  const objToString = Object.prototype.toString;
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

  function quote(s) {
    return "'" + String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
  }

  function inspect(v, depth, seen) {
    if (depth === undefined) depth = 4;
    seen = seen || [];
    switch (typeof v) {
      case 'string': return quote(v);
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return String(v) + 'n';
      case 'symbol': return v.toString();
      case 'undefined': return 'undefined';
      case 'boolean': return String(v);
      case 'function': return v.name ? '[Function: ' + v.name + ']' : '[Function (anonymous)]';
    }
    if (v === null) return 'null';
    if (seen.indexOf(v) >= 0) return '[Circular *1]';
    if (v instanceof Error) {
      return v.stack && typeof v.stack === 'string' ? v.stack : (v.name || 'Error') + ': ' + v.message;
    }
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    if (v instanceof RegExp) return String(v);
    if (depth < 0) return Array.isArray(v) ? '[Array]' : '[Object]';
    seen = seen.concat([v]);
    const inner = (x) => inspect(x, depth - 1, seen);
    if (Array.isArray(v)) {
      const parts = v.map(inner);
      return parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
    }
    if (v instanceof Map) {
      const parts = [];
      v.forEach((val, key) => parts.push(inner(key) + ' => ' + inner(val)));
      return 'Map(' + v.size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
    }
    if (v instanceof Set) {
      const parts = [];
      v.forEach((val) => parts.push(inner(val)));
      return 'Set(' + v.size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
    }
    if (ArrayBuffer.isView(v)) {
      return v.constructor.name + '(' + v.length + ') [ ' + Array.prototype.join.call(v, ', ') + ' ]';
    }
    if (typeof Promise !== 'undefined' && v instanceof Promise) return 'Promise { <unknown> }';
    const keys = Object.keys(v);
    const proto = Object.getPrototypeOf(v);
    let prefix = '';
    if (proto === null) prefix = '[Object: null prototype] ';
    else if (proto !== Object.prototype && proto.constructor && proto.constructor.name) prefix = proto.constructor.name + ' ';
    if (!keys.length) return prefix + '{}';
    const parts = keys.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k)) + ': ' + inner(v[k]));
    return prefix + '{ ' + parts.join(', ') + ' }';
  }

  function format(...args) {
    let out = '';
    let i = 0;
    if (typeof args[0] === 'string' && args.length > 1) {
      const f = args[0];
      i = 1;
      let pos = 0;
      let m;
      const re = /%[sdifjoOc%]/g;
      while ((m = re.exec(f)) !== null) {
        out += f.slice(pos, m.index);
        pos = m.index + 2;
        const c = m[0][1];
        if (c === '%') { out += '%'; continue; }
        if (i >= args.length) { out += m[0]; continue; }
        const a = args[i++];
        switch (c) {
          case 's': out += typeof a === 'string' ? a : (typeof a === 'object' && a !== null ? inspect(a, 1) : String(a)); break;
          case 'd': case 'i': out += typeof a === 'object' ? 'NaN' : String(c === 'i' ? Math.trunc(Number(a)) : Number(a)); break;
          case 'f': out += String(parseFloat(a)); break;
          case 'j': try { out += JSON.stringify(a); } catch (e) { out += '[Circular]'; } break;
          case 'o': case 'O': out += inspect(a); break;
          case 'c': break;
        }
      }
      out += f.slice(pos);
    } else if (args.length) {
      out = typeof args[0] === 'string' ? args[0] : inspect(args[0]);
      i = 1;
    }
    for (; i < args.length; i++) out += ' ' + (typeof args[i] === 'string' ? args[i] : inspect(args[i]));
    return out;
  }

  // ---------------------------------------------------------------- console
  const counts = new Map();
  const timersLabel = new Map();
  let groupIndent = '';
  const out = (stream) => (...args) => host.write(stream, groupIndent + format(...args).split('\n').join('\n' + groupIndent) + '\n');
  const console = {
    log: out(1), info: out(1), debug: out(1), error: out(2), warn: out(2), trace: out(2),
    dir: (o) => host.write(1, inspect(o) + '\n'),
    table: out(1),
    assert: (cond, ...args) => { if (!cond) out(2)('Assertion failed' + (args.length ? ': ' + format(...args) : '')); },
    count: (label = 'default') => { const n = (counts.get(label) || 0) + 1; counts.set(label, n); out(1)(label + ': ' + n); },
    countReset: (label = 'default') => counts.delete(label),
    group: (...args) => { if (args.length) out(1)(...args); groupIndent += '  '; },
    groupEnd: () => { groupIndent = groupIndent.slice(2); },
    time: (label = 'default') => timersLabel.set(label, Date.now()),
    timeEnd: (label = 'default') => { out(1)(label + ': ' + (Date.now() - (timersLabel.get(label) || 0)) + 'ms'); timersLabel.delete(label); },
    timeLog: (label = 'default') => out(1)(label + ': ' + (Date.now() - (timersLabel.get(label) || 0)) + 'ms'),
  };
  console.groupCollapsed = console.group;

  // ---------------------------------------------------------------- timers (the loop is in Go)
  const timerFns = new Map();
  class Timeout {
    constructor(id) { this._id = id; }
    ref() { host.timerRef(this._id, true); return this; }
    unref() { host.timerRef(this._id, false); return this; }
    hasRef() { return host.timerHasRef(this._id); }
    refresh() { host.timerRefresh(this._id); return this; }
    close() { clear(this); return this; }
    [Symbol.toPrimitive]() { return this._id; }
  }
  function schedule(fn, delay, repeat, args, immediate) {
    if (typeof fn !== 'function') {
      const e = new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
      e.code = 'ERR_INVALID_ARG_TYPE';
      throw e;
    }
    delay = Number(delay);
    if (!(delay >= 1 && delay <= 2147483647)) delay = immediate ? 0 : 1;
    const id = host.timerAdd(delay, repeat);
    timerFns.set(id, { fn, args });
    return immediate ? { _id: id, ref() { return this; }, unref() { return this; }, hasRef() { return true; } } : new Timeout(id);
  }
  function clear(t) {
    if (t === undefined || t === null) return;
    const id = typeof t === 'object' ? t._id : Number(t);
    if (timerFns.delete(id)) host.timerClear(id);
  }
  const timers = {
    setTimeout: (fn, delay, ...args) => schedule(fn, delay, false, args, false),
    setInterval: (fn, delay, ...args) => schedule(fn, delay, true, args, false),
    setImmediate: (fn, ...args) => schedule(fn, 0, false, args, true),
    clearTimeout: clear, clearInterval: clear, clearImmediate: clear,
  };
  // fire runs timer id's callback; Go calls it from the event loop, one macrotask at a time.
  function fire(id, repeat) {
    const t = timerFns.get(id);
    if (!t) return;
    if (!repeat) timerFns.delete(id);
    t.fn.apply(undefined, t.args);
  }

  // ---------------------------------------------------------------- globals
  const g = globalThis;
  g.console = console;
  Object.assign(g, timers);
  g.queueMicrotask = (fn) => { Promise.resolve().then(() => fn()); };
  g.global = g;
  const perfOrigin = Date.now();
  g.performance = { now: () => host.clock() - perfOrigin, timeOrigin: perfOrigin, mark() {}, measure() {} };
  // structuredClone: plain data, arrays, Date, RegExp, Map, Set, typed arrays, Errors and
  // cycles; functions and symbols throw a DataCloneError as in Node.
  g.structuredClone = (v) => {
    const seen = new Map();
    const clone = (x) => {
      if (x === null || (typeof x !== 'object' && typeof x !== 'function')) {
        if (typeof x === 'symbol') throw Object.assign(new Error(String(x) + ' could not be cloned.'), { name: 'DataCloneError' });
        return x;
      }
      if (typeof x === 'function') throw Object.assign(new Error(inspect(x) + ' could not be cloned.'), { name: 'DataCloneError' });
      if (seen.has(x)) return seen.get(x);
      let out;
      if (Array.isArray(x)) { out = []; seen.set(x, out); x.forEach((e, i) => { out[i] = clone(e); }); return out; }
      if (x instanceof Date) return new Date(x.getTime());
      if (x instanceof RegExp) return new RegExp(x.source, x.flags);
      if (x instanceof Map) { out = new Map(); seen.set(x, out); x.forEach((val, key) => out.set(clone(key), clone(val))); return out; }
      if (x instanceof Set) { out = new Set(); seen.set(x, out); x.forEach((val) => out.add(clone(val))); return out; }
      if (ArrayBuffer.isView(x)) return new x.constructor(x);
      if (x instanceof ArrayBuffer) return x.slice(0);
      if (x instanceof Error) { out = new (g[x.name] || Error)(x.message); seen.set(x, out); if (x.stack) out.stack = x.stack; return out; }
      out = {};
      seen.set(x, out);
      for (const k of Object.keys(x)) out[k] = clone(x[k]);
      return out;
    };
    return clone(v);
  };
  // UTF-8 TextEncoder/TextDecoder and atob/btoa: pure conversions many libraries expect.
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(str = '') {
      const s = unescape(encodeURIComponent(String(str)));
      const out = new Uint8Array(s.length);
      for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
      return out;
    }
  }
  class TextDecoder {
    constructor(label = 'utf-8') {
      if (!/^utf-?8$/i.test(label)) throw new RangeError('The "' + label + '" encoding is not supported by the embedded runner');
    }
    get encoding() { return 'utf-8'; }
    decode(buf) {
      if (buf === undefined) return '';
      const bytes = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      let s = '';
      for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
      try { return decodeURIComponent(escape(s)); } catch (e) { return s.replace(/[\x80-\xff]/g, '\ufffd'); }
    }
  }
  g.TextEncoder = TextEncoder;
  g.TextDecoder = TextDecoder;
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  g.btoa = (input) => {
    const str = String(input);
    let out = '';
    for (let i = 0; i < str.length; i += 3) {
      const a = str.charCodeAt(i), b = str.charCodeAt(i + 1), c = str.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw Object.assign(new Error('Invalid character'), { name: 'InvalidCharacterError' });
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < str.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < str.length ? B64[n & 63] : '=');
    }
    return out;
  };
  g.atob = (input) => {
    const str = String(input).replace(/[\t\n\f\r ]/g, '').replace(/=+$/, '');
    if (str.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(str)) throw Object.assign(new Error('The string to be decoded is not correctly encoded.'), { name: 'InvalidCharacterError' });
    let out = '';
    let bits = 0, acc = 0;
    for (const ch of str) {
      acc = (acc << 6) | B64.indexOf(ch);
      bits += 6;
      if (bits >= 8) { bits -= 8; out += String.fromCharCode((acc >> bits) & 255); }
    }
    return out;
  };
  const nextTick = (fn, ...args) => { Promise.resolve().then(() => fn(...args)); };
  // process: present so libraries that read process.env.NODE_ENV work, but empty: no
  // environment, no arguments beyond the script, no exit, no cwd but "/".
  g.process = {
    env: {},
    argv: ['node', host.entry],
    execArgv: [],
    platform: 'linux',
    version: 'v20.0.0',
    versions: { node: '20.0.0' },
    nextTick,
    cwd: () => '/',
    exit: (code) => { throw new Error('process.exit(' + (code === undefined ? '' : code) + ') is not available in the embedded runner'); },
    hrtime: Object.assign((prev) => {
      const ms = host.clock();
      const s = Math.floor(ms / 1000), ns = Math.floor((ms % 1000) * 1e6);
      if (prev) { let ds = s - prev[0], dn = ns - prev[1]; if (dn < 0) { ds--; dn += 1e9; } return [ds, dn]; }
      return [s, ns];
    }, { bigint: () => BigInt(Math.floor(host.clock() * 1e6)) }),
    memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
    on() { return g.process; }, once() { return g.process; }, off() { return g.process; },
    removeListener() { return g.process; }, emitWarning() {},
    stdout: { write: (s) => { host.write(1, String(s)); return true; }, isTTY: false },
    stderr: { write: (s) => { host.write(2, String(s)); return true; }, isTTY: false },
    exitCode: undefined,
  };

  // ---------------------------------------------------------------- assert
  class AssertionError extends Error {
    constructor(options) {
      super(String(options.message));
      this.generatedMessage = !!options.generated;
      this.code = 'ERR_ASSERTION';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
    }
  }
  Object.defineProperty(AssertionError.prototype, 'name', { value: 'AssertionError', writable: true, configurable: true });
  AssertionError.prototype.toString = function () { return 'AssertionError [ERR_ASSERTION]: ' + this.message; };

  function invalidArg(name, what, v) {
    const e = new TypeError('The "' + name + '" argument must be ' + what + '. Received ' + inspect(v));
    e.code = 'ERR_INVALID_ARG_TYPE';
    return e;
  }

  function fail(opts, message, gen) {
    if (message instanceof Error) throw message;
    const generated = message === undefined;
    throw new AssertionError(Object.assign({}, opts, { message: generated ? gen : message, generated }));
  }

  const TAG = (o) => objToString.call(o);
  function isBoxed(o) {
    return o instanceof Number || o instanceof String || o instanceof Boolean ||
      (typeof BigInt !== 'undefined' && o instanceof BigInt) || o instanceof Symbol;
  }
  function ownEnumSymbols(o) {
    return Object.getOwnPropertySymbols(o).filter((s) => Object.prototype.propertyIsEnumerable.call(o, s));
  }

  // isDeepEqual follows Node's comparison rules: strict mode compares primitives with
  // Object.is and requires equal prototypes; loose mode compares primitives with == and ignores
  // prototypes. Both compare type tags, own enumerable keys, Dates by time, RegExps by source and
  // flags, Errors by name and message, boxed primitives by value, Maps and Sets unordered.
  function isDeepEqual(a, b, strict, memo) {
    if (a === b) return a !== 0 || !strict || Object.is(a, b);
    if (strict) {
      if (typeof a !== 'object') return typeof a === 'number' && a !== a && b !== b;
      if (typeof b !== 'object' || a === null || b === null) return false;
      if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    } else {
      if (a === null || typeof a !== 'object') {
        if (b === null || typeof b !== 'object') return a == b || (a !== a && b !== b); // eslint-disable-line eqeqeq
        return false;
      }
      if (b === null || typeof b !== 'object') return false;
    }
    const ta = TAG(a), tb = TAG(b);
    if (ta !== tb) return false;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
    } else if (ta === '[object Object]') {
      // plain objects: fall through to keys
    } else if (a instanceof Date) {
      if (!(b instanceof Date) || a.getTime() !== b.getTime()) return false;
    } else if (a instanceof RegExp) {
      if (!(b instanceof RegExp) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
    } else if (a instanceof Error || b instanceof Error) {
      if (!(a instanceof Error) || !(b instanceof Error) || a.message !== b.message || a.name !== b.name) return false;
    } else if (ArrayBuffer.isView(a)) {
      if (!ArrayBuffer.isView(b) || a.length !== b.length || a.byteLength !== b.byteLength) return false;
      for (let i = 0; i < a.length; i++) {
        if (strict ? !Object.is(a[i], b[i]) : a[i] != b[i]) return false; // eslint-disable-line eqeqeq
      }
    } else if (isBoxed(a)) {
      if (!isBoxed(b) || !Object.is(a.valueOf(), b.valueOf())) return false;
    } else if (isBoxed(b)) {
      return false;
    }
    memo = memo || { a: new Map(), b: new Map() };
    const ma = memo.a.get(a);
    if (ma !== undefined) {
      const mb = memo.b.get(b);
      if (mb !== undefined) return ma === mb;
    }
    const depth = memo.a.size;
    memo.a.set(a, depth);
    memo.b.set(b, depth);
    let ok = keyCheck(a, b, strict, memo);
    if (ok && a instanceof Set) ok = b instanceof Set && setEqual(a, b, strict, memo);
    else if (ok && a instanceof Map) ok = b instanceof Map && mapEqual(a, b, strict, memo);
    memo.a.delete(a);
    memo.b.delete(b);
    return ok;
  }

  function keyCheck(a, b, strict, memo) {
    const ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!Object.prototype.propertyIsEnumerable.call(b, k)) return false;
    }
    if (strict) {
      const sa = ownEnumSymbols(a), sb = ownEnumSymbols(b);
      if (sa.length !== sb.length) return false;
      for (const s of sa) {
        if (!Object.prototype.propertyIsEnumerable.call(b, s)) return false;
        if (!isDeepEqual(a[s], b[s], strict, memo)) return false;
      }
    }
    for (const k of ka) {
      if (!isDeepEqual(a[k], b[k], strict, memo)) return false;
    }
    return true;
  }

  function setEqual(a, b, strict, memo) {
    if (a.size !== b.size) return false;
    let rest = null;
    for (const v of a) {
      if (typeof v === 'object' && v !== null) {
        (rest = rest || []).push(v);
      } else if (!b.has(v)) {
        if (strict) return false;
        (rest = rest || []).push(v);
      }
    }
    if (rest === null) return true;
    const pool = [];
    for (const v of b) {
      if ((typeof v === 'object' && v !== null) || !a.has(v)) pool.push(v);
    }
    for (const v of rest) {
      const i = pool.findIndex((w) => isDeepEqual(v, w, strict, memo));
      if (i < 0) return false;
      pool.splice(i, 1);
    }
    return true;
  }

  function mapEqual(a, b, strict, memo) {
    if (a.size !== b.size) return false;
    let rest = null;
    for (const [k, v] of a) {
      if (typeof k === 'object' && k !== null) {
        (rest = rest || []).push([k, v]);
      } else if (b.has(k)) {
        if (!isDeepEqual(v, b.get(k), strict, memo)) {
          if (strict) return false;
          (rest = rest || []).push([k, v]);
        }
      } else {
        if (strict) return false;
        (rest = rest || []).push([k, v]);
      }
    }
    if (rest === null) return true;
    const pool = [];
    for (const [k, v] of b) {
      if ((typeof k === 'object' && k !== null) || !a.has(k) || !isDeepEqual(a.get(k), v, strict, memo)) pool.push([k, v]);
    }
    for (const [k, v] of rest) {
      const i = pool.findIndex(([k2, v2]) => isDeepEqual(k, k2, strict, memo) && isDeepEqual(v, v2, strict, memo));
      if (i < 0) return false;
      pool.splice(i, 1);
    }
    return true;
  }

  function diffMessage(head, actual, expected) {
    return head + '\n+ actual - expected\n\n+ ' + inspect(actual) + '\n- ' + inspect(expected) + '\n';
  }

  function validateThrown(err, expected, message, fnName) {
    if (expected === undefined) return;
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && err instanceof expected) return;
      if (Error.isPrototypeOf(expected) || expected === Error) {
        if (message instanceof Error) throw message;
        const got = err && err.constructor && err.constructor.name ? '"' + err.constructor.name + '"' : inspect(err);
        fail({ actual: err, expected, operator: fnName }, message,
          'The error is expected to be an instance of "' + expected.name + '". Received ' + got + '\n\nError message:\n\n' + (err && err.message));
      }
      const r = expected.call({}, err);
      if (r !== true) {
        fail({ actual: err, expected, operator: fnName }, message,
          'The ' + (expected.name ? '"' + expected.name + '" ' : '') + 'validation function is expected to return "true". Received ' + inspect(r) + '\n\nCaught error:\n\n' + inspect(err));
      }
      return;
    }
    if (expected instanceof RegExp) {
      const s = String(err);
      if (expected.test(s)) return;
      fail({ actual: err, expected, operator: fnName }, message,
        'The input did not match the regular expression ' + String(expected) + '. Input:\n\n' + inspect(s) + '\n');
    }
    if (typeof expected !== 'object' || expected === null) throw invalidArg('error', 'of type function or an instance of Error, RegExp, or Object', expected);
    const keys = Object.keys(expected);
    if (expected instanceof Error) keys.push('name', 'message');
    else if (keys.length === 0) throw Object.assign(new TypeError("The argument 'error' may not be an empty object. Received {}"), { code: 'ERR_INVALID_ARG_VALUE' });
    for (const k of keys) {
      const ev = expected[k];
      const av = err === null || err === undefined ? undefined : err[k];
      if (typeof av === 'string' && ev instanceof RegExp && ev.test(av)) continue;
      if (err !== null && typeof err === 'object' && k in err && isDeepEqual(av, ev, true)) continue;
      fail({ actual: err, expected, operator: fnName }, message,
        diffMessage('Expected values to be strictly deep-equal:', av, ev));
    }
  }

  const NO_EXCEPTION = {};
  function getActual(fn) {
    if (typeof fn !== 'function') throw invalidArg('fn', 'of type function', fn);
    try { fn(); } catch (e) { return e; }
    return NO_EXCEPTION;
  }
  async function waitActual(p) {
    let promise;
    if (typeof p === 'function') {
      promise = p();
      if (!promise || typeof promise.then !== 'function') {
        throw Object.assign(new TypeError('Expected instance of Promise to be returned from the "promiseFn" function but got ' + inspect(promise) + '.'), { code: 'ERR_INVALID_RETURN_VALUE' });
      }
    } else if (p && typeof p.then === 'function') {
      promise = p;
    } else {
      throw invalidArg('promiseFn', 'of type function or an instance of Promise', p);
    }
    try { await promise; } catch (e) { return e; }
    return NO_EXCEPTION;
  }
  function expectsError(fnName, actual, error, message) {
    if (typeof error === 'string') { message = error; error = undefined; }
    if (actual === NO_EXCEPTION) {
      let details = '';
      if (error && error.name) details += ' (' + error.name + ')';
      details += message ? ': ' + message : '.';
      fail({ actual: undefined, expected: error, operator: fnName }, message instanceof Error ? message : undefined,
        'Missing expected ' + (fnName === 'rejects' ? 'rejection' : 'exception') + details);
      return;
    }
    validateThrown(actual, error, message, fnName);
  }
  function expectsNoError(fnName, actual, error, message) {
    if (actual === NO_EXCEPTION) return;
    if (typeof error === 'string') { message = error; error = undefined; }
    if (!error || (typeof error === 'function' && actual instanceof error) || (error instanceof RegExp && error.test(String(actual)))) {
      const details = message ? ': ' + message : '.';
      fail({ actual, expected: error, operator: fnName }, undefined,
        'Got unwanted ' + (fnName === 'doesNotReject' ? 'rejection' : 'exception') + details + '\nActual message: "' + (actual && actual.message) + '"');
    }
    throw actual;
  }

  function makeAssert(strictMode) {
    function ok(...args) {
      if (args.length === 0) fail({ actual: undefined, expected: true, operator: '==' }, undefined, 'No value argument passed to `assert.ok()`');
      if (!args[0]) fail({ actual: args[0], expected: true, operator: '==' }, args[1], 'The expression evaluated to a falsy value:\n\n  assert(' + inspect(args[0]) + ')\n');
    }
    const assert = function assert(...args) { ok(...args); };
    assert.ok = ok;
    assert.AssertionError = AssertionError;
    assert.fail = (message) => {
      if (message instanceof Error) throw message;
      throw new AssertionError({ message: message === undefined ? 'Failed' : message, operator: 'fail', generated: message === undefined });
    };
    const strictEqual = (actual, expected, message) => {
      if (!Object.is(actual, expected)) {
        fail({ actual, expected, operator: 'strictEqual' }, message,
          typeof actual === 'object' && actual !== null && typeof expected === 'object' && expected !== null
            ? diffMessage('Expected "actual" to be reference-equal to "expected":', actual, expected)
            : 'Expected values to be strictly equal:\n\n' + inspect(actual) + ' !== ' + inspect(expected) + '\n');
      }
    };
    const notStrictEqual = (actual, expected, message) => {
      if (Object.is(actual, expected)) {
        fail({ actual, expected, operator: 'notStrictEqual' }, message, 'Expected "actual" to be strictly unequal to: ' + inspect(expected));
      }
    };
    const deepStrictEqual = (actual, expected, message) => {
      if (!isDeepEqual(actual, expected, true)) fail({ actual, expected, operator: 'deepStrictEqual' }, message, diffMessage('Expected values to be strictly deep-equal:', actual, expected));
    };
    const notDeepStrictEqual = (actual, expected, message) => {
      if (isDeepEqual(actual, expected, true)) fail({ actual, expected, operator: 'notDeepStrictEqual' }, message, 'Expected "actual" not to be strictly deep-equal to: ' + inspect(expected));
    };
    assert.strictEqual = strictEqual;
    assert.notStrictEqual = notStrictEqual;
    assert.deepStrictEqual = deepStrictEqual;
    assert.notDeepStrictEqual = notDeepStrictEqual;
    if (strictMode) {
      assert.equal = strictEqual;
      assert.notEqual = notStrictEqual;
      assert.deepEqual = deepStrictEqual;
      assert.notDeepEqual = notDeepStrictEqual;
    } else {
      assert.equal = (actual, expected, message) => {
        // eslint-disable-next-line eqeqeq
        if (!(actual == expected || (actual !== actual && expected !== expected))) {
          fail({ actual, expected, operator: '==' }, message, inspect(actual) + ' == ' + inspect(expected));
        }
      };
      assert.notEqual = (actual, expected, message) => {
        // eslint-disable-next-line eqeqeq
        if (actual == expected || (actual !== actual && expected !== expected)) {
          fail({ actual, expected, operator: '!=' }, message, inspect(actual) + ' != ' + inspect(expected));
        }
      };
      assert.deepEqual = (actual, expected, message) => {
        if (!isDeepEqual(actual, expected, false)) fail({ actual, expected, operator: 'deepEqual' }, message, 'Expected values to be loosely deep-equal:\n\n' + inspect(actual) + '\n\nshould loosely deep-equal\n\n' + inspect(expected));
      };
      assert.notDeepEqual = (actual, expected, message) => {
        if (isDeepEqual(actual, expected, false)) fail({ actual, expected, operator: 'notDeepEqual' }, message, '"actual" deepEqual "expected"');
      };
    }
    assert.throws = (fn, error, message) => expectsError('throws', getActual(fn), error, message);
    assert.rejects = async (p, error, message) => expectsError('rejects', await waitActual(p), error, message);
    assert.doesNotThrow = (fn, error, message) => expectsNoError('doesNotThrow', getActual(fn), error, message);
    assert.doesNotReject = async (p, error, message) => expectsNoError('doesNotReject', await waitActual(p), error, message);
    assert.ifError = (err) => {
      if (err !== null && err !== undefined) {
        let m = 'ifError got unwanted exception: ';
        m += typeof err === 'object' && typeof err.message === 'string' ? (err.message.length === 0 && err.constructor ? err.constructor.name : err.message) : inspect(err);
        throw new AssertionError({ actual: err, expected: null, operator: 'ifError', message: m });
      }
    };
    const matcher = (name, want) => (string, regexp, message) => {
      if (!(regexp instanceof RegExp)) throw invalidArg('regexp', 'an instance of RegExp', regexp);
      if (typeof string !== 'string' || regexp.test(string) !== want) {
        const gen = typeof string !== 'string'
          ? 'The "string" argument must be of type string. Received type ' + typeof string + ' (' + inspect(string) + ')'
          : (want ? 'The input did not match the regular expression ' : 'The input was expected to not match the regular expression ') + String(regexp) + '. Input:\n\n' + inspect(string) + '\n';
        fail({ actual: string, expected: regexp, operator: name }, message, gen);
      }
    };
    assert.match = matcher('match', true);
    assert.doesNotMatch = matcher('doesNotMatch', false);
    return assert;
  }
  const assertLoose = makeAssert(false);
  const assertStrict = makeAssert(true);
  assertLoose.strict = assertStrict;
  assertStrict.strict = assertStrict;

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

  // ---------------------------------------------------------------- require
  function require(spec) {
    const name = String(spec).replace(/^node:/, '');
    switch (name) {
      case 'test': return testModule;
      case 'assert': return assertLoose;
      case 'assert/strict': return assertStrict;
    }
    const e = new Error("Cannot find module '" + spec + "': the embedded runner provides only node:test and node:assert; use --runner node");
    e.code = 'MODULE_NOT_FOUND';
    throw e;
  }
  g.require = require;

  // runAll runs every declared test; Go drives the event loop until it settles.
  async function runAll() {
    await runSuite(root);
  }

  // uncaught attributes an error thrown from a timer or left as an unhandled rejection: to the
  // running test, else to the file.
  function uncaught(err) {
    if (running && running.kind === 'test' && !running.result) {
      if (running.uncaught === undefined) running.uncaught = err;
      return;
    }
    fileFailure(err, 'uncaught');
  }

  // finish fails every declared test that never finished: the event loop ran dry (or the run was
  // stopped) while it was still pending, as Node reports it.
  function finish(reason) {
    const code = g.process.exitCode;
    if (code !== undefined && code !== null && Number(code) !== 0) {
      fileFailure(new Error('process.exitCode was set to ' + code), 'exit code');
    }
    for (const t of declared) {
      if (!t.result && !(t.opts && t.opts.skip)) {
        record(t, 'fail', new Error(reason));
      }
    }
    return JSON.stringify(results);
  }

  return { runAll, fire, uncaught, finish, results: () => JSON.stringify(results), inspect, errorText };
})
