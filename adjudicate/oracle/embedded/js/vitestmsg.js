// vitest's failure messages: under vitest, a failed matcher reads as vitest's chai-based
// assertion does ("AssertionError: expected 2 to be 3 // Object.is equality"), with values
// printed as loupe prints them. Part of the embedded runtime; expect.js falls back to jest's
// wording for a matcher this table does not know.

  // loupe prints a value as vitest's messages do: single-quoted strings, signed zero, class
  // names glued to their braces, [Function name].
  function loupe(v, depth, seen) {
    if (depth === undefined) depth = 4;
    seen = seen || [];
    switch (typeof v) {
      case 'string': return "'" + v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
      case 'number': return Object.is(v, 0) ? '+0' : Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return String(v) + 'n';
      case 'symbol': return v.toString();
      case 'undefined': return 'undefined';
      case 'boolean': return String(v);
      case 'function':
        if (v._isMockFunction) return '[Function ' + v.getMockName() + ']';
        return v.name ? '[Function ' + v.name + ']' : '[Function]';
    }
    if (v === null) return 'null';
    if (isAsymmetric(v)) return v.toString();
    if (seen.indexOf(v) >= 0) return '[Circular]';
    if (v instanceof Error) return v.name + ': ' + v.message;
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    if (v instanceof RegExp) return String(v);
    if (v instanceof String || v instanceof Number || v instanceof Boolean) return loupe(v.valueOf());
    if (depth < 0) return Array.isArray(v) ? '[Array]' : '[Object]';
    seen = seen.concat([v]);
    const inner = (x) => loupe(x, depth - 1, seen);
    if (Array.isArray(v)) return v.length ? '[ ' + Array.from(v, inner).join(', ') + ' ]' : '[]';
    if (v instanceof Map) {
      const parts = [];
      v.forEach((val, key) => parts.push(inner(key) + ' => ' + inner(val)));
      return 'Map{' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
    }
    if (v instanceof Set) {
      const parts = [];
      v.forEach((val) => parts.push(inner(val)));
      return 'Set{' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
    }
    if (ArrayBuffer.isView(v)) return v.constructor.name + '[ ' + Array.prototype.join.call(v, ', ') + ' ]';
    const proto = Object.getPrototypeOf(v);
    const prefix = proto !== null && proto !== Object.prototype && proto.constructor && proto.constructor.name ? proto.constructor.name : '';
    const keys = Object.keys(v);
    const syms = Object.getOwnPropertySymbols(v).filter((k) => Object.prototype.propertyIsEnumerable.call(v, k));
    if (!keys.length && !syms.length) return prefix + '{}';
    const parts = keys.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : loupe(k)) + ': ' + inner(v[k]))
      .concat(syms.map((k) => '[' + k.toString() + ']: ' + inner(v[k])));
    return prefix + '{ ' + parts.join(', ') + ' }';
  }

  const spyName = (r) => '"' + (r._spyName || (r.getMockName() === 'vi.fn()' ? 'spy' : r.getMockName())) + '"';
  const thrownText = (v) => (v instanceof Error ? v.name + ': ' + v.message : String(v));

  // vitestMessages: matcher → (received, args, not, thrown) → the headline, for a failure in
  // the direction `not` says. thrown is { thrown, value } for the toThrow family.
  const vitestMessages = {
    toBe: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be ' + loupe(e) + ' // Object.is equality',
    toEqual: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not deeply equal ' : ' to deeply equal ') + loupe(e),
    toStrictEqual: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not strictly equal ' : ' to strictly equal ') + loupe(e),
    toBeDefined: (r, a, not) => 'expected ' + loupe(r) + (not ? ' to be undefined' : ' to be defined'),
    toBeUndefined: (r, a, not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be undefined',
    toBeNull: (r, a, not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be null',
    toBeNaN: (r, a, not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be NaN',
    toBeTruthy: (r, a, not) => 'expected ' + loupe(r) + (not ? ' to not be truthy' : ' to be truthy'),
    toBeFalsy: (r, a, not) => 'expected ' + loupe(r) + (not ? ' to not be falsy' : ' to be falsy'),
    toContain: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not include ' : ' to include ') + loupe(e),
    toContainEqual: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not deep equally contain ' : ' to deep equally contain ') + loupe(e),
    toHaveLength: (r, [n], not) => 'expected ' + loupe(r) + (not ? ' to not have a length of ' + n : ' to have a length of ' + n + ' but got ' + (r === null || r === undefined ? r : r.length)),
    toHaveProperty: (r, args, not) => 'expected ' + loupe(r) + (not ? ' to not have property ' : ' to have property ') + JSON.stringify(Array.isArray(args[0]) ? args[0].join('.') : String(args[0])) + (args.length > 1 ? ' with value ' + loupe(args[1]) : ''),
    toMatch: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' not to ' : ' to ') + (typeof e === 'string' ? 'include ' + loupe(e) : 'match ' + String(e)),
    toMatchObject: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not match object ' : ' to match object ') + loupe(e),
    toBeInstanceOf: (r, [c], not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be an instance of ' + (c && c.name),
    toBeTypeOf: (r, [t], not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be type of ' + loupe(t),
    toBeGreaterThan: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not be' : ' to be') + ' greater than ' + loupe(e),
    toBeGreaterThanOrEqual: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not be' : ' to be') + ' greater than or equal to ' + loupe(e),
    toBeLessThan: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not be' : ' to be') + ' less than ' + loupe(e),
    toBeLessThanOrEqual: (r, [e], not) => 'expected ' + loupe(r) + (not ? ' to not be' : ' to be') + ' less than or equal to ' + loupe(e),
    toBeCloseTo: (r, [e, digits], not) => 'expected ' + loupe(r) + (not ? ' not' : '') + ' to be close to ' + loupe(e) + ', received difference is ' + Math.abs(e - r) + ', but expected ' + Math.pow(10, -(digits === undefined ? 2 : digits)) / 2,
    toHaveBeenCalled: (r, a, not) => 'expected ' + spyName(r) + (not ? ' to not be called at all, but actually been called ' + r.mock.calls.length + ' times' : ' to be called at least once'),
    toHaveBeenCalledTimes: (r, [n], not) => 'expected ' + spyName(r) + (not ? ' to not be called ' : ' to be called ') + n + ' times, but got ' + r.mock.calls.length + ' times',
    toHaveBeenCalledOnce: (r, a, not) => 'expected ' + spyName(r) + (not ? ' to not be called once' : ' to be called once') + ', but got ' + r.mock.calls.length + ' times',
    toHaveBeenCalledWith: (r, args, not) => 'expected ' + spyName(r) + (not ? ' to not be called with arguments: ' : ' to be called with arguments: ') + loupe(args),
    toHaveBeenLastCalledWith: (r, args, not) => 'expected last ' + spyName(r) + ' call to' + (not ? ' not' : '') + ' have been called with ' + loupe(args),
    toHaveBeenNthCalledWith: (r, [n, ...args], not) => 'expected ' + nth(n) + ' ' + spyName(r) + ' call to' + (not ? ' not' : '') + ' have been called with ' + loupe(args),
    toHaveReturned: (r, a, not) => 'expected ' + spyName(r) + (not ? ' to not be successfully called' : ' to be successfully called at least once'),
    toThrow: (r, [e], not, t) => throwHeadline(r, e, not, t),
    toThrowError: (r, [e], not, t) => throwHeadline(r, e, not, t),
  };

  const nth = (n) => n + (n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th');

  function throwHeadline(r, e, not, t) {
    const subject = t.fromPromise ? loupe(t.value) : '[Function]';
    if (not) return 'expected ' + subject + " to not throw an error but '" + thrownText(t.value) + "' was thrown";
    if (!t.thrown) return 'expected ' + subject + ' to throw an error';
    if (e === undefined) return 'expected ' + subject + ' to throw an error';
    if (e === '') return 'expected ' + subject + " to throw error matching /^$/ but got '" + (t.value && t.value.message) + "'";
    if (typeof e === 'string') return 'expected ' + subject + " to throw error including '" + e + "' but got '" + (t.value && t.value.message) + "'";
    if (e instanceof RegExp) return 'expected ' + subject + ' to throw error matching ' + String(e) + " but got '" + (t.value && t.value.message) + "'";
    if (typeof e === 'function') return 'expected error to be instance of ' + e.name;
    if (e instanceof Error) return 'expected a thrown error to be ' + thrownText(e);
    return 'expected a thrown value to equal ' + loupe(e);
  }

  class VitestAssertionError extends Error {}
  Object.defineProperty(VitestAssertionError.prototype, 'name', { value: 'AssertionError', writable: true, configurable: true });

  // vitestFailure returns vitest's error for a failed matcher, or undefined when the table does
  // not know the matcher (or the runner is jest).
  function vitestFailure(name, received, args, not, thrown) {
    if (host.framework !== 'vitest' || !vitestMessages[name]) return undefined;
    if (name.startsWith('toHaveBeenCalled') && !(received && received._isMockFunction)) return undefined;
    return new VitestAssertionError(vitestMessages[name](received, args, not, thrown || {}));
  }
