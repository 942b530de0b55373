// events: node:events, Node 20's EventEmitter rule for rule (listener order and copies during
// emit, once wrappers, newListener/removeListener events, the error event and errorMonitor,
// max-listener bookkeeping, the _events shape libraries peek at) and events.once's promise. What
// needs an EventTarget, AbortSignal or async resource, and captureRejections, is refused by name.
// Part of the embedded runtime.
  // ---------------------------------------------------------------- events
  const eventsModule = lazyModule(() => {
    const kCapture = Symbol('kCapture');
    const kShapeMode = Symbol('shapeMode');
    const kErrorMonitor = Symbol('events.errorMonitor');
    let defaultMaxListeners = 10;

    // EventEmitter is a function, not a class: old-style subclasses call EventEmitter.call(this).
    function EventEmitter(opts) {
      EventEmitter.init.call(this, opts);
    }
    EventEmitter.prototype._events = undefined;
    EventEmitter.prototype._eventsCount = 0;
    EventEmitter.prototype._maxListeners = undefined;

    EventEmitter.init = function (opts) {
      if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
        this._events = { __proto__: null };
        this._eventsCount = 0;
        this[kShapeMode] = false;
      } else {
        this[kShapeMode] = true;
      }
      this._maxListeners = this._maxListeners || undefined;
      if (opts && opts.captureRejections) refuse('events captureRejections');
      this[kCapture] = false;
    };

    function checkListener(listener) {
      validateFunction(listener, 'listener');
    }

    function maxListeners(that) {
      return that._maxListeners === undefined ? defaultMaxListeners : that._maxListeners;
    }

    EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
      validateNumber(n, 'setMaxListeners', 0);
      this._maxListeners = n;
      return this;
    };
    EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
      return maxListeners(this);
    };

    EventEmitter.prototype.emit = function emit(type, ...args) {
      let doError = type === 'error';
      const events = this._events;
      if (events !== undefined) {
        if (doError && events[kErrorMonitor] !== undefined) this.emit(kErrorMonitor, ...args);
        doError = doError && events.error === undefined;
      } else if (!doError) {
        return false;
      }
      if (doError) {
        const er = args.length > 0 ? args[0] : undefined;
        if (er instanceof Error) throw er;
        const err = new NodeError('ERR_UNHANDLED_ERROR', 'Unhandled error. (' + exactInspect(er, 'an unhandled error event') + ')');
        err.context = er;
        throw err;
      }
      const handler = events[type];
      if (handler === undefined) return false;
      if (typeof handler === 'function') {
        handler.apply(this, args);
      } else {
        const listeners = handler.slice();
        for (let i = 0; i < listeners.length; ++i) listeners[i].apply(this, args);
      }
      return true;
    };

    function addListenerTo(target, type, listener, prepend) {
      checkListener(listener);
      let events = target._events;
      let existing;
      if (events === undefined) {
        events = target._events = { __proto__: null };
        target._eventsCount = 0;
      } else {
        if (events.newListener !== undefined) {
          target.emit('newListener', type, listener.listener ? listener.listener : listener);
          events = target._events;
        }
        existing = events[type];
      }
      if (existing === undefined) {
        events[type] = listener;
        ++target._eventsCount;
      } else {
        if (typeof existing === 'function') {
          existing = events[type] = prepend ? [listener, existing] : [existing, listener];
        } else if (prepend) {
          existing.unshift(listener);
        } else {
          existing.push(listener);
        }
        const m = maxListeners(target);
        if (m > 0 && existing.length > m && !existing.warned) {
          existing.warned = true;
          // Node prints a MaxListenersExceededWarning on stderr; the runtime's process drops it.
          g.process.emitWarning('Possible EventEmitter memory leak detected.', 'MaxListenersExceededWarning');
        }
      }
      return target;
    }

    EventEmitter.prototype.addListener = function addListener(type, listener) {
      return addListenerTo(this, type, listener, false);
    };
    EventEmitter.prototype.on = EventEmitter.prototype.addListener;
    EventEmitter.prototype.prependListener = function prependListener(type, listener) {
      return addListenerTo(this, type, listener, true);
    };

    function onceWrapper() {
      if (!this.fired) {
        this.target.removeListener(this.type, this.wrapFn);
        this.fired = true;
        if (arguments.length === 0) return this.listener.call(this.target);
        return this.listener.apply(this.target, arguments);
      }
    }
    function onceWrap(target, type, listener) {
      const state = { fired: false, wrapFn: undefined, target, type, listener };
      const wrapped = onceWrapper.bind(state);
      wrapped.listener = listener;
      state.wrapFn = wrapped;
      return wrapped;
    }
    EventEmitter.prototype.once = function once(type, listener) {
      checkListener(listener);
      this.on(type, onceWrap(this, type, listener));
      return this;
    };
    EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
      checkListener(listener);
      this.prependListener(type, onceWrap(this, type, listener));
      return this;
    };

    EventEmitter.prototype.removeListener = function removeListener(type, listener) {
      checkListener(listener);
      const events = this._events;
      if (events === undefined) return this;
      const list = events[type];
      if (list === undefined) return this;
      if (list === listener || list.listener === listener) {
        this._eventsCount -= 1;
        if (this[kShapeMode]) {
          events[type] = undefined;
        } else if (this._eventsCount === 0) {
          this._events = { __proto__: null };
        } else {
          delete events[type];
          if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
        }
      } else if (typeof list !== 'function') {
        let position = -1;
        for (let i = list.length - 1; i >= 0; i--) {
          if (list[i] === listener || list[i].listener === listener) {
            position = i;
            break;
          }
        }
        if (position < 0) return this;
        list.splice(position, 1);
        if (list.length === 1) events[type] = list[0];
        if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
      }
      return this;
    };
    EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

    EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
      const events = this._events;
      if (events === undefined) return this;
      if (events.removeListener === undefined) {
        if (arguments.length === 0) {
          this._events = { __proto__: null };
          this._eventsCount = 0;
        } else if (events[type] !== undefined) {
          if (--this._eventsCount === 0) this._events = { __proto__: null };
          else delete events[type];
        }
        this[kShapeMode] = false;
        return this;
      }
      if (arguments.length === 0) {
        for (const key of Reflect.ownKeys(events)) {
          if (key === 'removeListener') continue;
          this.removeAllListeners(key);
        }
        this.removeAllListeners('removeListener');
        this._events = { __proto__: null };
        this._eventsCount = 0;
        this[kShapeMode] = false;
        return this;
      }
      const listeners = events[type];
      if (typeof listeners === 'function') {
        this.removeListener(type, listeners);
      } else if (listeners !== undefined) {
        for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
      }
      return this;
    };

    function listenersOf(target, type, unwrap) {
      const events = target._events;
      if (events === undefined) return [];
      const l = events[type];
      if (l === undefined) return [];
      if (typeof l === 'function') return unwrap ? [l.listener || l] : [l];
      return unwrap ? l.map((f) => f.listener || f) : l.slice();
    }
    EventEmitter.prototype.listeners = function listeners(type) {
      return listenersOf(this, type, true);
    };
    EventEmitter.prototype.rawListeners = function rawListeners(type) {
      return listenersOf(this, type, false);
    };

    function listenerCount(type, listener) {
      const events = this._events;
      if (events !== undefined) {
        const l = events[type];
        if (typeof l === 'function') {
          if (listener != null) return listener === l || listener === l.listener ? 1 : 0;
          return 1;
        } else if (l !== undefined) {
          if (listener != null) {
            let n = 0;
            for (const f of l) if (f === listener || f.listener === listener) n++;
            return n;
          }
          return l.length;
        }
      }
      return 0;
    }
    EventEmitter.prototype.listenerCount = listenerCount;
    EventEmitter.prototype.eventNames = function eventNames() {
      return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
    };

    // The module's own functions.
    EventEmitter.listenerCount = function (emitter, type) {
      if (typeof emitter.listenerCount === 'function') return emitter.listenerCount(type);
      return listenerCount.call(emitter, type);
    };

    EventEmitter.once = async function once(emitter, name, options = {}) {
      validateOptions(options, 'options');
      if (options.signal !== undefined) refuse('the signal option of events.once');
      if (typeof emitter.on !== 'function') {
        if (typeof emitter.addEventListener === 'function') refuse('events.once of an EventTarget');
        throw invalidArgType('emitter', 'EventEmitter or EventTarget', emitter);
      }
      return new Promise((resolve, reject) => {
        const errorListener = (err) => {
          emitter.removeListener(name, resolver);
          reject(err);
        };
        const resolver = (...args) => {
          if (typeof emitter.removeListener === 'function') emitter.removeListener('error', errorListener);
          resolve(args);
        };
        emitter.once(name, resolver);
        if (name !== 'error' && typeof emitter.once === 'function') emitter.once('error', errorListener);
      });
    };

    EventEmitter.getEventListeners = function getEventListeners(emitter, type) {
      if (typeof emitter.listeners === 'function') return emitter.listeners(type);
      if (typeof emitter.addEventListener === 'function') refuse('events.getEventListeners of an EventTarget');
      throw invalidArgType('emitter', 'EventEmitter or EventTarget', emitter);
    };
    EventEmitter.getMaxListeners = function getMaxListeners(emitter) {
      if (typeof emitter.getMaxListeners === 'function') return maxListeners(emitter);
      if (typeof emitter.addEventListener === 'function') refuse('events.getMaxListeners of an EventTarget');
      throw invalidArgType('emitter', 'EventEmitter or EventTarget', emitter);
    };
    EventEmitter.setMaxListeners = function setMaxListeners(n = defaultMaxListeners, ...targets) {
      validateNumber(n, 'n', 0);
      if (targets.length === 0) {
        defaultMaxListeners = n;
        return;
      }
      for (const t of targets) {
        if (typeof t.setMaxListeners === 'function') t.setMaxListeners(n);
        else if (typeof t.addEventListener === 'function') refuse('events.setMaxListeners of an EventTarget');
        else throw invalidArgType('eventTargets', 'EventEmitter or EventTarget', t);
      }
    };

    EventEmitter.EventEmitter = EventEmitter;
    EventEmitter.usingDomains = false;
    EventEmitter.captureRejectionSymbol = Symbol.for('nodejs.rejection');
    Object.defineProperty(EventEmitter, 'captureRejections', {
      enumerable: true,
      get() { return false; },
      set(v) { if (v) refuse('events captureRejections'); },
    });
    Object.defineProperty(EventEmitter, 'errorMonitor', { value: kErrorMonitor, writable: false, configurable: true, enumerable: true });
    Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
      enumerable: true,
      get() { return defaultMaxListeners; },
      set(v) {
        if (typeof v !== 'number' || v < 0 || v !== v) throw outOfRange('defaultMaxListeners', 'a non-negative number', v);
        defaultMaxListeners = v;
      },
    });
    refuseMembers(EventEmitter, 'events', ['addAbortListener', 'on', 'EventEmitterAsyncResource']);
    return EventEmitter;
  });
