// util: node:util and node:util/types. promisify, callbackify, deprecate, inherits,
// isDeepStrictEqual (assert.js's comparison), types.* (by the engine's internal class, lent by
// Go as host.className, so a Symbol.toStringTag cannot fool them), debuglog (off: the
// environment is empty), the deprecated is* predicates and TextEncoder/TextDecoder follow Node 20.
// inspect and format are inspect.js's renderings, which match Node only for some values: those
// values are served, anything else refuses the run (exactInspect), so a test never compares
// against a rendering Node would not print. Part of the embedded runtime.
  // ---------------------------------------------------------------- util
  // brandOf reports whether fn accepts v without throwing: a built-in method that checks its
  // receiver's internal slot (Map.prototype.has on a non-Map throws) is a brand check.
  const brandOf = (fn) => (v) => {
    if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return false;
    try {
      fn(v);
      return true;
    } catch (e) {
      return false;
    }
  };
  const taTag = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), Symbol.toStringTag).get;
  const brands = {
    Date: brandOf((v) => Date.prototype.getTime.call(v)),
    Map: brandOf((v) => Map.prototype.has.call(v)),
    Set: brandOf((v) => Set.prototype.has.call(v)),
    WeakMap: brandOf((v) => WeakMap.prototype.has.call(v, {})),
    WeakSet: brandOf((v) => WeakSet.prototype.has.call(v, {})),
    ArrayBuffer: brandOf((v) => Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get.call(v)),
    BigInt: brandOf((v) => BigInt.prototype.valueOf.call(v)),
    Boolean: brandOf((v) => Boolean.prototype.valueOf.call(v)),
    Number: brandOf((v) => Number.prototype.valueOf.call(v)),
    String: brandOf((v) => String.prototype.valueOf.call(v)),
    Symbol: brandOf((v) => Symbol.prototype.valueOf.call(v)),
  };

  // kindOf is an object's built-in kind, by what the engine knows (host.className) and brand
  // checks, never by its prototype or Symbol.toStringTag: "Proxy", "Promise", "Date",
  // "RegExp", "Error", "Array", "Arguments", "Map", "Set", "WeakMap", "WeakSet", "TypedArray",
  // "DataView", "ArrayBuffer", "Boxed", "Function" or "Object" (which includes iterators and
  // generator objects: goja does not tell them apart).
  function kindOf(v) {
    const c = host.className(v);
    switch (c) {
      case 'Proxy': case 'Promise': case 'RegExp': case 'Error': case 'Array': case 'Arguments': return c;
    }
    if (typeof v === 'function') return 'Function';
    for (const k of ['Date', 'Map', 'Set', 'WeakMap', 'WeakSet', 'ArrayBuffer']) if (brands[k](v)) return k;
    if (taTag.call(v) !== undefined) return 'TypedArray';
    if (ArrayBuffer.isView(v)) return 'DataView';
    if (brands.Number(v) || brands.String(v) || brands.Boolean(v) || brands.BigInt(v) || brands.Symbol(v)) return 'Boxed';
    return 'Object';
  }

  // inspectRefusal says why inspect.js would not print v exactly as Node's util.inspect does at
  // depth (Node's default is 2), or '' when it would. Node puts an object on several lines past
  // 72 columns or when an array has more than 6 entries, marks holes, getters, symbol keys and
  // circular references, and prints errors with their stacks: none of that is emulated.
  function inspectRefusal(v, depth, seen) {
    switch (typeof v) {
      case 'string':
        return /[\x00-\x1f\x7f\ud800-\udfff]/.test(v) ? 'a string with control characters' : '';
      case 'number': case 'boolean': case 'undefined': case 'bigint': case 'symbol':
        return '';
      case 'function': {
        const cls = kindOf(v);
        if (cls !== 'Function' || Object.getPrototypeOf(v) !== Function.prototype) return 'a ' + (cls === 'Proxy' ? 'proxy' : 'function of another kind');
        if (/^(class|async)\b|^function\s*\*/.test(Function.prototype.toString.call(v))) return 'a class, async or generator function';
        return Object.keys(v).length ? 'a function with properties' : '';
      }
    }
    if (v === null) return '';
    if (seen.indexOf(v) >= 0) return 'a circular structure';
    const cls = kindOf(v);
    const proto = Object.getPrototypeOf(v);
    const keys = Object.keys(v);
    if (Object.getOwnPropertySymbols(v).some((s) => Object.prototype.propertyIsEnumerable.call(v, s))) return 'an object with symbol keys';
    if (typeof v[Symbol.for('nodejs.util.inspect.custom')] === 'function') return 'an object with its own inspect (such as a URL)';
    if (cls === 'Date' || cls === 'RegExp') {
      if (proto !== g[cls].prototype || keys.length) return 'a ' + cls + ' with properties';
      return '';
    }
    if (cls === 'Array') {
      if (proto !== Array.prototype) return 'an array subclass';
      if (keys.length !== v.length) return 'an array with holes or properties';
      if (depth < 0) return v.length ? '' : 'an empty array past the depth limit';
      if (v.length > 6) return 'an array of more than 6 entries';
      for (const x of v) {
        const why = inspectRefusal(x, depth - 1, seen.concat([v]));
        if (why) return why;
      }
      return '';
    }
    if (cls === 'Map' || cls === 'Set') {
      if (proto !== g[cls].prototype || keys.length) return 'a ' + cls + ' subclass or with properties';
      if (depth < 0) return 'a ' + cls + ' past the depth limit';
      for (const x of v) {
        const why = cls === 'Map' ? inspectRefusal(x[0], depth - 1, seen.concat([v])) || inspectRefusal(x[1], depth - 1, seen.concat([v])) : inspectRefusal(x, depth - 1, seen.concat([v]));
        if (why) return why;
      }
      return '';
    }
    if (cls !== 'Object') return cls === 'Proxy' ? 'a proxy' : cls === 'Error' ? 'an error (Node prints its stack)' : cls === 'Arguments' || cls === 'ArrayBuffer' ? 'an ' + cls : 'a ' + cls;
    if (proto !== Object.prototype && proto !== null) {
      const ctor = Object.prototype.hasOwnProperty.call(proto, 'constructor') ? proto.constructor : undefined;
      if (typeof ctor !== 'function' || !ctor.name || ctor.name === 'Object' || ctor.prototype !== proto || Symbol.toStringTag in v) return 'an object of an unnamed class';
      if (depth < 0) return 'a class instance past the depth limit';
    }
    if (depth < 0) return proto === null ? 'a null-prototype object past the depth limit' : keys.length ? '' : 'an empty object past the depth limit';
    for (const k of keys) {
      if (/[$\x00-\x1f\x7f\ud800-\udfff]/.test(k)) return 'a key Node quotes differently';
      const d = Object.getOwnPropertyDescriptor(v, k);
      if (d.get || d.set) return 'an accessor property';
      const why = inspectRefusal(d.value, depth - 1, seen.concat([v]));
      if (why) return why;
    }
    return '';
  }

  // exactInspect is util.inspect(v) (depth 2) where inspect.js prints it as Node does; anything
  // else refuses the run, naming what the caller was printing.
  function exactInspect(v, what, depth = 2) {
    const why = inspectRefusal(v, depth, []);
    if (why) return refuse(what + ' of ' + why);
    const s = inspect(v, depth);
    if (s.length > 72) return refuse(what + ' longer than 72 columns (Node breaks it over lines)');
    return s;
  }

  const utilModule = lazyModule(() => {
    const builtinCtors = new Set(['Object', 'Array', 'Date', 'RegExp', 'Map', 'Set', 'Error', 'Function', 'WeakMap', 'WeakSet', 'Promise', 'Number', 'String', 'Boolean', 'Symbol', 'BigInt', 'ArrayBuffer', 'DataView', 'Uint8Array']);

    // hasBuiltInToString is Node's test of whether format's %s inspects an object (its toString
    // is a built-in's) or calls String on it (a user-defined toString).
    function hasBuiltInToString(v) {
      if (typeof v.toString !== 'function') return true;
      if (Object.prototype.hasOwnProperty.call(v, 'toString')) return false;
      let p = v;
      do { p = Object.getPrototypeOf(p); } while (!Object.prototype.hasOwnProperty.call(p, 'toString'));
      const d = Object.getOwnPropertyDescriptor(p, 'constructor');
      return d !== undefined && typeof d.value === 'function' && builtinCtors.has(d.value.name);
    }

    const num = (n) => (Object.is(n, -0) ? '-0' : String(n));

    // format is Node 20's util.format, rule for rule, with exactInspect for what it inspects; %o
    // (Node's showHidden rendering) is refused.
    function format(...args) {
      const first = args[0];
      let a = 0, str = '', join = '';
      if (typeof first === 'string') {
        if (args.length === 1) return first;
        let lastPos = 0, tempStr;
        for (let i = 0; i < first.length - 1; i++) {
          if (first.charCodeAt(i) !== 37) continue;
          const c = first[++i];
          if (a + 1 !== args.length) {
            switch (c) {
              case 's': {
                const x = args[++a];
                if (typeof x === 'number') tempStr = num(x);
                else if (typeof x === 'bigint') tempStr = x + 'n';
                else if (typeof x !== 'object' || x === null || !hasBuiltInToString(x)) tempStr = String(x);
                else tempStr = exactInspect(x, 'util.format %s', 0);
                break;
              }
              case 'j':
                try {
                  tempStr = JSON.stringify(args[++a]);
                } catch (e) {
                  if (!(e instanceof TypeError) || !/circular/i.test(e.message)) throw e;
                  tempStr = '[Circular]';
                }
                break;
              case 'd': case 'i': case 'f': {
                const x = args[++a];
                if (typeof x === 'bigint' && c !== 'f') tempStr = x + 'n';
                else if (typeof x === 'symbol') tempStr = 'NaN';
                else tempStr = num(c === 'd' ? Number(x) : c === 'i' ? parseInt(x) : parseFloat(x));
                break;
              }
              case 'O': tempStr = exactInspect(args[++a], 'util.format %O'); break;
              case 'o': refuse('util.format %o'); break;
              case 'c': a += 1; tempStr = ''; break;
              case '%': str += first.slice(lastPos, i); lastPos = i + 1; continue;
              default: continue;
            }
            if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
            str += tempStr;
            lastPos = i + 1;
          } else if (c === '%') {
            str += first.slice(lastPos, i);
            lastPos = i + 1;
          }
        }
        if (lastPos !== 0) {
          a++;
          join = ' ';
          if (lastPos < first.length) str += first.slice(lastPos);
        }
      }
      while (a < args.length) {
        const v = args[a];
        str += join + (typeof v !== 'string' ? exactInspect(v, 'util.format') : v);
        join = ' ';
        a++;
      }
      return str;
    }

    // inspect serves Node's defaults and a depth of at most 2; other options refuse.
    function utilInspect(v, opts) {
      let depth = 2;
      if (opts !== undefined) {
        const keys = opts !== null && typeof opts === 'object' ? Object.keys(opts) : null;
        if (!keys || keys.some((k) => k !== 'depth') || (keys.length && !(opts.depth >= 0 && opts.depth <= 2 && Number.isInteger(opts.depth)))) {
          return refuse('util.inspect options other than depth 0 to 2');
        }
        if (keys.length) depth = opts.depth;
      }
      return exactInspect(v, 'util.inspect', depth);
    }
    utilInspect.custom = Symbol.for('nodejs.util.inspect.custom');
    refuseMembers(utilInspect, 'util.inspect', ['defaultOptions', 'colors', 'styles']);

    const kCustomPromisified = Symbol.for('nodejs.util.promisify.custom');
    function promisify(original) {
      validateFunction(original, 'original');
      if (original[kCustomPromisified]) {
        const fn = original[kCustomPromisified];
        validateFunction(fn, 'util.promisify.custom');
        return Object.defineProperty(fn, kCustomPromisified, { value: fn, enumerable: false, writable: false, configurable: true });
      }
      function fn(...args) {
        return new Promise((resolve, reject) => {
          args.push((err, ...values) => {
            if (err) return reject(err);
            resolve(values[0]);
          });
          Reflect.apply(original, this, args);
        });
      }
      Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
      Object.defineProperty(fn, kCustomPromisified, { value: fn, enumerable: false, writable: false, configurable: true });
      return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
    }
    promisify.custom = kCustomPromisified;

    class FalsyRejection extends Error {
      constructor(reason) {
        super('Promise was rejected with falsy value');
        this.code = 'ERR_FALSY_VALUE_REJECTION';
        this.reason = reason;
      }
      toString() { return this.name + ' [' + this.code + ']: ' + this.message; }
    }
    function callbackify(original) {
      validateFunction(original, 'original');
      function callbackified(...args) {
        const maybeCb = args.pop();
        validateFunction(maybeCb, 'last argument');
        const cb = maybeCb.bind(this);
        Reflect.apply(original, this, args).then(
          (ret) => g.process.nextTick(cb, null, ret),
          (rej) => g.process.nextTick(() => cb(rej || new FalsyRejection(rej))));
      }
      const d = Object.getOwnPropertyDescriptors(original);
      if (d.length && typeof d.length.value === 'number') d.length.value++;
      if (d.name && typeof d.name.value === 'string') d.name.value += 'Callbackified';
      Object.defineProperties(callbackified, d);
      return callbackified;
    }

    // deprecate wraps fn as Node does; the warning Node prints once on stderr is dropped with the
    // rest of the runtime's process warnings.
    function deprecate(fn, msg, code) {
      if (code !== undefined && typeof code !== 'string') throw invalidArgType('code', 'string', code);
      let warned = false;
      function deprecated(...args) {
        if (!warned) {
          warned = true;
          g.process.emitWarning(msg, 'DeprecationWarning', code);
        }
        if (new.target) return Reflect.construct(fn, args, new.target);
        return Reflect.apply(fn, this, args);
      }
      Object.setPrototypeOf(deprecated, fn);
      if (fn.prototype) deprecated.prototype = fn.prototype;
      return deprecated;
    }

    function inherits(ctor, superCtor) {
      if (ctor === undefined || ctor === null) throw invalidArgType('ctor', 'Function', ctor);
      if (superCtor === undefined || superCtor === null) throw invalidArgType('superCtor', 'Function', superCtor);
      if (superCtor.prototype === undefined) throw invalidArgType('superCtor.prototype', 'Object', superCtor.prototype);
      Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
      Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
    }

    function debuglog() {
      const log = () => {};
      Object.defineProperty(log, 'enabled', { get: () => false, configurable: true, enumerable: true });
      return log;
    }

    // types: the internal-class checks of node:util/types (kindOf, brands).
    const is = (name) => (v) => v !== null && (typeof v === 'object' || typeof v === 'function') && kindOf(v) === name;
    const fnSource = (re) => (v) => typeof v === 'function' && re.test(Function.prototype.toString.call(v));
    const typedArray = (name) => (v) => taTag.call(v) === name;
    const isAnyArrayBuffer = brands.ArrayBuffer;
    const isSharedArrayBuffer = (v) => sharedBuffers.has(v);
    const types = {
      isExternal: () => false, // no value the runtime can hold is a V8 External
      isDate: is('Date'),
      isArgumentsObject: is('Arguments'),
      isBigIntObject: (v) => typeof v === 'object' && brands.BigInt(v),
      isBooleanObject: (v) => typeof v === 'object' && brands.Boolean(v),
      isNumberObject: (v) => typeof v === 'object' && brands.Number(v),
      isStringObject: (v) => typeof v === 'object' && brands.String(v),
      isSymbolObject: (v) => typeof v === 'object' && brands.Symbol(v),
      isNativeError: is('Error'),
      isRegExp: is('RegExp'),
      // By source text: goja gives async and generator functions no class of their own. esbuild
      // lowers async generator functions, so those read as neither (Node: both).
      isAsyncFunction: fnSource(/^async\b/),
      isGeneratorFunction: fnSource(/^(async\s*)?function\s*\*|^(async\s*)?\*/),
      isPromise: is('Promise'),
      isMap: is('Map'),
      isSet: is('Set'),
      isWeakMap: is('WeakMap'),
      isWeakSet: is('WeakSet'),
      isArrayBuffer: (v) => isAnyArrayBuffer(v) && !isSharedArrayBuffer(v),
      isDataView: is('DataView'),
      isSharedArrayBuffer,
      isProxy: is('Proxy'),
      isAnyArrayBuffer,
      isBoxedPrimitive: (v) => types.isNumberObject(v) || types.isStringObject(v) || types.isBooleanObject(v) || types.isBigIntObject(v) || types.isSymbolObject(v),
      isArrayBufferView: (v) => ArrayBuffer.isView(v),
      isTypedArray: (v) => taTag.call(v) !== undefined,
      isUint8Array: typedArray('Uint8Array'),
      isUint8ClampedArray: typedArray('Uint8ClampedArray'),
      isUint16Array: typedArray('Uint16Array'),
      isUint32Array: typedArray('Uint32Array'),
      isInt8Array: typedArray('Int8Array'),
      isInt16Array: typedArray('Int16Array'),
      isInt32Array: typedArray('Int32Array'),
      isFloat32Array: typedArray('Float32Array'),
      isFloat64Array: typedArray('Float64Array'),
      isBigInt64Array: typedArray('BigInt64Array'),
      isBigUint64Array: typedArray('BigUint64Array'),
      isKeyObject: () => false, // node:crypto's key functions are refused, so no KeyObject
      isCryptoKey: () => false, // no WebCrypto, so no CryptoKey
    };
    // esbuild's namespace objects are plain objects, where Node's are module namespaces.
    refuseMembers(types, 'util.types', ['isModuleNamespaceObject', 'isGeneratorObject', 'isMapIterator', 'isSetIterator']);

    const util = {
      callbackify, debug: debuglog, debuglog, deprecate, format, inherits, inspect: utilInspect,
      isArray: Array.isArray,
      isBoolean: (v) => typeof v === 'boolean',
      isBuffer: (v) => makeBuffer().Buffer.isBuffer(v),
      isDeepStrictEqual: (a, b) => isDeepEqual(a, b, true),
      isNull: (v) => v === null,
      isNullOrUndefined: (v) => v === null || v === undefined,
      isNumber: (v) => typeof v === 'number',
      isString: (v) => typeof v === 'string',
      isSymbol: (v) => typeof v === 'symbol',
      isUndefined: (v) => v === undefined,
      isRegExp: types.isRegExp,
      isObject: (v) => v !== null && typeof v === 'object',
      isDate: types.isDate,
      isError: (v) => objToString.call(v) === '[object Error]' || v instanceof Error,
      isFunction: (v) => typeof v === 'function',
      isPrimitive: (v) => v === null || (typeof v !== 'object' && typeof v !== 'function'),
      promisify, types, TextDecoder: g.TextDecoder, TextEncoder: g.TextEncoder,
    };
    refuseMembers(util, 'util', ['_errnoException', '_exceptionWithHostPort', '_extend', 'styleText', 'formatWithOptions',
      'getSystemErrorMap', 'getSystemErrorName', 'log', 'stripVTControlCharacters', 'toUSVString', 'transferableAbortSignal',
      'transferableAbortController', 'aborted', 'parseEnv', 'parseArgs', 'MIMEType', 'MIMEParams']);
    return util;
  });
