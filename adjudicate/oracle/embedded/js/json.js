// json: JSON.parse as Node 20's V8 parses — its values and its SyntaxError messages. goja's
// JSON.parse (Go's encoding/json underneath) rejects a number past float64's range, which V8
// reads as ±Infinity or 0; turns an escaped lone surrogate ("\ud800") into U+FFFD, which V8
// keeps; and words its errors as Go does ("unexpected EOF" where V8 says "Unexpected end of
// JSON input"), which a test matching the message sees. The native parse stays the fast path
// for text it reads as V8 does (no surrogate, escaped or raw); any other text, and any text it
// rejects, goes through parseJSON below, which reads the grammar as V8's JsonParser does and
// reports each error with V8's message and position. A reviver that is not a function is
// ignored, as the language says (goja throws for null). Part of the embedded runtime; loaded
// after globals.js.

  const nativeJSONParse = JSON.parse;
  const surrogateRe = /[\ud800-\udfff]|\\u[dD][89abcdefABCDEF]/;

  // jsonError is V8's SyntaxError for the text src at position pos: message names a fixed
  // complaint ("Expected ':' after property name"), or, when it is undefined, the complaint is
  // read off what stands at pos, as V8's LookUpErrorMessageForJsonToken does.
  function jsonError(src, pos, message) {
    if (message !== undefined) return new SyntaxError(message + ' in JSON at position ' + pos);
    if (pos >= src.length) return new SyntaxError('Unexpected end of JSON input');
    const c = src[pos];
    if (c === '"') return new SyntaxError('Unexpected string in JSON at position ' + pos);
    if (c === '-' || (c >= '0' && c <= '9')) return new SyntaxError('Unexpected number in JSON at position ' + pos);
    if (src === 'NaN' || src === 'Infinity' || src === 'undefined' || src === '[object Object]') return new SyntaxError('"' + src + '" is not valid JSON');
    const ctx = 10;
    if (src.length < 2 * ctx + 1) return new SyntaxError("Unexpected token '" + c + "', \"" + src + '" is not valid JSON');
    if (pos < ctx) return new SyntaxError("Unexpected token '" + c + "', \"" + src.slice(0, pos + ctx) + '"... is not valid JSON');
    if (pos < src.length - ctx) return new SyntaxError("Unexpected token '" + c + "', ...\"" + src.slice(pos - ctx, pos + ctx) + '"... is not valid JSON');
    return new SyntaxError("Unexpected token '" + c + "', ...\"" + src.slice(pos - ctx) + '" is not valid JSON');
  }

  // parseJSON parses src as V8 does, throwing V8's error.
  function parseJSON(src) {
    let i = 0;
    const n = src.length;
    const ws = () => { while (i < n && (src[i] === ' ' || src[i] === '\t' || src[i] === '\n' || src[i] === '\r')) i++; };
    const expect = (ch, message) => {
      ws();
      if (src[i] !== ch) throw jsonError(src, i, message);
      i++;
    };
    const isDigit = (c) => c >= '0' && c <= '9';
    function str() {
      i++; // the opening quote
      let out = '';
      let start = i;
      for (;;) {
        if (i >= n) throw jsonError(src, n, 'Unterminated string');
        const c = src[i];
        if (c === '"') { out += src.slice(start, i); i++; return out; }
        if (c < ' ') throw jsonError(src, i, 'Bad control character in string literal');
        if (c !== '\\') { i++; continue; }
        out += src.slice(start, i);
        i++;
        if (i >= n) throw jsonError(src, n);
        const e = src[i];
        const simple = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }[e];
        if (simple !== undefined) {
          out += simple;
          i++;
        } else if (e === 'u') {
          let code = 0;
          for (let k = 1; k <= 4; k++) {
            const h = src[i + k];
            const v = h === undefined ? -1 : parseInt(h, 16);
            if (!(v >= 0) || !/[0-9a-fA-F]/.test(h)) throw jsonError(src, Math.min(i + k, n), 'Bad Unicode escape');
            code = code * 16 + v;
          }
          out += String.fromCharCode(code);
          i += 5;
        } else {
          throw jsonError(src, i, 'Bad escaped character');
        }
        start = i;
      }
    }
    function num() {
      const start = i;
      if (src[i] === '-') {
        i++;
        if (!isDigit(src[i])) throw jsonError(src, i, 'No number after minus sign');
      }
      if (src[i] === '0') {
        i++;
        if (isDigit(src[i])) throw jsonError(src, i);
      } else {
        while (isDigit(src[i])) i++;
      }
      if (src[i] === '.') {
        i++;
        if (!isDigit(src[i])) throw jsonError(src, i, 'Unterminated fractional number');
        while (isDigit(src[i])) i++;
      }
      if (src[i] === 'e' || src[i] === 'E') {
        i++;
        if (src[i] === '+' || src[i] === '-') i++;
        if (!isDigit(src[i])) throw jsonError(src, i, 'Exponent part is missing a number');
        while (isDigit(src[i])) i++;
      }
      return Number(src.slice(start, i));
    }
    function literal(word, value) {
      for (let k = 0; k < word.length; k++, i++) {
        if (src[i] !== word[k]) throw jsonError(src, i);
      }
      return value;
    }
    function put(obj, key, v) {
      Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true });
    }
    function value() {
      ws();
      const c = src[i];
      if (c === '"') return str();
      if (c === '-' || isDigit(c)) return num();
      if (c === 't') return literal('true', true);
      if (c === 'f') return literal('false', false);
      if (c === 'n') return literal('null', null);
      if (c === '[') {
        i++;
        const arr = [];
        ws();
        if (src[i] === ']') { i++; return arr; }
        for (;;) {
          arr.push(value());
          ws();
          if (src[i] === ',') { i++; continue; }
          expect(']', "Expected ',' or ']' after array element");
          return arr;
        }
      }
      if (c === '{') {
        i++;
        const obj = {};
        ws();
        if (src[i] === '}') { i++; return obj; }
        if (src[i] !== '"') throw jsonError(src, i, "Expected property name or '}'");
        let key = str();
        expect(':', "Expected ':' after property name");
        for (;;) {
          put(obj, key, value());
          ws();
          if (src[i] !== ',') {
            expect('}', "Expected ',' or '}' after property value");
            return obj;
          }
          i++;
          ws();
          if (src[i] !== '"') throw jsonError(src, i, 'Expected double-quoted property name');
          key = str();
          expect(':');
        }
      }
      throw jsonError(src, i);
    }
    const v = value();
    ws();
    if (i < n) throw new SyntaxError('Unexpected non-whitespace character after JSON at position ' + i);
    return v;
  }

  // internalize is the language's InternalizeJSONProperty: the reviver sees each value after
  // its members, bottom-up, with `this` the holder; undefined deletes the member.
  function internalize(holder, key, reviver) {
    const val = holder[key];
    if (val !== null && typeof val === 'object') {
      const keys = Array.isArray(val) ? Array.from({ length: val.length }, (_, k) => String(k)) : Object.keys(val);
      for (const k of keys) {
        const nv = internalize(val, k, reviver);
        if (nv === undefined) delete val[k];
        else Object.defineProperty(val, k, { value: nv, writable: true, enumerable: true, configurable: true });
      }
    }
    return reviver.call(holder, key, val);
  }

  Object.defineProperty(JSON, 'parse', {
    value: {
      parse(text, reviver) {
        const src = String(text);
        let v;
        if (surrogateRe.test(src)) {
          v = parseJSON(src);
        } else {
          try {
            v = nativeJSONParse(src);
          } catch (e) {
            v = parseJSON(src); // V8's message, or the value goja could not read
          }
        }
        if (typeof reviver !== 'function') return v;
        const root = {};
        Object.defineProperty(root, '', { value: v, writable: true, enumerable: true, configurable: true });
        return internalize(root, '', reviver);
      },
    }.parse,
    writable: true, configurable: true, enumerable: false,
  });
