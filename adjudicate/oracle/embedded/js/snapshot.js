// snapshot: vitest's toMatchInlineSnapshot(`…`) — the snapshot is a literal in the test file, so
// comparing against it reads and writes nothing. The received value is serialized as vitest 2–4
// serialize it (@vitest/pretty-format with @vitest/snapshot's options: indent 2, escapeRegex,
// printFunctionName false, printBasicPrototype false, escapeString false, sorted keys, toJSON
// called), the literal's indentation is stripped as @vitest/snapshot strips it, and the two are
// compared trimmed. A value one of vitest's serializer plugins would print (React, DOM,
// Immutable, an asymmetric matcher) or whose printing differs between those versions (an
// Error, typed arrays, arguments objects) refuses the run by name, as does a call without its
// literal (vitest would write it into the test file), one with property matchers, and
// expect.addSnapshotSerializer. Which vitest versions are served is decided in Go
// (inlineSnapshotServed), before the run. Part of the embedded runtime; loaded after expect.js
// and chai.js, before jest.js.

  function snapRefuse(what) {
    return refuse('toMatchInlineSnapshot of ' + what);
  }

  // snapPrint is pretty-format's printer under vitest's snapshot options.
  function snapPrint(val, indentation, depth, refs, calledToJSON) {
    if (val !== null && (typeof val === 'object' || typeof val === 'function')) {
      if (typeof val.asymmetricMatch === 'function' || '$$typeof' in val) return snapRefuse('a value a vitest serializer plugin prints (an asymmetric matcher or a React element)');
      if (typeof val.nodeType === 'number' || val['@@__IMMUTABLE_ITERABLE__@@'] === true || val['@@__IMMUTABLE_RECORD__@@'] === true) return snapRefuse('a value a vitest serializer plugin prints (a DOM node or an Immutable collection)');
    }
    const basic = snapBasic(val);
    if (basic !== null) return basic;
    return snapComplex(val, indentation, depth, refs, calledToJSON);
  }

  function snapBasic(val) {
    if (val === true || val === false) return String(val);
    if (val === undefined) return 'undefined';
    if (val === null) return 'null';
    switch (typeof val) {
      case 'number': return Object.is(val, -0) ? '-0' : String(val);
      case 'bigint': return String(val) + 'n';
      case 'string': return '"' + val + '"';
      case 'function': return '[Function]';
      case 'symbol': return String(val).replace(/^Symbol\((.*)\)(.*)$/, 'Symbol($1)');
    }
    const tag = Object.prototype.toString.call(val);
    if (tag === '[object WeakMap]') return 'WeakMap {}';
    if (tag === '[object WeakSet]') return 'WeakSet {}';
    if (tag === '[object Function]' || tag === '[object GeneratorFunction]') return '[Function]';
    if (tag === '[object Symbol]') return snapBasic(val.valueOf());
    if (tag === '[object Date]') return Number.isNaN(+val) ? 'Date { NaN }' : val.toISOString();
    if (tag === '[object Error]' || val instanceof Error) return snapRefuse('an Error (vitest versions print errors differently)');
    if (tag === '[object RegExp]') return RegExp.prototype.toString.call(val).replace(/[$()*+.?[\\\]^{|}]/g, '\\$&');
    return null;
  }

  function snapComplex(val, indentation, depth, refs, calledToJSON) {
    if (refs.indexOf(val) >= 0) return '[Circular]';
    refs = refs.concat([val]);
    depth++;
    if (typeof val.toJSON === 'function' && !calledToJSON) return snapPrint(val.toJSON(), indentation, depth, refs, true);
    const tag = Object.prototype.toString.call(val);
    const next = indentation + '  ';
    const list = (items, each) => {
      if (!items.length) return '';
      return '\n' + items.map((x) => next + each(x) + ',').join('\n') + '\n' + indentation;
    };
    if (tag === '[object Array]') {
      if (Object.getPrototypeOf(val) !== Array.prototype) return snapRefuse('an Array subclass');
      return '[' + list(Array.from({ length: val.length }, (_, i) => i), (i) => (i in val ? snapPrint(val[i], next, depth, refs) : '')) + ']';
    }
    if (tag === '[object Arguments]' || ArrayBuffer.isView(val) || tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]') {
      return snapRefuse('an arguments object, typed array or buffer');
    }
    if (tag === '[object Map]') {
      return 'Map {' + list(Array.from(val.entries()), (e) => snapPrint(e[0], next, depth, refs) + ' => ' + snapPrint(e[1], next, depth, refs)) + '}';
    }
    if (tag === '[object Set]') return 'Set {' + list(Array.from(val.values()), (v) => snapPrint(v, next, depth, refs)) + '}';
    const ctor = (typeof val.constructor === 'function' && val.constructor.name) || 'Object';
    const keys = Object.keys(val).sort();
    const syms = Object.getOwnPropertySymbols(val).filter((s) => Object.getOwnPropertyDescriptor(val, s).enumerable);
    return (ctor === 'Object' ? '' : ctor + ' ') + '{' + list(keys.concat(syms), (k) => snapPrint(k, next, depth, refs) + ': ' + snapPrint(val[k], next, depth, refs)) + '}';
  }

  // snapSerialize is @vitest/snapshot's serialize, with the extra line breaks it adds around a
  // multi-line snapshot.
  function snapSerialize(val) {
    const s = snapPrint(val, '', 0, []).replace(/\r\n|\r/g, '\n');
    return s.includes('\n') ? '\n' + s + '\n' : s;
  }

  // snapStripIndentation is @vitest/snapshot's stripSnapshotIndentation: a literal of at least
  // three lines whose first and last are blank loses the first line's indentation from every
  // line, when each non-blank line has it.
  function snapStripIndentation(s) {
    const m = s.match(/^([^\S\n]*)\S/m);
    if (!m || !m[1]) return s;
    const ind = m[1];
    const lines = s.split(/\n/g);
    if (lines.length <= 2 || lines[0].trim() !== '' || lines[lines.length - 1].trim() !== '') return s;
    for (let i = 1; i < lines.length - 1; i++) {
      if (lines[i] === '') continue;
      if (lines[i].indexOf(ind) !== 0) return s;
      lines[i] = lines[i].substring(ind.length);
    }
    lines[lines.length - 1] = '';
    return lines.join('\n');
  }

  // snapKey is vitest's snapshot key: the test's names joined by " > " and the snapshot's count
  // within the test.
  function snapKey() {
    const t = jRunning;
    if (!t) return snapRefuse('a call outside a running test');
    t.snapshots = (t.snapshots || 0) + 1;
    return t.path.join(' > ') + ' ' + t.snapshots;
  }

  // toMatchInlineSnapshot is the matcher on Expectation (vitest only; jest refuses earlier, in
  // Go, by name).
  function toMatchInlineSnapshot(x, args) {
    if (host.framework !== 'vitest') return refuse('toMatchInlineSnapshot under ' + host.framework);
    if (x.isNot) throw new Error('toMatchInlineSnapshot cannot be used with "not"');
    if (x.promise) return snapRefuse('.' + x.promise);
    if (args.length && typeof args[0] === 'object' && args[0] !== null) return snapRefuse('property matchers');
    if (typeof args[0] !== 'string') return snapRefuse('a call without its snapshot literal (vitest would write it into the test file)');
    assertionCalls++;
    const key = snapKey();
    const expected = snapStripIndentation(args[0]);
    const received = snapSerialize(x.received);
    if (expected.trim() !== received.trim()) {
      const e = new Error('Snapshot `' + key + '` mismatched');
      e.actual = received.trim();
      e.expected = expected.trim();
      throw e;
    }
    return undefined;
  }
  Expectation.prototype.toMatchInlineSnapshot = function (...args) { return toMatchInlineSnapshot(this, args); };
  expect.addSnapshotSerializer = () => refuse('expect.addSnapshotSerializer');
