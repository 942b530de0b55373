// url: the WHATWG URL and URLSearchParams (globals, and node:url's), for the URLs tests of
// web libraries build: http, https, ws and wss URLs with an ASCII host name or a dotted IPv4
// address, a port, a path, a query and a fragment, parsed, resolved against a base and
// serialised as Node 20 does (percent-encode sets, dot segments, default ports), and
// URLSearchParams in full, kept in step with its URL. What the runtime does not parse exactly is
// refused, never guessed: other schemes (data:, mailto:, custom ones; file: only as
// file:///path, for node:url's file URLs, js/fs.js), IPv6 and other
// numeric hosts, international domain names, credentials, backslashes and tabs or newlines in
// the input, setting a URL's parts, and node:url's legacy parse/format/resolve. An input with no
// scheme and no base, or a special URL with no host, throws Node's ERR_INVALID_URL. Part of the
// embedded runtime.
  // ---------------------------------------------------------------- url
  const urlModule = lazyModule(() => {
    const special = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
    const kInspect = Symbol.for('nodejs.util.inspect.custom');

    function invalidURL(input, base) {
      const e = new NodeTypeError('ERR_INVALID_URL', 'Invalid URL');
      e.input = input;
      if (base !== undefined) e.base = base;
      return e;
    }

    // utf8Bytes is s as UTF-8, a lone surrogate as U+FFFD's bytes, as the URL standard encodes.
    function utf8Bytes(s) {
      return Array.from(makeBuffer().Buffer.from(s));
    }
    const hex2 = (b) => '%' + (b < 16 ? '0' : '') + b.toString(16).toUpperCase();

    // encodeSet percent-encodes the code points of s that are C0 controls, above '~', or in
    // extra.
    function encodeSet(s, extra) {
      let out = '';
      for (const ch of s) {
        const c = ch.codePointAt(0);
        if (c < 0x20 || c > 0x7e || extra.indexOf(ch) >= 0) out += utf8Bytes(ch).map(hex2).join('');
        else out += ch;
      }
      return out;
    }
    const PATH = ' "#<>?`{}';
    const QUERY = ' "#<>\'';
    const FRAGMENT = ' "<>`';

    // parseHost returns the host of a special URL, lower-cased, or refuses what it would not
    // parse exactly.
    function parseHost(h, input, base) {
      if (h === '') throw invalidURL(input, base);
      if (/[^\x21-\x7e]/.test(h)) return refuse('URL with a non-ASCII host (international domain names)');
      if (h[0] === '[') return refuse('URL with an IPv6 host');
      if (/[%#/:<>?@[\\\]^|]/.test(h)) return refuse('URL with a host of unusual characters');
      h = h.toLowerCase();
      const labels = h.split('.');
      if (labels[labels.length - 1] === '' && labels.length > 1) labels.pop();
      const last = labels[labels.length - 1];
      if (/^(\d+|0x[0-9a-f]*)$/.test(last)) {
        const quad = labels.length === 4 && labels.every((l) => /^(0|[1-9]\d{0,2})$/.test(l) && Number(l) <= 255);
        if (!quad || h.endsWith('.')) return refuse('URL with a numeric host other than a dotted IPv4 address');
      }
      return h;
    }

    // resolvePath applies a path's segments to a stack of segments, as the URL standard's path
    // state does: "." and ".." (also percent-encoded) remove, others are percent-encoded.
    function resolvePath(stack, path) {
      const segs = path.split('/');
      for (let i = 0; i < segs.length; i++) {
        const seg = segs[i];
        const last = i === segs.length - 1;
        const low = seg.toLowerCase();
        if (low === '..' || low === '.%2e' || low === '%2e.' || low === '%2e%2e') {
          stack.pop();
          if (last) stack.push('');
        } else if (low === '.' || low === '%2e') {
          if (last) stack.push('');
        } else {
          stack.push(encodeSet(seg, PATH));
        }
      }
      return stack;
    }

    // parse parses input against base (a parsed record, or undefined) into a record
    // {scheme, host, port, path[], query, fragment}; query and fragment are null when absent.
    function parse(input, base, rawBase) {
      if (/[\t\n\r\\]/.test(input)) return refuse('URL with a tab, newline or backslash in its input');
      if (/^[\x00-\x20]|[\x00-\x20]$/.test(input)) return refuse('URL with leading or trailing spaces or controls');
      let rest = input;
      let fragment = null, query = null;
      const hi = rest.indexOf('#');
      if (hi >= 0) { fragment = encodeSet(rest.slice(hi + 1), FRAGMENT); rest = rest.slice(0, hi); }
      const qi = rest.indexOf('?');
      if (qi >= 0) { query = encodeSet(rest.slice(qi + 1), QUERY); rest = rest.slice(0, qi); }
      const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(rest);
      let scheme;
      if (m) {
        scheme = m[1].toLowerCase() + ':';
        if (!(scheme in special) && scheme !== 'file:') return refuse('URL with the ' + scheme + ' scheme');
        rest = rest.slice(m[0].length);
        if (!rest.startsWith('//')) return refuse('a special URL without "//"');
      } else {
        if (!base) throw invalidURL(input, rawBase);
        scheme = base.scheme;
      }
      const url = { scheme, host: '', port: '', path: [], query, fragment };
      if (rest.startsWith('//')) {
        rest = rest.slice(2);
        if (rest === '' && qi < 0 && hi < 0) throw invalidURL(input, rawBase);
        if (scheme === 'file:') {
          // file:///path only: a host (file://h/…) and DOS drive letters are refused.
          if (rest[0] !== '/') return refuse('a file: URL with a host');
          url.path = resolvePath([], rest.slice(1));
          if (url.path.length && /^[A-Za-z][:|]$/.test(url.path[0])) return refuse('a file: URL with a drive letter');
          return url;
        }
        // A special URL skips any further slashes before its host, and takes an empty host for
        // an error only sometimes: both refused.
        if (rest === '' || rest[0] === '/') return refuse('a special URL without a host after "//"');
        const end = rest.search(/\//);
        const auth = end < 0 ? rest : rest.slice(0, end);
        rest = end < 0 ? '' : rest.slice(end);
        if (auth.indexOf('@') >= 0) return refuse('URL with credentials');
        const ci = auth.lastIndexOf(':');
        let host = auth, port = '';
        if (ci >= 0) { host = auth.slice(0, ci); port = auth.slice(ci + 1); }
        url.host = parseHost(host, input, rawBase);
        if (port !== '') {
          if (!/^\d+$/.test(port) || Number(port) > 65535) return refuse('URL with a port that is not a number up to 65535');
          port = String(Number(port));
          url.port = port === special[scheme] ? '' : port;
        }
        url.path = resolvePath([], rest === '' ? '' : rest.slice(1));
        return url;
      }
      url.host = base.host;
      url.port = base.port;
      if (rest === '') {
        url.path = base.path.slice();
        if (qi < 0) {
          url.query = base.query;
          if (hi < 0) url.fragment = null;
        }
        return url;
      }
      if (rest[0] === '/') {
        url.path = resolvePath([], rest.slice(1));
        return url;
      }
      url.path = resolvePath(base.path.slice(0, -1), rest);
      return url;
    }

    const serialize = (u) => u.scheme + '//' + u.host + (u.port ? ':' + u.port : '') + '/' + u.path.join('/') +
      (u.query !== null ? '?' + u.query : '') + (u.fragment !== null ? '#' + u.fragment : '');

    // ------------------------------------------------ URLSearchParams
    // form-urlencoded parsing and serialising, as the URL standard and Node define them.
    function formDecode(s) {
      const bytes = [];
      const b = utf8Bytes(s.replace(/\+/g, ' '));
      for (let i = 0; i < b.length; i++) {
        const h = String.fromCharCode(b[i + 1] || 0, b[i + 2] || 0);
        if (b[i] === 37 && /^[0-9a-fA-F]{2}$/.test(h)) { bytes.push(parseInt(h, 16)); i += 2; } else bytes.push(b[i]);
      }
      return makeBuffer().Buffer.from(bytes).toString();
    }
    function formParse(s) {
      const list = [];
      for (const seq of s.split('&')) {
        if (seq === '') continue;
        const i = seq.indexOf('=');
        list.push(i >= 0 ? [formDecode(seq.slice(0, i)), formDecode(seq.slice(i + 1))] : [formDecode(seq), '']);
      }
      return list;
    }
    function formEncode(s) {
      let out = '';
      for (const b of utf8Bytes(s)) {
        const c = String.fromCharCode(b);
        if (b === 32) out += '+';
        else if (/[A-Za-z0-9*\-._]/.test(c)) out += c;
        else out += hex2(b);
      }
      return out;
    }
    const kList = Symbol('list');
    const kURL = Symbol('url');
    const toUSV = (v) => {
      let s = String(v), out = '';
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) { out += s[i] + s[i + 1]; i++; } else if (c >= 0xd800 && c <= 0xdfff) out += '\ufffd';
        else out += s[i];
      }
      return out;
    };

    class URLSearchParams {
      constructor(init = undefined) {
        let list = [];
        if (init === undefined || init === null) {
          list = [];
        } else if (typeof init === 'object' || typeof init === 'function') {
          const iter = init[Symbol.iterator];
          if (typeof iter === 'function') {
            for (const pair of init) {
              if (pair === null || (typeof pair !== 'object' && typeof pair !== 'function') || typeof pair[Symbol.iterator] !== 'function') {
                throw new NodeTypeError('ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
              }
              const p = Array.from(pair);
              if (p.length !== 2) throw new NodeTypeError('ERR_INVALID_TUPLE', 'Each query pair must be an iterable [name, value] tuple');
              list.push([toUSV(p[0]), toUSV(p[1])]);
            }
          } else {
            for (const k of Reflect.ownKeys(init)) {
              if (typeof k === 'string' && Object.prototype.propertyIsEnumerable.call(init, k)) list.push([toUSV(k), toUSV(init[k])]);
            }
          }
        } else {
          const s = toUSV(init);
          list = formParse(s[0] === '?' ? s.slice(1) : s);
        }
        Object.defineProperty(this, kList, { value: list, writable: true });
        Object.defineProperty(this, kURL, { value: null, writable: true });
      }
      get size() { return this[kList].length; }
      append(name, value) { this[kList].push([toUSV(name), toUSV(value)]); this._update(); }
      delete(name, value) {
        name = toUSV(name);
        const v = value === undefined ? undefined : toUSV(value);
        this[kList] = this[kList].filter(([k, x]) => !(k === name && (v === undefined || x === v)));
        this._update();
      }
      get(name) { name = toUSV(name); const e = this[kList].find(([k]) => k === name); return e ? e[1] : null; }
      getAll(name) { name = toUSV(name); return this[kList].filter(([k]) => k === name).map(([, v]) => v); }
      has(name, value) {
        name = toUSV(name);
        const v = value === undefined ? undefined : toUSV(value);
        return this[kList].some(([k, x]) => k === name && (v === undefined || x === v));
      }
      set(name, value) {
        name = toUSV(name);
        value = toUSV(value);
        const i = this[kList].findIndex(([k]) => k === name);
        if (i < 0) this[kList].push([name, value]);
        else {
          this[kList][i][1] = value;
          this[kList] = this[kList].filter(([k], j) => j <= i || k !== name);
        }
        this._update();
      }
      sort() {
        // Stable, by UTF-16 code units, as the standard and Node sort.
        this[kList] = this[kList].map((e, i) => [e, i]).sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1])).map(([e]) => e);
        this._update();
      }
      forEach(fn, thisArg) {
        validateFunction(fn, 'callback');
        for (let i = 0; i < this[kList].length; i++) fn.call(thisArg, this[kList][i][1], this[kList][i][0], this);
      }
      keys() { return this[kList].map(([k]) => k)[Symbol.iterator](); }
      values() { return this[kList].map(([, v]) => v)[Symbol.iterator](); }
      entries() { return this[kList].map(([k, v]) => [k, v])[Symbol.iterator](); }
      [Symbol.iterator]() { return this.entries(); }
      toString() { return this[kList].map(([k, v]) => formEncode(k) + '=' + formEncode(v)).join('&'); }
      _update() {
        const u = this[kURL];
        if (!u) return;
        const s = this.toString();
        u.query = s === '' ? null : s;
      }
      [kInspect]() { return refuse('util.inspect of a URLSearchParams'); }
    }
    Object.defineProperty(URLSearchParams.prototype, '_update', { enumerable: false });
    Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: 'URLSearchParams', configurable: true });

    const kRec = Symbol('record');
    const kParams = Symbol('searchParams');
    const readonly = (name, get) => ({
      enumerable: true,
      configurable: true,
      get,
      set() { refuse('setting URL.' + name); },
    });

    class URL {
      constructor(input, base = undefined) {
        input = toUSV(input);
        let b;
        if (base !== undefined) {
          base = toUSV(base);
          try {
            b = parse(base, undefined, base);
          } catch (e) {
            // Node names the input and the base of a URL whose base does not parse.
            if (e && e.code === 'ERR_INVALID_URL') throw invalidURL(input, base);
            throw e;
          }
        }
        Object.defineProperty(this, kRec, { value: parse(input, b, base) });
        Object.defineProperty(this, kParams, { value: null, writable: true });
      }
      static canParse(input, base = undefined) {
        try {
          new URL(input, base); // eslint-disable-line no-new
          return true;
        } catch (e) {
          if (e && e.code === 'ERR_INVALID_URL') return false;
          throw e;
        }
      }
      toString() { return serialize(this[kRec]); }
      toJSON() { return serialize(this[kRec]); }
      [kInspect]() { return refuse('util.inspect of a URL'); }
    }
    const rec = (u) => u[kRec];
    Object.defineProperties(URL.prototype, {
      href: readonly('href', function () { return serialize(rec(this)); }),
      origin: readonly('origin', function () { const r = rec(this); return r.scheme === 'file:' ? 'null' : r.scheme + '//' + r.host + (r.port ? ':' + r.port : ''); }),
      protocol: readonly('protocol', function () { return rec(this).scheme; }),
      username: readonly('username', () => ''),
      password: readonly('password', () => ''),
      host: readonly('host', function () { const r = rec(this); return r.host + (r.port ? ':' + r.port : ''); }),
      hostname: readonly('hostname', function () { return rec(this).host; }),
      port: readonly('port', function () { return rec(this).port; }),
      pathname: readonly('pathname', function () { return '/' + rec(this).path.join('/'); }),
      search: readonly('search', function () { const q = rec(this).query; return q ? '?' + q : ''; }),
      hash: readonly('hash', function () { const f = rec(this).fragment; return f ? '#' + f : ''; }),
      searchParams: readonly('searchParams', function () {
        if (!this[kParams]) {
          const p = new URLSearchParams(rec(this).query || '');
          p[kURL] = rec(this);
          this[kParams] = p;
        }
        return this[kParams];
      }),
    });
    Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: 'URL', configurable: true });
    refuseMembers(URL, 'URL', ['createObjectURL', 'revokeObjectURL']);

    const m = { URL, URLSearchParams, fileURLToPath, pathToFileURL };
    refuseMembers(m, 'url', ['Url', 'parse', 'resolve', 'resolveObject', 'format', 'domainToASCII', 'domainToUnicode',
      'urlToHttpOptions']);
    return m;
  });

  for (const name of ['URL', 'URLSearchParams']) {
    Object.defineProperty(g, name, {
      configurable: true,
      get() {
        const v = urlModule()[name];
        Object.defineProperty(g, name, { value: v, writable: true, configurable: true });
        return v;
      },
      set(v) { Object.defineProperty(g, name, { value: v, writable: true, configurable: true }); },
    });
  }
