// expect: jest's and vitest's expect — their equality (toEqual, toStrictEqual, asymmetric
// matchers), pretty-printing, the matchers real suites use, .not/.resolves/.rejects, and failure
// messages in jest's wording. Part of the embedded runtime; the mocks it asserts on are in
// jestmock.js, the test tree in jest.js.

  // pretty prints a value as jest's pretty-format does in failure messages.
  function pretty(v, depth, seen) {
    if (depth === undefined) depth = 6;
    seen = seen || [];
    switch (typeof v) {
      case 'string': return JSON.stringify(v);
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return String(v) + 'n';
      case 'symbol': return v.toString();
      case 'undefined': return 'undefined';
      case 'boolean': return String(v);
      case 'function':
        if (v._isMockFunction) return '[MockFunction' + (v.getMockName() !== 'jest.fn()' ? ' ' + v.getMockName() : '') + ']';
        return '[Function ' + (v.name || 'anonymous') + ']';
    }
    if (v === null) return 'null';
    if (isAsymmetric(v)) return v.toString();
    if (seen.indexOf(v) >= 0) return '[Circular]';
    if (v instanceof Error) return '[' + (v.name || 'Error') + ': ' + v.message + ']';
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Date { NaN }' : v.toISOString();
    if (v instanceof RegExp) return String(v);
    if (depth < 0) return Array.isArray(v) ? '[Array]' : '[' + ((v.constructor && v.constructor.name) || 'Object') + ']';
    seen = seen.concat([v]);
    const inner = (x) => pretty(x, depth - 1, seen);
    if (Array.isArray(v)) return '[' + v.map(inner).join(', ') + ']';
    if (v instanceof Map) {
      const parts = [];
      v.forEach((val, key) => parts.push(inner(key) + ' => ' + inner(val)));
      return 'Map {' + parts.join(', ') + '}';
    }
    if (v instanceof Set) {
      const parts = [];
      v.forEach((val) => parts.push(inner(val)));
      return 'Set {' + parts.join(', ') + '}';
    }
    if (ArrayBuffer.isView(v)) return v.constructor.name + ' [' + Array.prototype.map.call(v, inner).join(', ') + ']';
    const proto = Object.getPrototypeOf(v);
    const prefix = proto === null ? 'Object ' : (proto !== Object.prototype && proto.constructor && proto.constructor.name ? proto.constructor.name + ' ' : '');
    const keys = Object.keys(v).sort();
    return prefix + '{' + keys.map((k) => JSON.stringify(k) + ': ' + inner(v[k])).join(', ') + '}';
  }

  // ---------------------------------------------------------------- equality
  const isAsymmetric = (x) => !!x && typeof x === 'object' && typeof x.asymmetricMatch === 'function' && x.$$typeof === ASYM;
  const ASYM = Symbol.for('jest.asymmetricMatcher');

  // equalityTesters are expect.addEqualityTesters' testers, in the order added (for the file's
  // run: a setup file adds them before the tests). activeTesters are those jestEquals consults
  // at every level, before its own rules, as jest's and vitest's `equals` do: the registered
  // ones, or, inside a tester's this.equals(a, b, testers), the testers it passes on.
  const equalityTesters = [];
  let activeTesters = equalityTesters;
  const testerContext = {
    equals(x, y, testers, strict) {
      const prev = activeTesters;
      activeTesters = Array.isArray(testers) ? testers : [];
      try { return jestEquals(x, y, !!strict); } finally { activeTesters = prev; }
    },
  };

  // jestEquals is jest's `equals`: asymmetric matchers match, primitives compare with Object.is
  // (NaN equals NaN, 0 does not equal -0), Dates by time, RegExps by source and flags, Errors by
  // message, Sets and Maps without order, arrays and objects by their own enumerable keys. toEqual
  // ignores keys whose value is undefined; strict (toStrictEqual) does not, and requires the same
  // constructor and the same array holes.
  function jestEquals(a, b, strict, seenA, seenB) {
    if (isAsymmetric(a)) return !!a.asymmetricMatch(b);
    if (isAsymmetric(b)) return !!b.asymmetricMatch(a);
    for (const tester of activeTesters) {
      const r = tester.call(testerContext, a, b, activeTesters);
      if (r !== undefined) return !!r;
    }
    if (a instanceof Error && b instanceof Error) {
      // jest 29 compares an error's message only; vitest 3 its name, message and cause too.
      if (host.framework !== 'vitest') return a.message === b.message;
      return a.name === b.name && a.message === b.message && jestEquals(a.cause, b.cause, strict, seenA, seenB);
    }
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    const ta = objToString.call(a);
    if (ta !== objToString.call(b)) return false;
    switch (ta) {
      case '[object Boolean]': case '[object String]': case '[object Number]':
        return Object.is(a.valueOf(), b.valueOf());
      case '[object Date]': return +a === +b || (isNaN(+a) && isNaN(+b));
      case '[object RegExp]': return a.source === b.source && a.flags === b.flags;
    }
    seenA = seenA || [];
    seenB = seenB || [];
    for (let i = seenA.length - 1; i >= 0; i--) if (seenA[i] === a) return seenB[i] === b;
    seenA = seenA.concat([a]);
    seenB = seenB.concat([b]);
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (strict && (a instanceof ArrayBuffer || a instanceof DataView)) {
      // toStrictEqual compares buffers by their bytes; toEqual sees no keys in them.
      if (!(b instanceof ArrayBuffer || b instanceof DataView) || a.byteLength !== b.byteLength) return false;
      const x = new Uint8Array(a.buffer || a, a.byteOffset || 0, a.byteLength), y = new Uint8Array(b.buffer || b, b.byteOffset || 0, b.byteLength);
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      return true;
    }
    if (a instanceof Set) {
      if (!(b instanceof Set) || a.size !== b.size) return false;
      for (const x of a) {
        if (b.has(x)) continue;
        let found = false;
        for (const y of b) if (jestEquals(x, y, strict, seenA, seenB)) { found = true; break; }
        if (!found) return false;
      }
      return true;
    }
    if (a instanceof Map) {
      if (!(b instanceof Map) || a.size !== b.size) return false;
      for (const [k, v] of a) {
        if (b.has(k)) { if (!jestEquals(v, b.get(k), strict, seenA, seenB)) return false; continue; }
        let found = false;
        for (const [k2, v2] of b) if (jestEquals(k, k2, strict, seenA, seenB) && jestEquals(v, v2, strict, seenA, seenB)) { found = true; break; }
        if (!found) return false;
      }
      return true;
    }
    if (Array.isArray(a)) {
      // jest's toEqual reads arrays by their defined keys ([undefined] equals []); vitest's and
      // toStrictEqual compare lengths.
      if (a.length !== b.length && (strict || host.framework === 'vitest')) return false;
      for (let i = 0; i < a.length; i++) {
        if (strict && (i in a) !== (i in b)) return false;
        if (!jestEquals(a[i], b[i], strict, seenA, seenB)) return false;
      }
    }
    const keys = (o) => {
      const ks = Object.keys(o).concat(Object.getOwnPropertySymbols(o).filter((s) => Object.prototype.propertyIsEnumerable.call(o, s)));
      return strict ? ks : ks.filter((k) => o[k] !== undefined);
    };
    const ka = keys(a), kb = keys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!hasOwn(b, k) && !(!strict && b[k] === undefined && a[k] === undefined)) return false;
      if (!jestEquals(a[k], b[k], strict, seenA, seenB)) return false;
    }
    return true;
  }

  // matchObject is toMatchObject's subset rule: every key of expected is in actual with a
  // matching value; arrays match element by element with the same length.
  function matchObject(actual, expected) {
    if (isAsymmetric(expected)) return !!expected.asymmetricMatch(actual);
    if (typeof expected !== 'object' || expected === null || typeof actual !== 'object' || actual === null) return jestEquals(actual, expected, false);
    if (Array.isArray(expected)) {
      return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => matchObject(actual[i], e));
    }
    if (expected instanceof Date || expected instanceof RegExp || expected instanceof Map || expected instanceof Set) return jestEquals(actual, expected, false);
    return Object.keys(expected).every((k) => k in Object(actual) && matchObject(actual[k], expected[k]));
  }

  // ---------------------------------------------------------------- asymmetric matchers
  function asym(name, sample, match, describe, inverse) {
    return {
      $$typeof: ASYM, sample, inverse: !!inverse,
      asymmetricMatch(other) { const r = match(other); return inverse ? !r : r; },
      toString() { return (inverse ? name.replace(/^(\w+)/, '$1Not') : name) + (describe ? ' ' + describe() : ''); },
      toJSON() { return this.toString(); },
    };
  }
  function anyMatch(ctor, other) {
    if (ctor === String) return typeof other === 'string' || other instanceof String;
    if (ctor === Number) return typeof other === 'number' || other instanceof Number;
    if (ctor === Boolean) return typeof other === 'boolean' || other instanceof Boolean;
    if (ctor === BigInt) return typeof other === 'bigint';
    if (ctor === Symbol) return typeof other === 'symbol';
    if (ctor === Function) return typeof other === 'function';
    if (ctor === Object) return typeof other === 'object' && other !== null;
    return other instanceof ctor;
  }
  const asymmetric = (inverse) => ({
    objectContaining: (o) => asym('ObjectContaining', o, (x) => x !== null && x !== undefined &&
      Object.keys(o).every((k) => hasOwnDeep(x, k) && jestEquals(x[k], o[k], false)), () => pretty(o), inverse),
    arrayContaining: (arr) => asym('ArrayContaining', arr, (x) => Array.isArray(x) &&
      arr.every((e) => x.some((y) => jestEquals(y, e, false))), () => pretty(arr), inverse),
    stringContaining: (s) => asym('StringContaining', s, (x) => typeof x === 'string' && x.includes(s), () => pretty(s), inverse),
    stringMatching: (re) => {
      const r = typeof re === 'string' ? new RegExp(re) : re;
      return asym('StringMatching', re, (x) => typeof x === 'string' && r.test(x), () => String(r), inverse);
    },
  });
  const hasOwnDeep = (x, k) => { for (let o = Object(x); o; o = Object.getPrototypeOf(o)) if (hasOwn(o, k)) return true; return false; };

  // ---------------------------------------------------------------- expect
  class JestAssertionError extends Error {}
  Object.defineProperty(JestAssertionError.prototype, 'name', { value: 'Error', writable: true, configurable: true });

  let assertionCalls = 0; // since the current test began; jest.js resets and reads it
  let expectedAssertions; // expect.assertions(n)
  let expectHasAssertions = false; // expect.hasAssertions()

  const numLabel = (v) => pretty(v);
  function hint(name, opts) {
    const o = opts || {};
    return 'expect(' + (o.received || 'received') + ')' + (o.modifier || '') + '.' + name + '(' + (o.expected === undefined ? 'expected' : o.expected) + ')' + (o.comment ? ' // ' + o.comment : '');
  }
  function thrownOf(fn, fromPromise) {
    if (fromPromise) return { thrown: true, value: fn };
    if (typeof fn !== 'function') {
      throw new JestAssertionError(hint('toThrow', {}) + '\n\nMatcher error: received value must be a function\n\nReceived has value: ' + pretty(fn));
    }
    try { fn(); } catch (e) { return { thrown: true, value: e }; }
    return { thrown: false };
  }
  const msgOf = (e) => (e && typeof e === 'object' && 'message' in e ? String(e.message) : String(e));

  // matchers: each returns { pass, message } given the received value and the arguments; the
  // message reads as jest's for the direction the assertion failed in.
  const matchers = {
    toBe: (r, e) => ({ pass: Object.is(r, e), message: (not) => hint('toBe', { comment: 'Object.is equality', modifier: not }) + '\n\nExpected: ' + (not ? 'not ' : '') + pretty(e) + (not ? '' : '\nReceived: ' + pretty(r)) }),
    toEqual: (r, e) => ({ pass: jestEquals(r, e, false), message: (not) => hint('toEqual', { comment: 'deep equality', modifier: not }) + '\n\nExpected: ' + (not ? 'not ' : '') + pretty(e) + (not ? '' : '\nReceived: ' + pretty(r)) }),
    toStrictEqual: (r, e) => ({ pass: jestEquals(r, e, true), message: (not) => hint('toStrictEqual', { comment: 'deep equality', modifier: not }) + '\n\nExpected: ' + (not ? 'not ' : '') + pretty(e) + (not ? '' : '\nReceived: ' + pretty(r)) }),
    toBeDefined: (r) => ({ pass: r !== undefined, message: (not) => hint('toBeDefined', { expected: '' , modifier: not }) + '\n\nReceived: ' + pretty(r) }),
    toBeUndefined: (r) => ({ pass: r === undefined, message: (not) => hint('toBeUndefined', { expected: '', modifier: not }) + '\n\nReceived: ' + pretty(r) }),
    toBeNull: (r) => ({ pass: r === null, message: (not) => hint('toBeNull', { expected: '', modifier: not }) + '\n\nReceived: ' + pretty(r) }),
    toBeNaN: (r) => ({ pass: typeof r === 'number' && r !== r, message: (not) => hint('toBeNaN', { expected: '', modifier: not }) + '\n\nReceived: ' + pretty(r) }),
    toBeTruthy: (r) => ({ pass: !!r, message: (not) => hint('toBeTruthy', { expected: '', modifier: not }) + '\n\nReceived: ' + pretty(r) }),
    toBeFalsy: (r) => ({ pass: !r, message: (not) => hint('toBeFalsy', { expected: '', modifier: not }) + '\n\nReceived: ' + pretty(r) }),
    toBeInstanceOf: (r, c) => ({ pass: r !== null && r !== undefined && Object(r) instanceof c, message: (not) => hint('toBeInstanceOf', { modifier: not }) + '\n\nExpected constructor: ' + (not ? 'not ' : '') + (c && c.name) + '\nReceived value: ' + pretty(r) }),
    toBeTypeOf: (r, t) => ({ pass: (r === null ? 'object' : typeof r) === t, message: (not) => hint('toBeTypeOf', { modifier: not }) + '\n\nExpected: ' + (not ? 'not ' : '') + pretty(t) + '\nReceived: ' + pretty(typeof r) }),
    toBeGreaterThan: (r, e) => cmp('toBeGreaterThan', '>', r, e, r > e),
    toBeGreaterThanOrEqual: (r, e) => cmp('toBeGreaterThanOrEqual', '>=', r, e, r >= e),
    toBeLessThan: (r, e) => cmp('toBeLessThan', '<', r, e, r < e),
    toBeLessThanOrEqual: (r, e) => cmp('toBeLessThanOrEqual', '<=', r, e, r <= e),
    toBeCloseTo: (r, e, digits) => {
      const d = digits === undefined ? 2 : digits;
      const pass = (r === Infinity && e === Infinity) || (r === -Infinity && e === -Infinity) || Math.abs(e - r) < Math.pow(10, -d) / 2;
      return { pass, message: (not) => hint('toBeCloseTo', { modifier: not, expected: digits === undefined ? 'expected' : 'expected, precision' }) + '\n\nExpected: ' + (not ? 'not ' : '') + numLabel(e) + '\nReceived: ' + numLabel(r) + '\n\nExpected precision:    ' + d + '\nExpected difference: ' + (not ? '>= ' : '< ') + Math.pow(10, -d) / 2 + '\nReceived difference: ' + Math.abs(e - r) };
    },
    toContain: (r, e) => {
      if (typeof r === 'string' && typeof e !== 'string' && host.framework !== 'vitest') {
        throw new JestAssertionError('expect(' + r + ').toContain(' + String(e) + ') // indexOf\n\nMatcher error: expected value must be a string if received value is a string\n\nExpected has value: ' + pretty(e));
      }
      // indexOf: strict equality, so NaN is never found.
      const pass = typeof r === 'string' ? r.includes(String(e)) : r !== null && r !== undefined && typeof r[Symbol.iterator] === 'function' && Array.from(r).some((x) => x === e);
      return { pass, message: (not) => hint('toContain', { comment: 'indexOf', modifier: not }) + '\n\nExpected ' + (typeof r === 'string' ? 'substring' : 'value') + ': ' + (not ? 'not ' : '') + pretty(e) + '\nReceived ' + (typeof r === 'string' ? 'string' : 'array') + ':  ' + pretty(r) };
    },
    toContainEqual: (r, e) => ({ pass: r !== null && r !== undefined && Array.from(r).some((x) => jestEquals(x, e, false)), message: (not) => hint('toContainEqual', { comment: 'deep equality', modifier: not }) + '\n\nExpected value: ' + (not ? 'not ' : '') + pretty(e) + '\nReceived array: ' + pretty(r) }),
    toHaveLength: (r, n) => ({ pass: r !== null && r !== undefined && r.length === n, message: (not) => hint('toHaveLength', { modifier: not }) + '\n\nExpected length: ' + (not ? 'not ' : '') + n + '\nReceived length: ' + (r === null || r === undefined ? r : r.length) + '\nReceived value:  ' + pretty(r) }),
    toHaveProperty: (r, path, ...rest) => {
      // vitest takes a string path that is itself a key as that key; jest always splits it.
      const whole = host.framework === 'vitest' && typeof path === 'string' && r !== null && r !== undefined && path in Object(r);
      const parts = Array.isArray(path) ? path : whole ? [path] : String(path).replace(/\[(\w+)\]/g, '.$1').split('.').filter((p) => p !== '');
      let o = r, has = r !== null && r !== undefined;
      for (const p of parts) {
        if (o === null || o === undefined || !(p in Object(o))) { has = false; break; }
        o = o[p];
      }
      const pass = has && (rest.length === 0 || jestEquals(o, rest[0], false));
      return { pass, message: (not) => hint('toHaveProperty', { expected: 'path' + (rest.length ? ', value' : ''), modifier: not }) + '\n\nExpected path: ' + pretty(path) + (rest.length ? '\nExpected value: ' + (not ? 'not ' : '') + pretty(rest[0]) : '') + (has ? '\nReceived value: ' + pretty(o) : '\nReceived path: []') };
    },
    toMatch: (r, e) => {
      const pass = typeof r === 'string' && (typeof e === 'string' ? r.includes(e) : e.test(r));
      return { pass, message: (not) => hint('toMatch', { modifier: not }) + '\n\nExpected ' + (typeof e === 'string' ? 'substring' : 'pattern') + ': ' + (not ? 'not ' : '') + pretty(e) + '\nReceived string:  ' + pretty(r) };
    },
    toMatchObject: (r, e) => ({ pass: matchObject(r, e), message: (not) => hint('toMatchObject', { modifier: not }) + '\n\nExpected: ' + (not ? 'not ' : '') + pretty(e) + '\nReceived: ' + pretty(r) }),
    toThrow: (r, e, fromPromise) => throwMatch('toThrow', r, e, fromPromise),
    toThrowError: (r, e, fromPromise) => throwMatch('toThrowError', r, e, fromPromise),
    toHaveBeenCalled: (r) => mockMatch('toHaveBeenCalled', r, (m) => m.calls.length > 0, '', (m) => 'Received number of calls: ' + m.calls.length),
    toHaveBeenCalledTimes: (r, n) => mockMatch('toHaveBeenCalledTimes', r, (m) => m.calls.length === n, 'expected', (m) => 'Expected number of calls: ' + n + '\nReceived number of calls: ' + m.calls.length),
    toHaveBeenCalledWith: (r, ...args) => mockMatch('toHaveBeenCalledWith', r, (m) => m.calls.some((c) => jestEquals(c, args, false)), '...expected', (m) => 'Expected: ' + args.map((a) => pretty(a)).join(', ') + '\nReceived: ' + m.calls.map((c) => c.map((a) => pretty(a)).join(', ')).join('\n          ') + '\n\nNumber of calls: ' + m.calls.length),
    toHaveBeenLastCalledWith: (r, ...args) => mockMatch('toHaveBeenLastCalledWith', r, (m) => m.calls.length > 0 && jestEquals(m.calls[m.calls.length - 1], args, false), '...expected', (m) => 'Expected: ' + args.map((a) => pretty(a)).join(', ') + '\n\nNumber of calls: ' + m.calls.length),
    toHaveBeenNthCalledWith: (r, n, ...args) => mockMatch('toHaveBeenNthCalledWith', r, (m) => m.calls.length >= n && jestEquals(m.calls[n - 1], args, false), 'n, ...expected', (m) => 'n: ' + n + '\nExpected: ' + args.map((a) => pretty(a)).join(', ') + '\n\nNumber of calls: ' + m.calls.length),
    toHaveBeenCalledOnce: (r) => mockMatch('toHaveBeenCalledOnce', r, (m) => m.calls.length === 1, '', (m) => 'Expected number of calls: 1\nReceived number of calls: ' + m.calls.length),
    toSatisfy: (r, pred, msg) => ({ pass: !!pred(r), message: (not) => hint('toSatisfy', { modifier: not, expected: '' }) + '\n\n' + (msg || 'Expected value to satisfy:\n' + (pred.name || 'predicate')) + '\nReceived: ' + pretty(r) }),
    toHaveReturned: (r) => mockMatch('toHaveReturned', r, (m) => m.results.some((x) => x.type === 'return'), '', (m) => 'Received number of returns: ' + m.results.filter((x) => x.type === 'return').length),
    toHaveReturnedTimes: (r, n) => mockMatch('toHaveReturnedTimes', r, (m) => m.results.filter((x) => x.type === 'return').length === n, 'expected', (m) => 'Expected number of returns: ' + n + '\nReceived number of returns: ' + m.results.filter((x) => x.type === 'return').length),
    toHaveReturnedWith: (r, v) => mockMatch('toHaveReturnedWith', r, (m) => m.results.some((x) => x.type === 'return' && jestEquals(x.value, v, false)), 'expected', () => 'Expected: ' + pretty(v)),
    toMatchSnapshot: () => { throw new Error('toMatchSnapshot is not available in the embedded runner (snapshots read files); use --runner node'); },
    toMatchInlineSnapshot: () => { throw new Error('toMatchInlineSnapshot is not available in the embedded runner (snapshots rewrite files); use --runner node'); },
    toThrowErrorMatchingSnapshot: () => { throw new Error('toThrowErrorMatchingSnapshot is not available in the embedded runner (snapshots read files); use --runner node'); },
    toThrowErrorMatchingInlineSnapshot: () => { throw new Error('toThrowErrorMatchingInlineSnapshot is not available in the embedded runner (snapshots rewrite files); use --runner node'); },
  };
  matchers.toBeCalled = matchers.toHaveBeenCalled;
  matchers.toBeCalledTimes = matchers.toHaveBeenCalledTimes;
  matchers.toBeCalledWith = matchers.toHaveBeenCalledWith;
  matchers.lastCalledWith = matchers.toHaveBeenLastCalledWith;
  matchers.nthCalledWith = matchers.toHaveBeenNthCalledWith;
  matchers.toReturn = matchers.toHaveReturned;
  matchers.toReturnWith = matchers.toHaveReturnedWith;

  function cmp(name, op, r, e, pass) {
    const bad = (x) => typeof x !== 'number' && typeof x !== 'bigint';
    if ((bad(r) || bad(e)) && host.framework === 'vitest') {
      throw new TypeError((bad(r) ? 'actual' : 'expected') + ' value must be number or bigint, received "' + typeof (bad(r) ? r : e) + '"');
    }
    if (bad(r) || bad(e)) {
      throw new JestAssertionError(hint(name, {}) + '\n\nMatcher error: ' + (bad(r) ? 'received' : 'expected') + ' value must be a number or bigint\n\n' + (bad(r) ? 'Received' : 'Expected') + ' has value: ' + pretty(bad(r) ? r : e));
    }
    return { pass, message: (not) => hint(name, { modifier: not }) + '\n\nExpected:' + (not ? ' not' : '') + ' ' + op + ' ' + pretty(e) + '\nReceived:' + (not ? '    ' : '') + ' ' + pretty(r) };
  }

  function throwMatch(name, r, e, fromPromise) {
    const t = thrownOf(r, fromPromise);
    const recv = 'received';
    const exp = e === undefined ? '' : 'expected';
    if (!t.thrown) return { pass: false, thrown: t, message: () => hint(name, { received: recv, expected: exp }) + '\n\nReceived function did not throw' };
    const v = t.value;
    let pass, what;
    if (e === undefined) { pass = true; what = ''; }
    else if (typeof e === 'string') {
      // vitest reads an empty string as "an empty message"; jest as a substring of any message.
      pass = e === '' && host.framework === 'vitest' ? msgOf(v) === '' : msgOf(v).includes(e);
      what = 'Expected substring: ' + pretty(e);
    }
    else if (e instanceof RegExp) { pass = e.test(msgOf(v)); what = 'Expected pattern: ' + String(e); }
    else if (typeof e === 'function') { pass = v instanceof e; what = 'Expected constructor: ' + e.name + '\nReceived constructor: ' + (v && v.constructor && v.constructor.name); }
    else if (isAsymmetric(e)) { pass = !!e.asymmetricMatch(v); what = 'Expected asymmetric matcher: ' + e.toString(); }
    else if (e instanceof Error) {
      // vitest compares the error's name too; jest its message only.
      pass = msgOf(v) === e.message && (host.framework !== 'vitest' || (v && v.name) === e.name);
      what = 'Expected message: ' + pretty(e.message);
    }
    else { pass = jestEquals(v, e, false); what = 'Expected: ' + pretty(e); }
    return { pass, thrown: t, message: (not) => hint(name, { received: recv, modifier: not, expected: exp }) + '\n\n' + (what ? what + '\n' : '') + (not ? 'Thrown: ' : 'Received message:   ') + pretty(msgOf(v)) };
  }

  function mockMatch(name, r, test, expectedLabel, detail) {
    if (!r || !(r._isMockFunction || r._isSpy)) {
      if (host.framework === 'vitest') throw new TypeError(loupe(r) + ' is not a spy or a call to a spy!');
      throw new JestAssertionError(hint(name, { expected: expectedLabel }) + '\n\nMatcher error: received value must be a mock or spy function\n\nReceived has value: ' + pretty(r));
    }
    const m = r.mock;
    return { pass: test(m), message: (not) => hint(name, { received: r.getMockName(), expected: expectedLabel, modifier: not }) + '\n\n' + detail(m) };
  }

  // Expectation is expect(received): the matchers live on its prototype, so an expect() call
  // costs one object; .not, .resolves and .rejects make another when read.
  function Expectation(received, not, promise) {
    this.received = received;
    this.isNot = not;
    this.promise = promise;
  }
  Object.defineProperty(Expectation.prototype, 'not', { get() { return new Expectation(this.received, !this.isNot, this.promise); } });
  Object.defineProperty(Expectation.prototype, 'resolves', { get() { return new Expectation(this.received, this.isNot, 'resolves'); } });
  Object.defineProperty(Expectation.prototype, 'rejects', { get() { return new Expectation(this.received, this.isNot, 'rejects'); } });
  function addMatcher(name) {
    Expectation.prototype[name] = function (...args) { return runMatcher(this, name, args); };
  }
  // runMatcher applies matcher name to the expectation, throwing jest's message when it fails,
  // or, after .resolves/.rejects, returning the promise of doing so.
  function runMatcher(x, name, args) {
    assertionCalls++;
    const not = x.isNot, promise = x.promise, received = x.received;
    const check = (value, fromPromise) => {
      const throws = name === 'toThrow' || name === 'toThrowError';
      const res = throws ? matchers[name](value, args[0], fromPromise) : matchers[name](value, ...args);
      if (res.pass === !!not) {
        const v = vitestFailure(name, value, args, not, throws ? Object.assign({ fromPromise }, res.thrown) : undefined);
        if (v) throw v;
        const e = new JestAssertionError(res.message(not ? '.not' : '').replace('expect(received).', 'expect(received)' + (promise ? '.' + promise : '') + '.'));
        e.matcherResult = { pass: res.pass, message: e.message };
        throw e;
      }
    };
    if (!promise) return check(received, false);
    const p = typeof received === 'function' ? received() : received;
    if (!p || typeof p.then !== 'function') {
      return Promise.reject(new JestAssertionError(hint(name, { modifier: '.' + promise }) + '\n\nMatcher error: received value must be a promise' + (typeof received === 'function' ? ' or a function returning a promise' : '') + '\n\nReceived has value: ' + pretty(received)));
    }
    const out = p.then((v) => {
      if (promise === 'rejects' && host.framework === 'vitest') throw new Error('promise resolved "' + String(v) + '" instead of rejecting');
      if (promise === 'rejects') throw new JestAssertionError(hint(name, { modifier: '.rejects', expected: '' }) + '\n\nReceived promise resolved instead of rejected\nResolved to value: ' + pretty(v));
      return check(v, false);
    }, (err) => {
      if (promise === 'resolves' && host.framework === 'vitest') throw new Error('promise rejected "' + String(err) + '" instead of resolving');
      if (promise === 'resolves') throw new JestAssertionError(hint(name, { modifier: '.resolves', expected: '' }) + '\n\nReceived promise rejected instead of resolved\nRejected to value: ' + pretty(err));
      return check(err, true);
    });
    if (host.framework === 'vitest') pendingAsync.push(out);
    return out;
  }
  // pendingAsync are this test's .resolves/.rejects assertions: vitest awaits them when the test
  // ends, awaited or not (jest.js reads and clears the list).
  let pendingAsync = [];

  // makeExpect builds expect with its asymmetric matchers and assertion counting.
  function makeExpect() {
    Object.keys(matchers).forEach(addMatcher);
    function expect(received) {
      return new Expectation(received, false, '');
    }
    Object.assign(expect, asymmetric(false));
    expect.not = asymmetric(true);
    expect.any = (ctor) => {
      if (ctor === undefined) throw new TypeError('any() expects to be passed a constructor function. Please pass one or use anything() to match any object.');
      const a = asym('Any', ctor, (x) => anyMatch(ctor, x));
      a.toString = () => 'Any<' + (ctor.name || 'anonymous') + '>';
      return a;
    };
    expect.anything = () => asym('Anything', undefined, (x) => x !== null && x !== undefined);
    expect.closeTo = (n, digits) => asym('NumberCloseTo', n, (x) => typeof x === 'number' && Math.abs(n - x) < Math.pow(10, -(digits === undefined ? 2 : digits)) / 2, () => String(n));
    expect.assertions = (n) => { expectedAssertions = n; };
    expect.hasAssertions = () => { expectHasAssertions = true; };
    expect.extend = (more) => {
      for (const name of Object.keys(more)) {
        matchers[name] = (r, ...args) => {
          const res = more[name].call({ equals: (x, y) => jestEquals(x, y, false), isNot: false, utils: { printReceived: pretty, printExpected: pretty } }, r, ...args);
          return { pass: !!res.pass, message: () => (typeof res.message === 'function' ? res.message() : String(res.message || name)) };
        };
        addMatcher(name);
      }
    };
    // addEqualityTesters (jest's expect 29.4 and later, vitest 1.2 and later; older versions
    // are refused by name, testersversion.go): every equality matcher consults the testers first
    // (jestEquals); a tester answers true, false, or undefined to leave it to the rest.
    expect.addEqualityTesters = (testers) => {
      const why = host.equalityTestersRefusal();
      if (why) return refuse(why);
      if (!Array.isArray(testers)) throw new TypeError('expect.customEqualityTesters: Must be set to an array of Testers. Was given "' + typeof testers + '"');
      for (const t of testers) {
        if (typeof t !== 'function') throw new TypeError('expect.customEqualityTesters: Must be set to an array of Testers. Was given "' + typeof t + '"');
        equalityTesters.push(t);
      }
    };
    expect.getState = () => ({ assertionCalls, expectedAssertions });
    return expect;
  }
  const expect = makeExpect();

  // assertionCheck is run after each test: expect.assertions(n) and expect.hasAssertions().
  function assertionCheck() {
    let err;
    if (host.framework === 'vitest') {
      if (expectedAssertions !== undefined && assertionCalls !== expectedAssertions) err = new Error('expected number of assertions to be ' + expectedAssertions + ', but got ' + assertionCalls);
      else if (expectHasAssertions && assertionCalls === 0) err = new Error('expected any number of assertion, but got none');
    } else if (expectedAssertions !== undefined && assertionCalls !== expectedAssertions) {
      err = new JestAssertionError('expect.assertions(' + expectedAssertions + ')\n\nExpected ' + expectedAssertions + ' assertion' + (expectedAssertions === 1 ? '' : 's') + ' to be called but received ' + assertionCalls + ' assertion call' + (assertionCalls === 1 ? '' : 's') + '.');
    } else if (expectHasAssertions && assertionCalls === 0) {
      err = new JestAssertionError('expect.hasAssertions()\n\nExpected at least one assertion to be called but received none.');
    }
    assertionCalls = 0;
    expectedAssertions = undefined;
    expectHasAssertions = false;
    return err;
  }
