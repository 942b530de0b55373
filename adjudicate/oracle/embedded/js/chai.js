// chai: the part of chai 5 that vitest hands its tests besides jest's matchers — its `assert`
// (chai's assert interface, not node's: assert.equal is ==) and the language chains on
// expect(x) (`expect(x).to.deep.equal(y)`), with chai's deep equality (deep-eql's rules) and its
// failure sentences. Vitest only: under jest, expect(x).to is undefined, as it is there. A chai
// member this file does not provide refuses the run by name, never a silent difference. Part of
// the embedded runtime; loaded after expect.js (Expectation, loupe) and before jest.js.

  // chaiType is type-detect's name for a value: typeof for primitives and functions, else the
  // [[Class]] Object.prototype.toString names.
  function chaiType(v) {
    if (v === null) return 'null';
    const t = typeof v;
    if (t !== 'object') return t;
    return Object.prototype.toString.call(v).slice(8, -1);
  }

  // chaiDeepEqual is deep-eql's equality: primitives by identity with NaN equal to NaN and +0
  // not -0, objects by type, then by their kind's rule (enumerable keys, own and inherited, for
  // plain objects and class instances alike; index by index for arrays; entries for Map and Set;
  // name, message and code for errors; the value for Date and boxed primitives; the source for
  // a RegExp), cycles by memo.
  function chaiDeepEqual(a, b, memo) {
    if (a === b) return a !== 0 || 1 / a === 1 / b;
    if (a !== a && b !== b) return true; // NaN
    const prim = (x) => x === null || (typeof x !== 'object' && typeof x !== 'function');
    if (prim(a) || prim(b)) return false;
    memo = memo || new Map();
    let m = memo.get(a);
    if (m && m.has(b)) return m.get(b);
    if (!m) memo.set(a, (m = new Map()));
    m.set(b, true);
    const res = chaiDeepByType(a, b, memo);
    m.set(b, res);
    return res;
  }
  function chaiDeepByType(a, b, memo) {
    const ta = chaiType(a);
    if (ta !== chaiType(b)) return false;
    const items = (x) => { const out = []; x.forEach((v, k) => out.push(x instanceof Map ? [k, v] : v)); return out; };
    const each = (x, y) => x.length === y.length && x.every((v, i) => chaiDeepEqual(v, y[i], memo));
    switch (ta) {
      case 'String': case 'Number': case 'Boolean': case 'Date':
        return chaiDeepEqual(a.valueOf(), b.valueOf());
      case 'Promise': case 'Symbol': case 'function': case 'WeakMap': case 'WeakSet':
        return a === b;
      case 'Error':
        return ['name', 'message', 'code'].every((k) => chaiDeepEqual(a[k], b[k], memo));
      case 'Arguments': case 'Array': case 'Int8Array': case 'Uint8Array': case 'Uint8ClampedArray': case 'Int16Array':
      case 'Uint16Array': case 'Int32Array': case 'Uint32Array': case 'Float32Array': case 'Float64Array':
        return each(Array.from({ length: a.length }, (_, i) => a[i]), Array.from({ length: b.length }, (_, i) => b[i]));
      case 'RegExp':
        return String(a) === String(b);
      case 'Set': case 'Map':
        return a.size === b.size && each(items(a).sort(), items(b).sort());
      case 'Generator': case 'DataView': case 'ArrayBuffer':
        return chaiRefuse('a deep equality of a ' + ta);
    }
    const keys = (x) => {
      const out = [];
      for (const k in x) out.push(k);
      return out.concat(Object.getOwnPropertySymbols(x).filter((s) => Object.prototype.propertyIsEnumerable.call(x, s)));
    };
    const ka = keys(a), kb = keys(b);
    if (ka.length && ka.length === kb.length) {
      const name = (k) => (typeof k === 'symbol' ? k.toString() : k);
      const sa = ka.map(name).sort(), sb = kb.map(name).sort();
      if (!sa.every((k, i) => k === sb[i])) return false;
      return ka.every((k) => chaiDeepEqual(a[k], b[k], memo));
    }
    if (ka.length || kb.length) return false;
    if (typeof a[Symbol.iterator] === 'function' || typeof b[Symbol.iterator] === 'function') return chaiRefuse('a deep equality of iterable objects');
    return true;
  }

  // chaiRefuse refuses a chai feature the runtime does not reproduce.
  function chaiRefuse(what) {
    return refuse("vitest's chai: " + what);
  }

  // chaiFail throws chai's AssertionError: "MSG: expected …" with a message of the test's.
  function chaiFail(sentence, msg) {
    throw new VitestAssertionError((msg ? msg + ': ' : '') + sentence);
  }

  // The language chains read as the same assertion; deep sets deep-eql for equal.
  const chaiChains = ['to', 'be', 'been', 'is', 'that', 'which', 'and', 'has', 'have', 'with', 'at', 'of', 'same', 'but', 'does', 'still', 'also'];
  // chai's other assertion members, which this file does not provide: reading one refuses.
  const chaiUnprovided = ['include', 'includes', 'contain', 'contains', 'ok', 'true', 'false', 'null', 'undefined', 'NaN',
    'exist', 'arguments', 'Arguments', 'instanceof', 'instanceOf', 'property', 'ownProperty', 'haveOwnProperty',
    'ownPropertyDescriptor', 'haveOwnPropertyDescriptor', 'length', 'lengthOf', 'match', 'matches', 'string', 'keys', 'key',
    'throw', 'throws', 'Throw', 'respondTo', 'respondsTo', 'itself', 'satisfy', 'satisfies', 'closeTo', 'approximately',
    'members', 'oneOf', 'change', 'changes', 'increase', 'increases', 'decrease', 'decreases', 'by', 'extensible', 'sealed',
    'frozen', 'finite', 'above', 'gt', 'greaterThan', 'least', 'gte', 'greaterThanOrEqual', 'below', 'lt', 'lessThan', 'most',
    'lte', 'lessThanOrEqual', 'within', 'any', 'all', 'nested', 'own', 'ordered', 'fail', 'exists'];
  const vitestOnly = (get) => function () { return host.framework === 'vitest' ? get.call(this) : undefined; };
  for (const c of chaiChains) Object.defineProperty(Expectation.prototype, c, { configurable: true, get: vitestOnly(function () { return this; }) });
  Object.defineProperty(Expectation.prototype, 'deep', {
    configurable: true,
    get: vitestOnly(function () { const x = new Expectation(this.received, this.isNot, this.promise); x.chaiDeep = true; return x; }),
  });
  for (const c of chaiUnprovided) {
    Object.defineProperty(Expectation.prototype, c, { configurable: true, get: vitestOnly(() => chaiRefuse('expect(…).' + c)) });
  }
  // a/an(type) is chai's type assertion: type-detect's name of the value, lower-cased, against
  // type's; called as a method only (chai also reads them as chains, `.an.instanceof(…)`: any
  // member read off them refuses by name). empty is chai's: no length for a string or an array,
  // no size for a Map or Set, no own enumerable key for another object; any other value (which
  // chai answers with a TypeError) refuses by name.
  for (const name of ['a', 'an']) {
    Object.defineProperty(Expectation.prototype, name, {
      configurable: true,
      get: vitestOnly(function () {
        const x = this;
        const assertType = function (type, msg) {
          if (x.promise) return chaiRefuse('.' + x.promise + ' with a chai assertion');
          assertionCalls++;
          const want = String(type).toLowerCase();
          const article = /^[aeiou]/.test(want) ? 'an ' : 'a ';
          const pass = chaiType(x.received).toLowerCase() === want;
          if (pass === !!x.isNot) chaiFail('expected ' + loupe(x.received) + (x.isNot ? ' not' : '') + ' to be ' + article + want, msg);
          return x;
        };
        return new Proxy(assertType, { get: (t, k) => chaiRefuse('expect(…).' + name + ' as a chain (.' + String(k) + ')') });
      }),
    });
  }
  Object.defineProperty(Expectation.prototype, 'empty', {
    configurable: true,
    get: vitestOnly(function () {
      if (this.promise) return chaiRefuse('.' + this.promise + ' with a chai assertion');
      const v = this.received;
      const t = chaiType(v);
      let n;
      if (t === 'string' || t === 'Array') n = v.length;
      else if (t === 'Map' || t === 'Set') n = v.size;
      else if (t === 'Object') n = Object.keys(v).length;
      else return chaiRefuse('expect(…).empty of a ' + t);
      assertionCalls++;
      if ((n === 0) === !!this.isNot) chaiFail('expected ' + loupe(v) + (this.isNot ? ' not' : '') + ' to be empty');
      return this;
    }),
  });
  // chaiEqual is chai's equal (=== or, after deep, deep-eql) and eql (deep-eql).
  function chaiEqual(x, expected, deep, msg) {
    if (host.framework !== 'vitest') return undefined;
    if (x.promise) return chaiRefuse('.' + x.promise + ' with a chai assertion');
    assertionCalls++;
    const pass = deep ? chaiDeepEqual(x.received, expected) : x.received === expected;
    if (pass === !!x.isNot) chaiFail('expected ' + loupe(x.received) + ' to ' + (x.isNot ? 'not ' : '') + (deep ? 'deeply equal ' : 'equal ') + loupe(expected), msg);
    return x;
  }
  for (const name of ['equal', 'equals', 'eq']) {
    Object.defineProperty(Expectation.prototype, name, {
      configurable: true, writable: true,
      value: function (e, msg) { return chaiEqual(this, e, !!this.chaiDeep, msg); },
    });
  }
  for (const name of ['eql', 'eqls']) {
    Object.defineProperty(Expectation.prototype, name, {
      configurable: true, writable: true,
      value: function (e, msg) { return chaiEqual(this, e, true, msg); },
    });
  }

  // chaiAssert is chai's assert interface as vitest exports it, for the members real suites
  // use; any other member refuses by name.
  function makeChaiAssert() {
    const check = (pass, sentence, msg) => { assertionCalls++; if (!pass) chaiFail(sentence, msg); };
    const is = (what, test) => (v, msg) => check(test(v), 'expected ' + loupe(v) + ' to be ' + what, msg);
    const isNot = (what, test) => (v, msg) => check(!test(v), 'expected ' + loupe(v) + ' to not be ' + what, msg);
    const eq = (v, e, msg) => check(v === e, 'expected ' + loupe(v) + ' to equal ' + loupe(e), msg);
    const neq = (v, e, msg) => check(v !== e, 'expected ' + loupe(v) + ' to not equal ' + loupe(e), msg);
    const deq = (v, e, msg) => check(chaiDeepEqual(v, e), 'expected ' + loupe(v) + ' to deeply equal ' + loupe(e), msg);
    const ndeq = (v, e, msg) => check(!chaiDeepEqual(v, e), 'expected ' + loupe(v) + ' to not deeply equal ' + loupe(e), msg);
    const provided = {
      equal: (v, e, msg) => check(v == e, 'expected ' + loupe(v) + ' to equal ' + loupe(e), msg), // eslint-disable-line eqeqeq
      notEqual: (v, e, msg) => check(v != e, 'expected ' + loupe(v) + ' to not equal ' + loupe(e), msg), // eslint-disable-line eqeqeq
      strictEqual: eq, notStrictEqual: neq,
      deepEqual: deq, deepStrictEqual: deq, notDeepEqual: ndeq, notDeepStrictEqual: ndeq,
      isTrue: is('true', (v) => v === true), isFalse: is('false', (v) => v === false),
      isNotTrue: isNot('true', (v) => v === true), isNotFalse: isNot('false', (v) => v === false),
      isOk: is('truthy', (v) => !!v), ok: is('truthy', (v) => !!v), isNotOk: is('falsy', (v) => !v), notOk: is('falsy', (v) => !v),
      isNull: (v, msg) => eq(v, null, msg), isNotNull: (v, msg) => neq(v, null, msg),
      isUndefined: (v, msg) => eq(v, undefined, msg), isDefined: (v, msg) => neq(v, undefined, msg),
      isNaN: is('NaN', (v) => Number.isNaN(v)),
      isNotNaN: (v, msg) => check(!Number.isNaN(v), 'expected ' + loupe(v) + ' not to be NaN', msg),
      fail: (msg) => { assertionCalls++; chaiFail(msg === undefined ? 'assert.fail()' : String(msg)); },
    };
    function assert(expr, msg) { check(!!expr, msg === undefined ? 'expected ' + loupe(expr) + ' to be truthy' : String(msg)); }
    Object.assign(assert, provided);
    return new Proxy(assert, {
      get(t, k, recv) {
        if (typeof k === 'symbol' || k in t || k === 'then') return Reflect.get(t, k, recv);
        return chaiRefuse('assert.' + k);
      },
    });
  }
  const chaiAssert = makeChaiAssert();
