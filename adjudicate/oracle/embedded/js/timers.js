// timers: node:timers and node:timers/promises on the runtime's event loop (globals.js schedules,
// Go's loop fires). node:timers holds the very functions the globals are, as in Node; its legacy
// enroll/unenroll/active/_unrefActive are refused, and so is the AbortSignal option of
// timers/promises (Node rejects with an AbortError of its own, not emulated). Part of the
// embedded runtime.
  // ---------------------------------------------------------------- timers
  const timersPromises = lazyModule(() => {
    // check validates what Node's timers/promises validate before scheduling; a failure is a
    // rejection, not a throw, as there.
    function check(options) {
      validateOptions(options, 'options');
      if (options.signal !== undefined) refuse('the signal option of timers/promises');
      if (options.ref !== undefined && typeof options.ref !== 'boolean') throw invalidArgType('options.ref', 'boolean', options.ref);
    }

    function setTimeout(delay, value, options = {}) {
      try {
        check(options);
      } catch (e) {
        return Promise.reject(e);
      }
      return new Promise((resolve) => {
        const t = timers.setTimeout(resolve, delay, value);
        if (options.ref === false) t.unref();
      });
    }

    function setImmediate(value, options = {}) {
      try {
        check(options);
      } catch (e) {
        return Promise.reject(e);
      }
      return new Promise((resolve) => {
        const t = timers.setImmediate(resolve, value);
        if (options.ref === false) host.timerRef(t._id, false);
      });
    }

    // setInterval is Node's async generator written as an iterator (the runtime's own source is
    // not lowered by esbuild): the interval starts at the first next(), each tick is owed one
    // yield of value, and return() (a for-await loop's break) clears it.
    function setInterval(delay, value, options = {}) {
      let started = false, done = false, owed = 0, handle;
      const waiting = [];
      function start() {
        started = true;
        check(options);
        handle = timers.setInterval(() => {
          owed++;
          while (owed > 0 && waiting.length) {
            owed--;
            waiting.shift()({ value, done: false });
          }
        }, delay);
        if (options.ref === false) handle.unref();
      }
      const it = {
        next() {
          if (done) return Promise.resolve({ value: undefined, done: true });
          if (!started) {
            try {
              start();
            } catch (e) {
              done = true;
              return Promise.reject(e);
            }
          }
          if (owed > 0 && !waiting.length) {
            owed--;
            return Promise.resolve({ value, done: false });
          }
          return new Promise((resolve) => waiting.push(resolve));
        },
        return(v) {
          done = true;
          if (handle) timers.clearInterval(handle);
          while (waiting.length) waiting.shift()({ value: undefined, done: true });
          return Promise.resolve({ value: v, done: true });
        },
        throw(e) {
          it.return();
          return Promise.reject(e);
        },
        // goja has no Symbol.asyncIterator: esbuild's lowered for-await looks this key up.
        [Symbol.asyncIterator || Symbol.for('Symbol.asyncIterator')]() { return it; },
      };
      return it;
    }

    const scheduler = {
      wait: (delay, options) => setTimeout(delay, undefined, options),
      yield: () => setImmediate(),
    };
    return { setTimeout, setImmediate, setInterval, scheduler };
  });

  // util.promisify(setTimeout) is timers/promises' setTimeout, as in Node, where the global
  // timer functions carry it under util.promisify.custom.
  for (const name of ['setTimeout', 'setImmediate']) {
    Object.defineProperty(timers[name], Symbol.for('nodejs.util.promisify.custom'), { enumerable: true, get: () => timersPromises()[name] });
  }

  const timersModule = lazyModule(() => {
    const m = {
      setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout,
      setImmediate: timers.setImmediate, clearImmediate: timers.clearImmediate,
      setInterval: timers.setInterval, clearInterval: timers.clearInterval,
    };
    refuseMembers(m, 'timers', ['_unrefActive', 'active', 'unenroll', 'enroll']);
    m.promises = timersPromises();
    return m;
  });
