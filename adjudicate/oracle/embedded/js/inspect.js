// inspect / format: util.inspect and util.format as Node prints values, used by console, the
// assertion messages and the reporters. Part of the embedded runtime (see host.go).
  // ---------------------------------------------------------------- inspect / format
  const objToString = Object.prototype.toString;
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

  // quote picks the quote Node's inspect picks: single, else double when the string holds a
  // single quote, else a backtick, else single with escapes.
  function quote(s) {
    s = String(s).replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
    if (s.indexOf("'") < 0) return "'" + s + "'";
    if (s.indexOf('"') < 0) return '"' + s + '"';
    if (s.indexOf('`') < 0 && s.indexOf('${') < 0) return '`' + s + '`';
    return "'" + s.replace(/'/g, "\\'") + "'";
  }

  function inspect(v, depth, seen) {
    if (depth === undefined) depth = 4;
    seen = seen || [];
    switch (typeof v) {
      case 'string': return quote(v);
      case 'number': return Object.is(v, -0) ? '-0' : String(v);
      case 'bigint': return String(v) + 'n';
      case 'symbol': return v.toString();
      case 'undefined': return 'undefined';
      case 'boolean': return String(v);
      case 'function': return v.name ? '[Function: ' + v.name + ']' : '[Function (anonymous)]';
    }
    if (v === null) return 'null';
    if (seen.indexOf(v) >= 0) return '[Circular *1]';
    if (v instanceof Error) {
      return v.stack && typeof v.stack === 'string' ? v.stack : (v.name || 'Error') + ': ' + v.message;
    }
    if (v instanceof Date) return isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
    if (v instanceof RegExp) return String(v);
    if (depth < 0) return Array.isArray(v) ? '[Array]' : '[Object]';
    seen = seen.concat([v]);
    const inner = (x) => inspect(x, depth - 1, seen);
    if (Array.isArray(v)) {
      const parts = v.map(inner);
      return parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
    }
    if (v instanceof Map) {
      const parts = [];
      v.forEach((val, key) => parts.push(inner(key) + ' => ' + inner(val)));
      return 'Map(' + v.size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
    }
    if (v instanceof Set) {
      const parts = [];
      v.forEach((val) => parts.push(inner(val)));
      return 'Set(' + v.size + ') {' + (parts.length ? ' ' + parts.join(', ') + ' ' : '') + '}';
    }
    if (ArrayBuffer.isView(v)) {
      return v.constructor.name + '(' + v.length + ') [ ' + Array.prototype.join.call(v, ', ') + ' ]';
    }
    if (typeof Promise !== 'undefined' && v instanceof Promise) return 'Promise { <unknown> }';
    const keys = Object.keys(v);
    const proto = Object.getPrototypeOf(v);
    let prefix = '';
    if (proto === null) prefix = '[Object: null prototype] ';
    else if (proto !== Object.prototype && proto.constructor && proto.constructor.name) prefix = proto.constructor.name + ' ';
    if (!keys.length) return prefix + '{}';
    const parts = keys.map((k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k)) + ': ' + inner(v[k]));
    return prefix + '{ ' + parts.join(', ') + ' }';
  }

  function format(...args) {
    let out = '';
    let i = 0;
    if (typeof args[0] === 'string' && args.length > 1) {
      const f = args[0];
      i = 1;
      let pos = 0;
      let m;
      const re = /%[sdifjoOc%]/g;
      while ((m = re.exec(f)) !== null) {
        out += f.slice(pos, m.index);
        pos = m.index + 2;
        const c = m[0][1];
        if (c === '%') { out += '%'; continue; }
        if (i >= args.length) { out += m[0]; continue; }
        const a = args[i++];
        switch (c) {
          case 's': out += typeof a === 'string' ? a : (typeof a === 'object' && a !== null ? inspect(a, 1) : String(a)); break;
          case 'd': case 'i': out += typeof a === 'object' ? 'NaN' : String(c === 'i' ? Math.trunc(Number(a)) : Number(a)); break;
          case 'f': out += String(parseFloat(a)); break;
          case 'j': try { out += JSON.stringify(a); } catch (e) { out += '[Circular]'; } break;
          case 'o': case 'O': out += inspect(a); break;
          case 'c': break;
        }
      }
      out += f.slice(pos);
    } else if (args.length) {
      out = typeof args[0] === 'string' ? args[0] : inspect(args[0]);
      i = 1;
    }
    for (; i < args.length; i++) out += ' ' + (typeof args[i] === 'string' ? args[i] : inspect(args[i]));
    return out;
  }

