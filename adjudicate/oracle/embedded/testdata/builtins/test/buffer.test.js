const test = require('node:test');
const assert = require('node:assert/strict');
const { Buffer: B, kMaxLength } = require('node:buffer');
const { createHash } = require('node:crypto');

test('the module and the global are one Buffer', () => {
  assert.equal(B, Buffer);
  assert.equal(kMaxLength, 4294967296);
  assert.ok(Buffer.from('a') instanceof Uint8Array);
  assert.equal(Buffer.isBuffer(Buffer.alloc(1)), true);
  assert.equal(Buffer.isBuffer(new Uint8Array(1)), false);
  assert.equal(Object.getPrototypeOf(Buffer.from('ab').subarray(0)), Buffer.prototype);
  assert.ok(Buffer.from('ab').map((x) => x + 1) instanceof Buffer);
});

test('utf8 round trips and replaces what is not UTF-8 as Node does', () => {
  assert.equal(Buffer.from('héllo\ud800x').toString('hex'), '68c3a96c6c6fefbfbd78');
  assert.equal(Buffer.from([0xff, 0xfe, 0x41, 0xe2, 0x82, 0xc3, 0x28, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80]).toString(), '\ufffd\ufffdA\ufffd\ufffd(😀\ufffd\ufffd\ufffd');
  assert.equal(Buffer.from('😀 ☃').toString('utf8'), '😀 ☃');
  assert.equal(Buffer.byteLength('héllo'), 6);
  assert.equal(Buffer.from('abc').toString('utf8', 1, 2), 'b');
  assert.equal(Buffer.from('abc').toString('utf8', -1, 10), 'abc');
});

test('hex, base64, base64url, latin1, ascii and utf16le', () => {
  assert.equal(Buffer.from('abz1', 'hex').toString('hex'), 'ab');
  assert.equal(Buffer.from('abc', 'hex').toString('hex'), 'ab');
  assert.equal(Buffer.from('aGV sb\nG8=!!', 'base64').toString(), 'hello');
  assert.equal(Buffer.from('a-_b', 'base64').toString('hex'), '6befdb');
  assert.equal(Buffer.from('a-_b', 'base64url').toString('base64'), 'a+/b');
  assert.equal(Buffer.from('YQ==YQ==', 'base64').toString(), 'a');
  assert.equal(Buffer.from('abc').toString('base64url'), 'YWJj');
  assert.equal(Buffer.from('ab').toString('base64'), 'YWI=');
  assert.equal(Buffer.from([200, 65]).toString('ascii'), 'HA');
  assert.equal(Buffer.from([200, 65]).toString('latin1'), 'ÈA');
  assert.equal(Buffer.from('é☃', 'latin1').toString('hex'), 'e903');
  assert.equal(Buffer.from('hi', 'utf16le').toString('hex'), '68006900');
  assert.equal(Buffer.from([104, 0, 105]).toString('ucs2'), 'h');
  assert.equal(Buffer.byteLength('aGVsbG8=', 'base64'), 5);
  assert.equal(Buffer.byteLength('abc', 'hex'), 1);
  assert.equal(Buffer.isEncoding('UTF8'), true);
  assert.equal(Buffer.isEncoding('nope'), false);
  assert.throws(() => Buffer.from('x', 'nope'), { code: 'ERR_UNKNOWN_ENCODING', message: 'Unknown encoding: nope' });
});

test('from arrays, typed arrays, array buffers and JSON', () => {
  assert.equal(Buffer.from([257, -1, 'a', 1.7]).toString('hex'), '01ff0001');
  assert.equal(Buffer.from(new Uint16Array([1, 256])).toString('hex'), '0100');
  assert.equal(Buffer.from(new Uint16Array([1, 256]).buffer).toString('hex'), '01000001');
  assert.equal(Buffer.from(new ArrayBuffer(4), 1, 2).length, 2);
  assert.equal(JSON.stringify(Buffer.from('ab')), '{"type":"Buffer","data":[97,98]}');
  assert.equal(Buffer.from({ type: 'Buffer', data: [1, 2] }).toString('hex'), '0102');
  assert.throws(() => Buffer.from(5), { code: 'ERR_INVALID_ARG_TYPE' });
});

test('alloc, fill, slice is a view, concat, compare, equals, indexOf', () => {
  assert.equal(Buffer.alloc(3, 'ab').toString(), 'aba');
  assert.equal(Buffer.alloc(5, 'ab', 'hex').toString('hex'), 'ababababab');
  assert.equal(Buffer.alloc(2, 1).toString('hex'), '0101');
  assert.throws(() => Buffer.alloc(-1), { code: 'ERR_OUT_OF_RANGE', message: 'The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received -1' });
  assert.throws(() => Buffer.alloc('a'), { code: 'ERR_INVALID_ARG_TYPE' });
  const b = Buffer.from('abc');
  b.slice(1)[0] = 65;
  assert.equal(b.toString(), 'aAc');
  assert.equal(Buffer.from('abcd').fill('xy', 1).toString(), 'axyx');
  assert.equal(Buffer.concat([Buffer.from('a'), Buffer.from('bc')]).toString(), 'abc');
  assert.equal(Buffer.concat([Buffer.from('a'), Buffer.from('bc')], 2).toString(), 'ab');
  assert.throws(() => Buffer.concat([1]), { message: 'The "list[0]" argument must be an instance of Buffer or Uint8Array. Received type number (1)' });
  assert.equal(Buffer.compare(Buffer.from('a'), Buffer.from('b')), -1);
  assert.equal(Buffer.from('ab').compare(Buffer.from('a')), 1);
  assert.equal(Buffer.from('abc').equals(Buffer.from('abc')), true);
  assert.throws(() => Buffer.from('ab').equals('ab'), { code: 'ERR_INVALID_ARG_TYPE' });
  assert.equal(Buffer.from('hello').indexOf('l'), 2);
  assert.equal(Buffer.from('hello').indexOf('l', -2), 3);
  assert.equal(Buffer.from('hello').indexOf(Buffer.from('lo')), 3);
  assert.equal(Buffer.from('hello').includes('ell'), true);
  assert.deepStrictEqual(Buffer.from('ab'), Buffer.from([97, 98]));
  assert.notDeepStrictEqual(Buffer.from('ab'), new Uint8Array([97, 98]));
  assert.equal(String(Buffer.from('hi')), 'hi');
});

test('a hash digest without an encoding is a Buffer', () => {
  const d = createHash('md5').update('hello').digest();
  assert.ok(Buffer.isBuffer(d));
  assert.equal(d.toString('hex'), '5d41402abc4b2a76b9719d911017c592');
});

test('a deliberately failing buffer test', () => {
  assert.equal(Buffer.from('aGVsbG8=', 'base64').toString(), 'help');
});
