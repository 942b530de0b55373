// globals: console, timers (the loop is in Go), queueMicrotask, performance, structuredClone,
// TextEncoder/TextDecoder, atob/btoa and a hermetic process. Part of the embedded runtime.
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
  // JSON.parse is js/json.js's.
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
      if (sharedBuffers.has(x)) refuse('structuredClone of a SharedArrayBuffer');
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
      const bytes = anyArrayBuffer(buf) ? new Uint8Array(buf) : new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
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
  // environment (only what the runner's CLI sets in its own process, host.env, such as uvu's
  // FORCE_COLOR), no arguments beyond the script, no exit; cwd() is the runner's root (host.cwd),
  // where the command runner runs the oracle, so path.resolve answers as it would there.
  g.process = {
    env: Object.assign({}, host.env),
    argv: ['node', host.entry],
    execArgv: [],
    platform: 'linux',
    version: 'v20.0.0',
    versions: { node: '20.0.0' },
    nextTick,
    cwd: () => host.cwd,
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
    stdout: { write: (s) => { host.write(1, String(s)); return true; }, fd: 1 },
    stderr: { write: (s) => { host.write(2, String(s)); return true; }, fd: 2 },
    exitCode: undefined,
  };

