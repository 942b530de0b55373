// nodeerrors: Node's coded errors (ERR_INVALID_ARG_TYPE, ERR_OUT_OF_RANGE, …) as its built-in
// modules throw them, and the refusal of what a provided module does not emulate. Shared by
// path.js and the modules after it. Part of the embedded runtime.
  // ---------------------------------------------------------------- node errors
  // nodeErrorClass makes a subclass of Base that carries Node's error code and prints as Node
  // prints it ("TypeError [ERR_INVALID_ARG_TYPE]: …"), while its name and constructor name stay
  // Base's, as in Node.
  function nodeErrorClass(Base) {
    class NodeErr extends Base {
      constructor(code, message) {
        super(message);
        this.code = code;
      }
      toString() { return this.name + ' [' + this.code + ']: ' + this.message; }
    }
    Object.defineProperty(NodeErr, 'name', { value: Base.name });
    return NodeErr;
  }
  const NodeError = nodeErrorClass(Error);
  const NodeTypeError = nodeErrorClass(TypeError);
  const NodeRangeError = nodeErrorClass(RangeError);

  // receivedText describes a wrong argument as Node's ERR_INVALID_ARG_TYPE message does.
  function receivedText(v) {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'undefined': return 'undefined';
      case 'number': return 'type number (' + (Object.is(v, -0) ? '-0' : String(v)) + ')';
      case 'bigint': return 'type bigint (' + String(v) + 'n)';
      case 'boolean': return 'type boolean (' + String(v) + ')';
      case 'symbol': return 'type symbol (' + String(v) + ')';
      case 'function': return 'function ' + v.name;
      case 'string': {
        const s = v.length > 28 ? v.slice(0, 25) + '...' : v;
        return 'type string (' + (s.indexOf("'") < 0 ? "'" + s + "'" : JSON.stringify(s)) + ')';
      }
    }
    const ctor = v.constructor;
    if (ctor && 'name' in ctor) return 'an instance of ' + ctor.name;
    // No constructor to name: Node inspects the object one level deep at most.
    const empty = Object.keys(v).length === 0;
    if (Object.getPrototypeOf(v) === null) return empty ? '[Object: null prototype] {}' : '[Object: null prototype]';
    return empty ? '{}' : '[Object]';
  }

  // invalidArgType is Node's ERR_INVALID_ARG_TYPE for one expected type: name is an argument
  // ("listener"), a property ("options.ref") or a phrase ending in " argument" ("last argument").
  function invalidArgType(name, type, v) {
    let what;
    if (name.endsWith(' argument')) what = name;
    else what = '"' + name + '" ' + (name.indexOf('.') >= 0 ? 'property' : 'argument');
    const lower = type.toLowerCase();
    const kind = type === lower || type === 'Function' || type === 'Object' ? 'be of type ' + lower : 'be an instance of ' + type;
    return new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The ' + what + ' must ' + kind + '. Received ' + receivedText(v));
  }

  // outOfRange is Node's ERR_OUT_OF_RANGE for a number.
  function outOfRange(name, range, v) {
    const received = typeof v === 'number' ? (Object.is(v, -0) ? '-0' : String(v)) : inspect(v);
    return new NodeRangeError('ERR_OUT_OF_RANGE', 'The value of "' + name + '" is out of range. It must be ' + range + '. Received ' + received);
  }

  // validateNumber is Node's validateNumber(value, name, min): a number, and not below min (nor
  // NaN) when min is given.
  function validateNumber(v, name, min) {
    if (typeof v !== 'number') throw invalidArgType(name, 'number', v);
    if (min !== undefined && (v < min || v !== v)) throw outOfRange(name, '>= ' + min, v);
  }

  function validateFunction(v, name) {
    if (typeof v !== 'function') throw invalidArgType(name, 'function', v);
  }

  // validateOptions is Node's validateObject(options, name) with its default flags: an object,
  // neither null nor an array.
  function validateOptions(v, name) {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidArgType(name, 'object', v);
  }

  // lazyModule makes a module on its first require, so a test file that imports none of the
  // built-ins pays nothing for them in its fresh runtime.
  function lazyModule(make) {
    let m;
    return () => m || (m = make());
  }

  // refuse records that the run touched something the runtime does not emulate (so the run is
  // reported unsupported even if the test catches the throw: Node would have done something
  // else) and throws, naming it.
  function refuse(what) {
    host.refuse(what);
    throw new Error(what + ' is not available in the embedded runner; use --runner node');
  }

  // refuseMembers defines each of names on obj as a member the runtime does not provide: reading
  // it refuses the run, naming module.member; assigning it (a test stubbing it) makes it a plain
  // property, as assigning Node's would.
  function refuseMembers(obj, module, names) {
    for (const name of names) {
      Object.defineProperty(obj, name, {
        enumerable: true,
        configurable: true,
        get() { return refuse(module + '.' + name); },
        set(v) { Object.defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true }); },
      });
    }
  }
