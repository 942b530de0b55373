// querystring: node:querystring's parse/decode, stringify/encode, escape, unescape and
// unescapeBuffer with Node 20's rules (a null-prototype result, '+' as a space, repeated keys as
// arrays, maxKeys counting empty pairs, a failed decode falling back to byte-wise unescaping, a
// custom decoder or encoder applied to every part). A separator or '=' of more than one
// character, which Node matches by its own scan, is refused. Part of the embedded runtime.
  // ---------------------------------------------------------------- querystring
  const querystringModule = lazyModule(() => {
    const NodeURIError = nodeErrorClass(URIError);
    const isHex = (c) => /^[0-9a-fA-F]$/.test(c);

    function unescapeBuffer(s, decodeSpaces) {
      s = String(s);
      const out = [];
      for (let i = 0; i < s.length; i++) {
        const c = s[i];
        if (c === '+' && decodeSpaces) { out.push(32); continue; }
        if (c === '%' && i + 2 < s.length && isHex(s[i + 1]) && isHex(s[i + 2])) {
          out.push(parseInt(s.slice(i + 1, i + 3), 16));
          i += 2;
          continue;
        }
        const code = s.charCodeAt(i);
        if (code < 128) out.push(code);
        else {
          // A non-ASCII character is written as its UTF-8 bytes, as Node's buffer of the string holds it.
          const enc = makeBuffer().Buffer.from(s.slice(i, i + (code >= 0xd800 && code <= 0xdbff ? 2 : 1)));
          for (const b of enc) out.push(b);
          if (code >= 0xd800 && code <= 0xdbff) i++;
        }
      }
      return makeBuffer().Buffer.from(out);
    }

    function unescape(s, decodeSpaces) {
      try {
        return decodeURIComponent(s);
      } catch (e) {
        return unescapeBuffer(s, decodeSpaces).toString();
      }
    }

    function escape(str) {
      if (typeof str !== 'string') str = typeof str === 'object' ? String(str) : str + '';
      try {
        return encodeURIComponent(str);
      } catch (e) {
        throw new NodeURIError('ERR_INVALID_URI', 'URI malformed');
      }
    }

    const api = { unescapeBuffer, unescape, escape };

    function oneChar(s, what) {
      if (s.length > 1) refuse('querystring ' + what + ' of more than one character');
      return s;
    }

    function parse(qs, sep, eq, options) {
      const obj = { __proto__: null };
      if (typeof qs !== 'string' || qs.length === 0) return obj;
      sep = sep ? oneChar(String(sep), 'separator') : '&';
      eq = eq ? oneChar(String(eq), 'assignment') : '=';
      let pairs = 1000;
      if (options && typeof options.maxKeys === 'number') pairs = options.maxKeys > 0 ? options.maxKeys : -1;
      let decode = api.unescape;
      if (options && typeof options.decodeURIComponent === 'function') decode = options.decodeURIComponent;
      const custom = decode !== unescape;
      const encoded = (s) => custom || /\+|%[0-9a-fA-F]{2}/.test(s);
      const decodeStr = (s) => {
        try {
          return decode(s);
        } catch (e) {
          return api.unescape(s, true);
        }
      };
      const segs = qs.split(sep);
      for (let n = 0; n < segs.length; n++) {
        const seg = segs[n];
        const i = seg.indexOf(eq);
        let key = i >= 0 ? seg.slice(0, i) : seg;
        let value = i >= 0 ? seg.slice(i + 1) : '';
        if (i < 0 && seg.length === 0) {
          if (n < segs.length - 1 && --pairs === 0) return obj;
          continue;
        }
        const ke = encoded(key), ve = encoded(value);
        key = key.replace(/\+/g, '%20');
        value = value.replace(/\+/g, '%20');
        if (key.length > 0 && ke) key = decodeStr(key);
        if (value.length > 0 && ve) value = decodeStr(value);
        const cur = obj[key];
        if (cur === undefined) obj[key] = value;
        else if (typeof cur === 'string') obj[key] = [cur, value];
        else cur.push(value);
        if (--pairs === 0) return obj;
      }
      return obj;
    }

    function stringify(obj, sep, eq, options) {
      sep = sep || '&';
      eq = eq || '=';
      let encode = api.escape;
      if (options && typeof options.encodeURIComponent === 'function') encode = options.encodeURIComponent;
      const primitive = (v) => {
        if (typeof v === 'string') return v;
        if (typeof v === 'number' && isFinite(v)) return '' + v;
        if (typeof v === 'bigint') return '' + v;
        if (typeof v === 'boolean') return v ? 'true' : 'false';
        return '';
      };
      const convert = encode === escape ?
        (v) => {
          if (typeof v === 'string') return v.length ? encode(v) : '';
          if (typeof v === 'number' && isFinite(v)) return Math.abs(v) < 1e21 ? '' + v : encode('' + v);
          return primitive(v);
        } :
        (v) => encode(primitive(v));
      if (obj === null || typeof obj !== 'object') return '';
      let fields = '';
      for (const k of Object.keys(obj)) {
        const v = obj[k];
        const ks = convert(k) + eq;
        if (Array.isArray(v)) {
          if (v.length === 0) continue;
          if (fields) fields += sep;
          for (let j = 0; j < v.length; j++) {
            if (j) fields += sep;
            fields += ks + convert(v[j]);
          }
        } else {
          if (fields) fields += sep;
          fields += ks + convert(v);
        }
      }
      return fields;
    }

    return Object.assign(api, { stringify, encode: stringify, parse, decode: parse });
  });
