const test = require('node:test');
const assert = require('node:assert/strict');
const { StringDecoder } = require('node:string_decoder');

// decodeChunks feeds chunks to a decoder the way a stream reader does and returns each write's
// output and end()'s.
function decodeChunks(enc, chunks, last) {
  const d = new StringDecoder(enc);
  const out = chunks.map((c) => d.write(Buffer.from(c)));
  out.push(last === undefined ? d.end() : d.end(Buffer.from(last)));
  return out;
}

test('utf8 characters split across writes', () => {
  assert.deepEqual(decodeChunks('utf8', [[0xe2], [0x82, 0xac]]), ['', '€', '']);
  assert.deepEqual(decodeChunks('utf8', [[0xf0, 0x9f], [0x98], [0x80, 0x41]]), ['', '', '😀A', '']);
  assert.deepEqual(decodeChunks('utf8', [[0xf0, 0x9f, 0x98]], [0x80]), ['', '😀']);
  assert.deepEqual(decodeChunks('utf8', [[0xe2], [0x41, 0x42]]), ['', '\ufffdAB', '']);
});

test('invalid and unfinished utf8', () => {
  assert.deepEqual(decodeChunks('utf8', [[0xe2, 0x28], [0x41]]), ['\ufffd(', 'A', '']);
  assert.deepEqual(decodeChunks('utf8', [[0xc3]]), ['', '\ufffd']);
  assert.deepEqual(decodeChunks('utf8', [[0xe0, 0x80]]), ['', '\ufffd\ufffd']);
  assert.deepEqual(decodeChunks('utf8', [[0xed, 0xa0]]), ['', '\ufffd\ufffd']);
  assert.deepEqual(decodeChunks('utf8', [[0x80, 0xe2], [0x82]]), ['\ufffd', '', '\ufffd']);
  assert.deepEqual(decodeChunks('utf8', [[0xf8, 0xc3]]), ['\ufffd', '\ufffd']);
});

test('utf16le, base64, hex and latin1', () => {
  assert.deepEqual(decodeChunks('utf16le', [[0x68], [0x00, 0x3d, 0xd8], [0x00, 0xde]]), ['', 'h', '😀', '']);
  assert.deepEqual(decodeChunks('ucs2', [[0x3d, 0xd8]]), ['', '\ud83d']);
  assert.deepEqual(decodeChunks('base64', [[1], [2, 3, 4], [5]]), ['', 'AQID', '', 'BAU=']);
  assert.deepEqual(decodeChunks('hex', [[1, 255]]), ['01ff', '']);
  assert.deepEqual(decodeChunks('binary', [[233]]), ['é', '']);
});

test('strings pass through; names normalise; bad input throws', () => {
  const d = new StringDecoder();
  assert.equal(d.encoding, 'utf8');
  assert.equal(d.write('str'), 'str');
  assert.equal(new StringDecoder('UCS2').encoding, 'utf16le');
  assert.equal(new StringDecoder().write(new Uint8Array([0x41])), 'A');
  assert.throws(() => new StringDecoder('nope'), { code: 'ERR_UNKNOWN_ENCODING', message: 'Unknown encoding: nope' });
  assert.throws(() => d.write(5), { code: 'ERR_INVALID_ARG_TYPE', message: 'The "buf" argument must be an instance of Buffer, TypedArray, or DataView. Received type number (5)' });
});

test('a deliberately failing string_decoder test', () => {
  assert.deepEqual(decodeChunks('utf8', [[0xe2, 0x82], [0xac]]), ['€', '', '']);
});
