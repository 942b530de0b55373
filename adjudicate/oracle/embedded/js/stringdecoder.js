// string_decoder: node:string_decoder's StringDecoder for every encoding Buffer has. A write
// decodes what it can and keeps an incomplete character (UTF-8 by Node's rule: the last lead
// byte of the final three bytes, by its declared length; a UTF-16 odd byte or high surrogate;
// base64's last partial group) for the next write or end(), which decodes what is left as
// Buffer does, with replacement characters. Its internal lastChar/lastNeed/lastTotal are
// refused. Part of the embedded runtime.
  // ---------------------------------------------------------------- string_decoder
  const stringDecoderModule = lazyModule(() => {
    const { Buffer } = makeBuffer();
    const names = {
      'utf8': 'utf8', 'utf-8': 'utf8', 'utf16le': 'utf16le', 'utf-16le': 'utf16le', 'ucs2': 'utf16le', 'ucs-2': 'utf16le',
      'latin1': 'latin1', 'binary': 'latin1', 'base64': 'base64', 'base64url': 'base64url', 'hex': 'hex', 'ascii': 'ascii',
    };
    const kPending = Symbol('pending');

    // utf8Incomplete is how many bytes at the end of b start a character the next write may
    // complete, by Node's rule.
    function utf8Incomplete(b) {
      const kind = (x) => (x <= 0x7f ? 0 : x >> 5 === 6 ? 2 : x >> 4 === 14 ? 3 : x >> 3 === 30 ? 4 : x >> 6 === 2 ? -1 : -2);
      for (let back = 1; back <= 3 && back <= b.length; back++) {
        const n = kind(b[b.length - back]);
        if (n === -1) continue;
        if (n === -2 || n === 0) return 0;
        return n > back ? back : 0;
      }
      return 0;
    }

    function keep(enc, b) {
      switch (enc) {
        case 'utf8': return utf8Incomplete(b);
        case 'utf16le': {
          if (b.length % 2 === 1) return 1;
          const last = b.length >= 2 ? b[b.length - 2] | (b[b.length - 1] << 8) : 0;
          return last >= 0xd800 && last <= 0xdbff ? 2 : 0;
        }
        case 'base64': case 'base64url': return b.length % 3;
      }
      return 0;
    }

    class StringDecoder {
      constructor(encoding) {
        const enc = names[String(encoding === undefined || encoding === null || encoding === '' ? 'utf8' : encoding).toLowerCase()];
        if (enc === undefined) throw new NodeTypeError('ERR_UNKNOWN_ENCODING', 'Unknown encoding: ' + encoding);
        this.encoding = enc;
        Object.defineProperty(this, kPending, { value: [], writable: true });
      }

      write(buf) {
        if (typeof buf === 'string') return buf;
        if (!ArrayBuffer.isView(buf)) {
          throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "buf" argument must be an instance of Buffer, TypedArray, or DataView. Received ' + receivedText(buf));
        }
        const bytes = this[kPending].concat(Array.from(new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)));
        const k = keep(this.encoding, bytes);
        this[kPending] = bytes.slice(bytes.length - k);
        return Buffer.from(bytes.slice(0, bytes.length - k)).toString(this.encoding);
      }

      end(buf) {
        const r = buf === undefined ? '' : this.write(buf);
        const rest = this[kPending];
        this[kPending] = [];
        return r + (rest.length ? Buffer.from(rest).toString(this.encoding) : '');
      }
    }
    refuseMembers(StringDecoder.prototype, 'StringDecoder', ['lastChar', 'lastNeed', 'lastTotal', 'text']);
    return { StringDecoder };
  });
