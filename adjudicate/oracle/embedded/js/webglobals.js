// webglobals: the globals Node 20 takes from the web platform that tests construct directly:
// DOMException, AbortController and AbortSignal (with AbortSignal.abort, timeout and any, on the
// runtime's event loop), and SharedArrayBuffer, which a single-threaded runtime can give as
// Node's is for tests that construct, slice and view one. Event and EventTarget are not globals
// here: a signal's listeners receive a plain event object, and a test that names either global
// is refused by the ReferenceError (unsupported.go). Atomics is not provided (goja has none).
// What is provided is compared with Node in webglobals_test.go. Part of the embedded runtime.
  // ---------------------------------------------------------------- DOMException
  // The legacy codes of the WebIDL error names; any other name has code 0.
  const domCodes = {
    IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
    NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
    SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
    TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
    QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
  };
  const domState = new WeakMap();
  const domThis = (e) => {
    const s = domState.get(e);
    if (!s) throw new NodeTypeError('ERR_INVALID_THIS', 'Value of "this" must be of type DOMException');
    return s;
  };
  // DOMException is Node's: an Error by prototype, its name, message and code getters on the
  // prototype (no own properties), the second argument a name or {name, cause}.
  class DOMException extends Error {
    constructor(message = '', options = 'Error') {
      super();
      delete this.message;
      let name = 'Error';
      if (options !== null && typeof options === 'object') {
        if ('name' in options) name = String(options.name);
        if ('cause' in options) Object.defineProperty(this, 'cause', { value: options.cause, writable: true, configurable: true });
      } else {
        name = String(options);
      }
      domState.set(this, { message: String(message), name });
      Object.defineProperty(this, 'stack', { value: name + ': ' + String(message) + stackTail(this), writable: true, configurable: true });
    }
    get name() { return domThis(this).name; }
    get message() { return domThis(this).message; }
    get code() { const n = domThis(this).name; return domCodes[n] || 0; }
  }
  // stackTail is the "\n    at …" frames of e's engine stack, without its first line.
  function stackTail(e) {
    const s = Object.getOwnPropertyDescriptor(e, 'stack');
    const text = s && typeof s.value === 'string' ? s.value : '';
    const i = text.indexOf('\n');
    return i < 0 ? '' : text.slice(i);
  }
  Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });
  const domConstants = ['INDEX_SIZE_ERR', 'DOMSTRING_SIZE_ERR', 'HIERARCHY_REQUEST_ERR', 'WRONG_DOCUMENT_ERR',
    'INVALID_CHARACTER_ERR', 'NO_DATA_ALLOWED_ERR', 'NO_MODIFICATION_ALLOWED_ERR', 'NOT_FOUND_ERR', 'NOT_SUPPORTED_ERR',
    'INUSE_ATTRIBUTE_ERR', 'INVALID_STATE_ERR', 'SYNTAX_ERR', 'INVALID_MODIFICATION_ERR', 'NAMESPACE_ERR',
    'INVALID_ACCESS_ERR', 'VALIDATION_ERR', 'TYPE_MISMATCH_ERR', 'SECURITY_ERR', 'NETWORK_ERR', 'ABORT_ERR',
    'URL_MISMATCH_ERR', 'QUOTA_EXCEEDED_ERR', 'TIMEOUT_ERR', 'INVALID_NODE_TYPE_ERR', 'DATA_CLONE_ERR'];
  domConstants.forEach((k, i) => {
    Object.defineProperty(DOMException, k, { value: i + 1, enumerable: true });
    Object.defineProperty(DOMException.prototype, k, { value: i + 1, enumerable: true });
  });

  // ---------------------------------------------------------------- AbortController, AbortSignal
  const kSignal = Symbol('bond signal');
  const signalState = new WeakMap();
  const signalThis = (s) => {
    const st = signalState.get(s);
    if (!st) throw new NodeTypeError('ERR_INVALID_THIS', 'Value of "this" must be of type AbortSignal');
    return st;
  };
  // A signal's listeners, in the order they were added: {type, fn, once, capture}; onabort holds
  // its place in that order from when it was first set, as an event handler attribute does.
  class AbortSignal {
    constructor(key) {
      if (key !== kSignal) throw new NodeTypeError('ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      signalState.set(this, { aborted: false, reason: undefined, listeners: [], onabort: null });
    }
    get aborted() { return signalThis(this).aborted; }
    get reason() { return signalThis(this).reason; }
    throwIfAborted() {
      const st = signalThis(this);
      if (st.aborted) throw st.reason;
    }
    get onabort() { return signalThis(this).onabort; }
    set onabort(fn) {
      const st = signalThis(this);
      const handler = typeof fn === 'function' || (fn !== null && typeof fn === 'object') ? fn : null;
      const i = st.listeners.findIndex((l) => l.attribute);
      if (handler === null) {
        if (i >= 0) st.listeners.splice(i, 1);
      } else if (i < 0) {
        st.listeners.push({ type: 'abort', attribute: true, once: false, capture: false });
      }
      st.onabort = handler;
    }
    addEventListener(type, listener, options) {
      const st = signalThis(this);
      if (arguments.length < 2) throw new NodeTypeError('ERR_MISSING_ARGS', 'The "type" and "listener" arguments must be specified');
      if (listener === null || listener === undefined) return;
      const opts = typeof options === 'boolean' ? { capture: options } : (options || {});
      const capture = Boolean(opts.capture);
      type = String(type);
      if (st.listeners.some((l) => !l.attribute && l.type === type && l.fn === listener && l.capture === capture)) return;
      if (opts.signal !== undefined) {
        const other = signalThis(opts.signal);
        if (other.aborted) return;
      }
      const entry = { type, fn: listener, once: Boolean(opts.once), capture };
      st.listeners.push(entry);
      if (opts.signal !== undefined) {
        opts.signal.addEventListener('abort', () => this.removeEventListener(type, listener, { capture }), { once: true });
      }
    }
    removeEventListener(type, listener, options) {
      const st = signalThis(this);
      const capture = typeof options === 'boolean' ? options : Boolean(options && options.capture);
      const i = st.listeners.findIndex((l) => !l.attribute && l.type === String(type) && l.fn === listener && l.capture === capture);
      if (i >= 0) st.listeners.splice(i, 1);
    }
    dispatchEvent() {
      return refuse('AbortSignal.dispatchEvent (the runtime has no Event)');
    }
    static abort(reason) {
      const s = new AbortSignal(kSignal);
      abortSignal(s, reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason, false);
      return s;
    }
    // timeout's timer is unref'd, as Node's: it does not keep the event loop alive.
    static timeout(delay) {
      if (typeof delay !== 'number') throw invalidArgType('delay', 'number', delay);
      if (!Number.isInteger(delay)) throw outOfRange('delay', 'an integer', delay);
      if (delay < 0 || delay > 4294967295) throw outOfRange('delay', '>= 0 && <= 4294967295', delay);
      const s = new AbortSignal(kSignal);
      timers.setTimeout(() => abortSignal(s, new DOMException('The operation was aborted due to timeout', 'TimeoutError'), true), delay).unref();
      return s;
    }
    static any(signals) {
      if (signals === null || typeof signals !== 'object' || typeof signals[Symbol.iterator] !== 'function') throw invalidArgType('signals', 'Array', signals);
      const list = Array.from(signals);
      list.forEach((s, i) => { if (!signalState.has(s)) throw invalidArgType('signals[' + i + ']', 'AbortSignal', s); });
      const out = new AbortSignal(kSignal);
      const done = list.find((s) => signalState.get(s).aborted);
      if (done) {
        abortSignal(out, signalState.get(done).reason, false);
        return out;
      }
      for (const s of list) s.addEventListener('abort', () => abortSignal(out, signalState.get(s).reason, true), { once: true });
      return out;
    }
  }
  Object.defineProperty(AbortSignal.prototype, Symbol.toStringTag, { value: 'AbortSignal', configurable: true });

  // abortSignal aborts s with reason and runs its abort listeners in order, each with an event
  // object; a listener's throw is reported as uncaught after the others have run, as Node
  // reports it. dispatch is false for a signal made aborted (AbortSignal.abort), which no one
  // can have listened to yet.
  function abortSignal(s, reason, dispatch) {
    const st = signalState.get(s);
    if (st.aborted) return;
    st.aborted = true;
    st.reason = reason;
    if (!dispatch && st.listeners.length === 0) return;
    const event = {
      type: 'abort', target: s, currentTarget: s, srcElement: s, isTrusted: true, bubbles: false, cancelable: false,
      composed: false, defaultPrevented: false, eventPhase: 2, timeStamp: performance.now(), returnValue: true, cancelBubble: false,
      preventDefault() {}, stopPropagation() {}, stopImmediatePropagation() { stopped = true; }, composedPath() { return [s]; },
    };
    let stopped = false;
    Object.defineProperty(event, Symbol.toStringTag, { value: 'Event' });
    for (const l of st.listeners.slice()) {
      if (l.type !== 'abort' || st.listeners.indexOf(l) < 0) continue;
      if (l.once) st.listeners.splice(st.listeners.indexOf(l), 1);
      const fn = l.attribute ? st.onabort : l.fn;
      try {
        if (typeof fn === 'function') fn.call(s, event);
        else if (fn && typeof fn.handleEvent === 'function') fn.handleEvent(event);
      } catch (err) {
        timers.setTimeout(() => { throw err; }, 0);
      }
      if (stopped) break;
    }
  }

  const controllerSignal = new WeakMap();
  const controllerThis = (c) => {
    const s = controllerSignal.get(c);
    if (!s) throw new NodeTypeError('ERR_INVALID_THIS', 'Value of "this" must be of type AbortController');
    return s;
  };
  class AbortController {
    constructor() { controllerSignal.set(this, new AbortSignal(kSignal)); }
    get signal() { return controllerThis(this); }
    abort(reason) {
      abortSignal(controllerThis(this), reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason, true);
    }
  }
  Object.defineProperty(AbortController.prototype, Symbol.toStringTag, { value: 'AbortController', configurable: true });
  // util.inspect prints these with their state in Node ("AbortSignal { aborted: false }"); they
  // carry a custom inspect, so util.inspect refuses them as it refuses every object with one.
  Object.defineProperty(AbortSignal.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    value() { return 'AbortSignal { aborted: ' + this.aborted + ' }'; }, configurable: true,
  });
  Object.defineProperty(AbortController.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    value() { return 'AbortController { signal: AbortSignal { aborted: ' + this.signal.aborted + ' } }'; }, configurable: true,
  });

  // ---------------------------------------------------------------- SharedArrayBuffer
  // A SharedArrayBuffer is an ArrayBuffer of the engine's made with SharedArrayBuffer.prototype
  // (so typed arrays and DataViews view it), known as shared by sharedBuffers. Nothing runs in
  // parallel here, so its memory is shared with no one, which tests that construct, slice and
  // view one cannot tell apart from Node's. It is not an ArrayBuffer to instanceof, as in Node;
  // growable ones (maxByteLength) and structuredClone of one are refused.
  const sharedBuffers = new WeakSet();
  const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
  const abSlice = ArrayBuffer.prototype.slice;
  const sharedThis = (b, what) => {
    if (!sharedBuffers.has(b)) throw new TypeError('Method SharedArrayBuffer.prototype.' + what + ' called on incompatible receiver ' + inspect(b));
    return b;
  };
  function SharedArrayBuffer(length, options) {
    if (new.target === undefined) throw new TypeError("Constructor SharedArrayBuffer requires 'new'");
    if (options !== undefined && options !== null && typeof options === 'object' && options.maxByteLength !== undefined) {
      return refuse('a growable SharedArrayBuffer (maxByteLength)');
    }
    let b;
    try {
      b = Reflect.construct(ArrayBuffer, [length], new.target);
    } catch (e) {
      if (e instanceof RangeError) throw new RangeError('Invalid array buffer length');
      throw e;
    }
    sharedBuffers.add(b);
    return b;
  }
  Object.defineProperties(SharedArrayBuffer.prototype, {
    byteLength: { get() { return abByteLength.call(sharedThis(this, 'byteLength')); }, configurable: true },
    growable: { get() { sharedThis(this, 'growable'); return false; }, configurable: true },
    maxByteLength: { get() { return abByteLength.call(sharedThis(this, 'maxByteLength')); }, configurable: true },
    slice: {
      value: function slice(start, end) {
        const src = sharedThis(this, 'slice');
        const bytes = abSlice.call(src, start, end);
        const out = new SharedArrayBuffer(abByteLength.call(bytes));
        new Uint8Array(out).set(new Uint8Array(bytes));
        return out;
      },
      writable: true,
      configurable: true,
    },
    grow: { value: function grow() { sharedThis(this, 'grow'); return refuse('SharedArrayBuffer.prototype.grow'); }, writable: true, configurable: true },
    [Symbol.toStringTag]: { value: 'SharedArrayBuffer', configurable: true },
  });
  Object.defineProperty(SharedArrayBuffer, Symbol.species, { get() { return this; }, configurable: true });
  // anyArrayBuffer is what Node's built-ins take as memory to view: an ArrayBuffer or a
  // SharedArrayBuffer.
  const anyArrayBuffer = (v) => v instanceof ArrayBuffer || sharedBuffers.has(v);
  // ArrayBuffer's instanceof leaves shared buffers out, as they are not ArrayBuffers in Node.
  Object.defineProperty(ArrayBuffer, Symbol.hasInstance, {
    value: function (v) { return !sharedBuffers.has(v) && Function.prototype[Symbol.hasInstance].call(this, v); },
    configurable: true,
  });

  // ---------------------------------------------------------------- ArrayBuffer, fixed-length
  // Node 20's ArrayBuffer can be resizable (maxByteLength); goja's cannot, and would ignore the
  // option. So every ArrayBuffer here is fixed-length, and reads as one does in Node (resizable
  // false, maxByteLength its byteLength, resize a TypeError), and asking for a resizable one
  // refuses the run. The global ArrayBuffer is a constructor that checks that option and builds
  // the engine's own, sharing its prototype, so instanceof, typed arrays' buffers and their
  // constructor all still name it.
  const fixedBuffer = (b, what) => {
    let ok = !sharedBuffers.has(b);
    if (ok) { try { abByteLength.call(b); } catch (e) { ok = false; } }
    if (!ok) throw new TypeError('Method ' + what + ' called on incompatible receiver ' + inspect(b));
    return b;
  };
  Object.defineProperties(ArrayBuffer.prototype, {
    resizable: { get() { fixedBuffer(this, 'get ArrayBuffer.prototype.resizable'); return false; }, configurable: true },
    maxByteLength: { get() { return abByteLength.call(fixedBuffer(this, 'get ArrayBuffer.prototype.maxByteLength')); }, configurable: true },
    resize: { value: function resize() { throw new TypeError('Method ArrayBuffer.prototype.resize called on incompatible receiver ' + inspect(fixedBuffer(this, 'ArrayBuffer.prototype.resize'))); }, writable: true, configurable: true },
  });
  const EngineArrayBuffer = ArrayBuffer;
  const ArrayBufferCtor = {
    ArrayBuffer: function (length, options) {
      if (new.target === undefined) throw new TypeError("Constructor ArrayBuffer requires 'new'");
      if (options !== null && typeof options === 'object' && options.maxByteLength !== undefined) {
        return refuse('a resizable ArrayBuffer (maxByteLength)');
      }
      return Reflect.construct(EngineArrayBuffer, [length], new.target === ArrayBufferCtor ? EngineArrayBuffer : new.target);
    },
  }.ArrayBuffer;
  Object.defineProperty(ArrayBufferCtor, 'prototype', { value: EngineArrayBuffer.prototype, writable: false });
  Object.defineProperty(ArrayBufferCtor, 'length', { value: 1 });
  Object.defineProperty(ArrayBufferCtor, 'isView', { value: EngineArrayBuffer.isView, writable: true, configurable: true });
  Object.defineProperty(ArrayBufferCtor, Symbol.species, { get() { return this; }, configurable: true });
  Object.defineProperty(EngineArrayBuffer.prototype, 'constructor', { value: ArrayBufferCtor, writable: true, configurable: true });

  g.DOMException = DOMException;
  g.AbortController = AbortController;
  g.AbortSignal = AbortSignal;
  g.SharedArrayBuffer = SharedArrayBuffer;
  g.ArrayBuffer = ArrayBufferCtor;
  for (const name of ['DOMException', 'AbortController', 'AbortSignal', 'SharedArrayBuffer', 'ArrayBuffer']) {
    Object.defineProperty(g, name, { enumerable: false });
  }
