// crypto: node:crypto's hashes (createHash and crypto.hash for md5, sha1, sha256 and sha512,
// digested to hex, base64, base64url or latin1; Go computes them, see builtins.go), randomUUID
// and getRandomValues, also on the global crypto, which is node:crypto's webcrypto as in Node
// 20. Everything else (ciphers, keys, HMAC, randomBytes, randomFill, crypto.subtle and the rest)
// is refused by name, and so is a hash used as a stream. digest() returns a Buffer
// (js/buffer.js).
//
// randomUUID and getRandomValues are deterministic, unlike Node's: their bytes come from a
// stream seeded with the run's seed (host.randomBytes), so every run of a test file, the
// baseline's and each mutant's, draws the same values. That is what makes it safe: a mutant's
// run differs from the baseline's only by the mutation, never by a random draw, so a random
// value can neither kill a mutant nor hide one; and no test can rely on a particular value,
// since under Node each run draws new ones. Part of the embedded runtime.
  // ---------------------------------------------------------------- crypto
  function randomFill(bytes) {
    const hex = host.randomBytes(bytes.length);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return bytes;
  }

  function randomUUID(options) {
    if (options !== undefined) validateOptions(options, 'options');
    const b = randomFill(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = Array.prototype.map.call(b, (x) => (x < 16 ? '0' : '') + x.toString(16)).join('');
    return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
  }

  const integerArrays = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
  // getRandomValues throws what Node 20 throws: a TypeMismatchError for anything but an
  // integer typed array, a QuotaExceededError past 65,536 bytes.
  function getRandomValues(ta) {
    if (arguments.length < 1) throw new NodeTypeError('ERR_MISSING_ARGS', "Failed to execute 'getRandomValues' on 'Crypto': 1 argument required, but only 0 present.");
    if (integerArrays.indexOf(taTag.call(ta)) < 0) throw new DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
    if (ta.byteLength > 65536) throw new DOMException('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
    randomFill(new Uint8Array(ta.buffer, ta.byteOffset, ta.byteLength));
    return ta;
  }

  // The global crypto: Node 20's Web Crypto object (node:crypto's webcrypto), of which the
  // runtime has the random part. Its methods need it as their this, as Node's do; its subtle
  // refuses the run, naming crypto.subtle.
  const cryptoToken = Symbol('bond crypto');
  class Crypto {
    constructor(key) {
      if (key !== cryptoToken) throw new NodeTypeError('ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }
    getRandomValues(ta) {
      if (this !== g.crypto && !(this instanceof Crypto)) throw new NodeTypeError('ERR_INVALID_THIS', 'Value of "this" must be of type Crypto');
      return getRandomValues.apply(undefined, arguments);
    }
    randomUUID() {
      if (this !== g.crypto && !(this instanceof Crypto)) throw new NodeTypeError('ERR_INVALID_THIS', 'Value of "this" must be of type Crypto');
      return randomUUID();
    }
  }
  Object.defineProperty(Crypto.prototype, Symbol.toStringTag, { value: 'Crypto', configurable: true });
  refuseMembers(Crypto.prototype, 'crypto', ['subtle']);
  const webcrypto = new Crypto(cryptoToken);
  g.crypto = webcrypto;
  Object.defineProperty(g, 'crypto', { enumerable: false });

  const cryptoModule = lazyModule(() => {
    const finalized = () => new NodeError('ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');

    function bytesOf(data) {
      if (typeof data === 'string') return data;
      if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ' + receivedText(data));
    }

    class Hash {
      constructor(algorithm, options) {
        if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
        if (options !== undefined && options !== null && options.outputLength !== undefined) refuse('the outputLength option of crypto.createHash');
        const id = host.hashNew(algorithm.toLowerCase());
        if (!id) refuse('crypto.createHash of ' + algorithm);
        Object.defineProperty(this, '_id', { value: id, writable: true });
      }

      update(data, encoding) {
        if (this._id === 0) throw finalized();
        if (typeof data === 'string' && encoding !== undefined && !/^utf-?8$/i.test(encoding)) refuse('crypto Hash.update with the ' + encoding + ' encoding');
        host.hashUpdate(this._id, bytesOf(data));
        return this;
      }

      digest(encoding) {
        if (this._id === 0) throw finalized();
        if (encoding === undefined || encoding === 'buffer') {
          const hex = host.hashDigest(this._id, 'hex');
          this._id = 0;
          return makeBuffer().Buffer.from(hex, 'hex');
        }
        if (encoding !== 'hex' && encoding !== 'base64' && encoding !== 'base64url' && encoding !== 'latin1' && encoding !== 'binary') {
          return refuse('crypto Hash.digest' + (encoding === undefined ? '()' : '(' + JSON.stringify(String(encoding)) + ')') + ', which returns a Buffer');
        }
        const out = host.hashDigest(this._id, encoding === 'latin1' || encoding === 'binary' ? 'hex' : encoding);
        this._id = 0;
        if (encoding !== 'latin1' && encoding !== 'binary') return out;
        let s = '';
        for (let i = 0; i < out.length; i += 2) s += String.fromCharCode(parseInt(out.substr(i, 2), 16));
        return s;
      }

      copy() {
        if (this._id === 0) throw finalized();
        const h = Object.create(Hash.prototype);
        Object.defineProperty(h, '_id', { value: host.hashCopy(this._id), writable: true });
        return h;
      }
    }
    // A Hash is a stream in Node; the runtime has no streams.
    refuseMembers(Hash.prototype, 'crypto Hash', ['write', 'end', 'read', 'pipe', 'on', 'once', 'setEncoding']);

    function createHash(algorithm, options) {
      return new Hash(algorithm, options);
    }

    function hash(algorithm, data, outputEncoding = 'hex') {
      if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
      bytesOf(data); // validates it as update does
      if (typeof outputEncoding !== 'string') throw invalidArgType('outputEncoding', 'string', outputEncoding);
      return createHash(algorithm).update(data).digest(outputEncoding);
    }

    const m = { createHash, hash, Hash, randomUUID, getRandomValues, webcrypto };
    refuseMembers(m, 'crypto', ['checkPrime', 'checkPrimeSync', 'createCipheriv', 'createDecipheriv', 'createDiffieHellman',
      'createDiffieHellmanGroup', 'createECDH', 'createHmac', 'createPrivateKey', 'createPublicKey', 'createSecretKey',
      'createSign', 'createVerify', 'diffieHellman', 'generatePrime', 'generatePrimeSync', 'getCiphers', 'getCipherInfo',
      'getCurves', 'getDiffieHellman', 'getHashes', 'hkdf', 'hkdfSync', 'pbkdf2', 'pbkdf2Sync', 'generateKeyPair',
      'generateKeyPairSync', 'generateKey', 'generateKeySync', 'privateDecrypt', 'privateEncrypt', 'publicDecrypt',
      'publicEncrypt', 'randomBytes', 'randomFill', 'randomFillSync', 'randomInt', 'scrypt', 'scryptSync', 'sign',
      'setEngine', 'timingSafeEqual', 'getFips', 'setFips', 'verify', 'Certificate', 'Cipher', 'Cipheriv', 'Decipher',
      'Decipheriv', 'DiffieHellman', 'DiffieHellmanGroup', 'ECDH', 'Hmac', 'KeyObject', 'Sign', 'Verify',
      'X509Certificate', 'secureHeapUsed', 'constants', 'subtle']);
    return m;
  });
