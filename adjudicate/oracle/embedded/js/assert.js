// assert: node:assert and node:assert/strict with Node's comparison rules and messages. Part of
// the embedded runtime.
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

