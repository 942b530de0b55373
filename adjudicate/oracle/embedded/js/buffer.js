// buffer: the global Buffer and node:buffer, Node 20's structure (Buffer.prototype is a
// Uint8Array subclass's, slice is a view) with its encodings (utf8 with WHATWG replacement,
// hex, base64 and base64url as Node's lenient decoder reads them, latin1/binary, ascii,
// utf16le/ucs2) and the common members: from, alloc, allocUnsafe, byteLength, concat, compare,
// isBuffer, isEncoding; toString, equals, compare, indexOf, includes, fill, slice, subarray,
// toJSON. The number readers and writers, write, copy, swaps and the module's Blob, File,
// transcode and the like are refused by name. Part of the embedded runtime.
  // ---------------------------------------------------------------- buffer
  const makeBuffer = lazyModule(() => {
    const kMaxLength = 4294967296;
    const encodings = {
      'utf8': 'utf8', 'utf-8': 'utf8', 'hex': 'hex', 'base64': 'base64', 'base64url': 'base64url',
      'latin1': 'latin1', 'binary': 'latin1', 'ascii': 'ascii',
      'utf16le': 'utf16le', 'utf-16le': 'utf16le', 'ucs2': 'utf16le', 'ucs-2': 'utf16le',
    };
    // normEncoding is Node's encoding name, undefined meaning utf8; anything else throws.
    function normEncoding(enc) {
      if (enc === undefined || enc === null || enc === '') return 'utf8';
      const e = encodings[String(enc).toLowerCase()];
      if (e === undefined) throw new NodeTypeError('ERR_UNKNOWN_ENCODING', 'Unknown encoding: ' + enc);
      return e;
    }

    function utf8Encode(s) {
      const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            i++;
          }
        }
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return out;
    }

    // utf8Decode decodes as the WHATWG decoder does (Node's): each maximal invalid subpart is one
    // U+FFFD.
    function utf8Decode(b, start, end) {
      let s = '';
      let i = start;
      while (i < end) {
        const c = b[i];
        if (c < 0x80) { s += String.fromCharCode(c); i++; continue; }
        let need = 0, cp = 0, lo = 0x80, hi = 0xbf;
        if (c >= 0xc2 && c <= 0xdf) { need = 1; cp = c & 0x1f; }
        else if (c >= 0xe0 && c <= 0xef) { need = 2; cp = c & 0xf; if (c === 0xe0) lo = 0xa0; if (c === 0xed) hi = 0x9f; }
        else if (c >= 0xf0 && c <= 0xf4) { need = 3; cp = c & 7; if (c === 0xf0) lo = 0x90; if (c === 0xf4) hi = 0x8f; }
        else { s += '\ufffd'; i++; continue; }
        let j = i + 1, ok = true;
        for (let k = 0; k < need; k++, j++) {
          if (j >= end || b[j] < lo || b[j] > hi) { ok = false; break; }
          cp = (cp << 6) | (b[j] & 63);
          lo = 0x80; hi = 0xbf;
        }
        if (!ok) { s += '\ufffd'; i = j; continue; }
        s += String.fromCodePoint(cp);
        i = j;
      }
      return s;
    }

    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const unb64 = {};
    for (let i = 0; i < 64; i++) unb64[B64[i]] = i;
    unb64['-'] = 62;
    unb64['_'] = 63;
    // base64Decode reads both alphabets, skips characters of neither, and stops at '=', as
    // Node's decoder does.
    function base64Decode(s) {
      const out = [];
      let acc = 0, n = 0;
      for (let i = 0; i < s.length; i++) {
        const ch = s[i];
        if (ch === '=') break;
        const v = unb64[ch];
        if (v === undefined) continue;
        acc = (acc << 6) | v;
        n += 6;
        if (n >= 8) { n -= 8; out.push((acc >> n) & 255); }
      }
      return out;
    }
    function base64Encode(b, start, end, url) {
      const al = url ? B64.slice(0, 62) + '-_' : B64;
      let s = '';
      for (let i = start; i < end; i += 3) {
        const x = b[i], y = i + 1 < end ? b[i + 1] : 0, z = i + 2 < end ? b[i + 2] : 0;
        const n = (x << 16) | (y << 8) | z;
        s += al[n >> 18] + al[(n >> 12) & 63];
        s += i + 1 < end ? al[(n >> 6) & 63] : url ? '' : '=';
        s += i + 2 < end ? al[n & 63] : url ? '' : '=';
      }
      return s;
    }
    function base64ByteLength(s) {
      let size = s.length;
      if (size < 2) return 0;
      if (s[size - 1] === '=') { size--; if (s[size - 1] === '=') size--; }
      const rem = size % 4;
      let n = Math.floor(size / 4) * 3;
      if (rem) n += n === 0 && rem === 1 ? 0 : 1 + (rem === 3 ? 1 : 0);
      return n;
    }

    function encode(str, enc) {
      switch (enc) {
        case 'utf8': return utf8Encode(str);
        case 'hex': {
          const out = [];
          for (let i = 0; i + 1 < str.length; i += 2) {
            const h = str.slice(i, i + 2);
            if (!/^[0-9a-fA-F]{2}$/.test(h)) break;
            out.push(parseInt(h, 16));
          }
          return out;
        }
        case 'base64': case 'base64url': return base64Decode(str);
        case 'latin1': case 'ascii': return Array.prototype.map.call(str, (c) => c.charCodeAt(0) & 255);
        case 'utf16le': {
          const out = [];
          for (let i = 0; i < str.length; i++) { const c = str.charCodeAt(i); out.push(c & 255, c >> 8); }
          return out;
        }
      }
    }
    function decode(b, enc, start, end) {
      switch (enc) {
        case 'utf8': return utf8Decode(b, start, end);
        case 'hex': { let s = ''; for (let i = start; i < end; i++) s += (b[i] < 16 ? '0' : '') + b[i].toString(16); return s; }
        case 'base64': return base64Encode(b, start, end, false);
        case 'base64url': return base64Encode(b, start, end, true);
        case 'latin1': { let s = ''; for (let i = start; i < end; i++) s += String.fromCharCode(b[i]); return s; }
        case 'ascii': { let s = ''; for (let i = start; i < end; i++) s += String.fromCharCode(b[i] & 127); return s; }
        case 'utf16le': { let s = ''; for (let i = start; i + 1 < end; i += 2) s += String.fromCharCode(b[i] | (b[i + 1] << 8)); return s; }
      }
    }

    class FastBuffer extends Uint8Array {}

    // Buffer is Node's function: called (deprecated) or constructed by Uint8Array's species
    // machinery (map, subarray, of), it makes a FastBuffer, whose prototype is Buffer.prototype.
    function Buffer(arg, encodingOrOffset, length) {
      if (typeof arg === 'number') {
        if (new.target === undefined) return Buffer.alloc(arg);
        return new FastBuffer(arg);
      }
      if (anyArrayBuffer(arg) && new.target !== undefined) return new FastBuffer(arg, encodingOrOffset, length);
      return Buffer.from(arg, encodingOrOffset, length);
    }
    Buffer.prototype = FastBuffer.prototype;
    Object.defineProperty(FastBuffer.prototype, 'constructor', { value: Buffer, writable: true, configurable: true });
    Object.setPrototypeOf(Buffer, Uint8Array);
    Buffer.poolSize = 8192;

    const isU8 = (v) => taTag.call(v) === 'Uint8Array';
    const fromBytes = (bytes) => {
      const b = new FastBuffer(bytes.length);
      for (let i = 0; i < bytes.length; i++) b[i] = bytes[i];
      return b;
    };

    Buffer.from = function from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return fromBytes(encode(value, normEncoding(encodingOrOffset)));
      if (anyArrayBuffer(value)) {
        const off = encodingOrOffset === undefined ? 0 : Number(encodingOrOffset) || 0;
        const len = length === undefined ? value.byteLength - off : Number(length) || 0;
        return new FastBuffer(value, off, len);
      }
      if (ArrayBuffer.isView(value) || Array.isArray(value)) return fromBytes(value);
      if (value !== null && typeof value === 'object') {
        if (value.type === 'Buffer' && Array.isArray(value.data)) return fromBytes(value.data);
        if (typeof value.length === 'number' && typeof value.valueOf === 'function' && value.valueOf() === value && !(Symbol.toPrimitive in value)) return fromBytes(value);
        return refuse('Buffer.from of an object with valueOf or Symbol.toPrimitive');
      }
      throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The first argument must be of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object. Received ' + receivedText(value));
    };

    function checkSize(size) {
      if (typeof size !== 'number') throw invalidArgType('size', 'number', size);
      if (!(size >= 0 && size <= kMaxLength)) throw outOfRange('size', '>= 0 && <= ' + kMaxLength, size);
    }
    Buffer.alloc = function alloc(size, fill, encoding) {
      checkSize(size);
      const b = new FastBuffer(size);
      if (fill !== undefined && fill !== 0 && size > 0) b.fill(fill, 0, size, encoding);
      return b;
    };
    // Node's allocUnsafe memory is uninitialised, which no test can rely on; here it is zeroed.
    Buffer.allocUnsafe = function allocUnsafe(size) {
      checkSize(size);
      return new FastBuffer(size);
    };
    Buffer.allocUnsafeSlow = Buffer.allocUnsafe;
    Buffer.isBuffer = function isBuffer(b) { return b instanceof Buffer; };
    Buffer.isEncoding = function isEncoding(enc) { return typeof enc === 'string' && enc.length !== 0 && encodings[enc.toLowerCase()] !== undefined; };
    Buffer.byteLength = function byteLength(s, enc) {
      if (typeof s !== 'string') {
        if (ArrayBuffer.isView(s) || anyArrayBuffer(s)) return s.byteLength;
        throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "string" argument must be of type string or an instance of Buffer or ArrayBuffer. Received ' + receivedText(s));
      }
      const e = encodings[String(enc).toLowerCase()] || 'utf8';
      if (e === 'base64' || e === 'base64url') return base64ByteLength(s);
      if (e === 'hex') return s.length >>> 1;
      return encode(s, e).length;
    };
    function compareBytes(a, b) {
      const n = Math.min(a.length, b.length);
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
      return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
    }
    function mustBeU8(v, name) {
      if (!isU8(v)) throw invalidArgType(name, 'Buffer or Uint8Array', v);
    }
    Buffer.compare = function compare(a, b) {
      mustBeU8(a, 'buf1');
      mustBeU8(b, 'buf2');
      return compareBytes(a, b);
    };
    Buffer.concat = function concat(list, totalLength) {
      if (!Array.isArray(list)) throw invalidArgType('list', 'Array', list);
      for (let i = 0; i < list.length; i++) mustBeU8(list[i], 'list[' + i + ']');
      if (list.length === 0) return new FastBuffer(0);
      if (totalLength === undefined) totalLength = list.reduce((n, b) => n + b.length, 0);
      else validateNumber(totalLength, 'length', 0);
      const out = new FastBuffer(totalLength);
      let pos = 0;
      for (const b of list) {
        for (let i = 0; i < b.length && pos < totalLength; i++) out[pos++] = b[i];
      }
      return out;
    };

    const P = FastBuffer.prototype;
    P.toString = function toString(encoding, start, end) {
      const len = this.length;
      if (arguments.length === 0) return utf8Decode(this, 0, len);
      start = start === undefined || start <= 0 ? 0 : start >= len ? len : start | 0;
      end = end === undefined || end > len ? len : end | 0;
      if (end <= start) return '';
      return decode(this, normEncoding(encoding), start, end);
    };
    P.toLocaleString = P.toString;
    P.equals = function equals(other) {
      mustBeU8(other, 'otherBuffer');
      return this === other || compareBytes(this, other) === 0;
    };
    P.compare = function compare(target, ...rest) {
      mustBeU8(target, 'target');
      if (rest.length) return refuse('buf.compare with a range');
      return compareBytes(this, target);
    };
    P.indexOf = function indexOf(value, byteOffset, encoding) {
      let needle;
      if (typeof value === 'number') needle = [value & 255];
      else if (typeof value === 'string') needle = encode(value, normEncoding(typeof byteOffset === 'string' ? byteOffset : encoding));
      else if (isU8(value)) needle = value;
      else return refuse('buf.indexOf of ' + typeof value);
      let from = typeof byteOffset === 'number' ? byteOffset : 0;
      if (from < 0) from = Math.max(0, this.length + from);
      if (needle.length === 0) return refuse('buf.indexOf of an empty value');
      for (let i = from; i + needle.length <= this.length; i++) {
        let j = 0;
        while (j < needle.length && this[i + j] === needle[j]) j++;
        if (j === needle.length) return i;
      }
      return -1;
    };
    P.includes = function includes(value, byteOffset, encoding) { return this.indexOf(value, byteOffset, encoding) !== -1; };
    const u8fill = Uint8Array.prototype.fill;
    P.fill = function fill(value, offset, end, encoding) {
      if (typeof offset === 'string') { encoding = offset; offset = 0; end = this.length; }
      else if (typeof end === 'string') { encoding = end; end = this.length; }
      offset = offset === undefined ? 0 : offset;
      end = end === undefined ? this.length : end;
      if (typeof value === 'number') return u8fill.call(this, value & 255, offset, end);
      const bytes = typeof value === 'string' ? encode(value, normEncoding(encoding)) : isU8(value) ? value : null;
      if (bytes === null) return refuse('buf.fill of ' + typeof value);
      if (bytes.length === 0) return u8fill.call(this, 0, offset, end);
      for (let i = offset, k = 0; i < end; i++, k = (k + 1) % bytes.length) this[i] = bytes[k];
      return this;
    };
    P.slice = function slice(start, end) { return this.subarray(start, end); };
    P.toJSON = function toJSON() { return { type: 'Buffer', data: Array.from(this) }; };
    refuseMembers(P, 'buf', ['readBigUInt64LE', 'readBigUInt64BE', 'readBigUint64LE', 'readBigUint64BE',
      'readBigInt64LE', 'readBigInt64BE', 'writeBigUInt64LE', 'writeBigUInt64BE', 'writeBigUint64LE', 'writeBigUint64BE',
      'writeBigInt64LE', 'writeBigInt64BE', 'readUIntLE', 'readUInt32LE', 'readUInt16LE', 'readUInt8', 'readUIntBE',
      'readUInt32BE', 'readUInt16BE', 'readUintLE', 'readUint32LE', 'readUint16LE', 'readUint8', 'readUintBE',
      'readUint32BE', 'readUint16BE', 'readIntLE', 'readInt32LE', 'readInt16LE', 'readInt8', 'readIntBE', 'readInt32BE',
      'readInt16BE', 'writeUIntLE', 'writeUInt32LE', 'writeUInt16LE', 'writeUInt8', 'writeUIntBE', 'writeUInt32BE',
      'writeUInt16BE', 'writeUintLE', 'writeUint32LE', 'writeUint16LE', 'writeUint8', 'writeUintBE', 'writeUint32BE',
      'writeUint16BE', 'writeIntLE', 'writeInt32LE', 'writeInt16LE', 'writeInt8', 'writeIntBE', 'writeInt32BE',
      'writeInt16BE', 'readFloatLE', 'readFloatBE', 'readDoubleLE', 'readDoubleBE', 'writeFloatLE', 'writeFloatBE',
      'writeDoubleLE', 'writeDoubleBE', 'asciiSlice', 'base64Slice', 'base64urlSlice', 'latin1Slice', 'hexSlice',
      'ucs2Slice', 'utf8Slice', 'asciiWrite', 'base64Write', 'base64urlWrite', 'latin1Write', 'hexWrite', 'ucs2Write',
      'utf8Write', 'parent', 'offset', 'copy', 'inspect', 'lastIndexOf', 'write', 'swap16', 'swap32', 'swap64']);
    refuseMembers(Buffer, 'Buffer', ['copyBytesFrom']);

    const mod = { Buffer, kMaxLength, kStringMaxLength: 536870888, atob: g.atob, btoa: g.btoa, constants: { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: 536870888 } };
    refuseMembers(mod, 'buffer', ['SlowBuffer', 'transcode', 'isUtf8', 'isAscii', 'INSPECT_MAX_BYTES', 'Blob', 'resolveObjectURL', 'File']);
    return mod;
  });

  // The global Buffer is made on first use, like the module.
  Object.defineProperty(g, 'Buffer', {
    configurable: true,
    get() {
      const B = makeBuffer().Buffer;
      Object.defineProperty(g, 'Buffer', { value: B, writable: true, configurable: true });
      return B;
    },
    set(v) { Object.defineProperty(g, 'Buffer', { value: v, writable: true, configurable: true }); },
  });
