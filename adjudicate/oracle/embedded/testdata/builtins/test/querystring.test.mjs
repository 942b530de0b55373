import { test } from 'node:test';
import assert from 'node:assert/strict';
import qs from 'node:querystring';
import { parse, stringify } from 'querystring';

const plain = (o) => JSON.parse(JSON.stringify(o));

test('parse: repeats, empties, plus and percent', () => {
  const p = parse('a=1&b=2&a=3&c&d=&=e&f=%zz&g=%41+b');
  assert.equal(Object.getPrototypeOf(p), null);
  assert.deepEqual(plain(p), { a: ['1', '3'], b: '2', c: '', d: '', '': 'e', f: '%zz', g: 'A b' });
  assert.deepEqual(plain(parse('=')), { '': '' });
  assert.deepEqual(plain(parse('a=b=c')), { a: 'b=c' });
  assert.deepEqual(plain(parse('x=a+%E9')), { x: 'a \ufffd' });
  assert.deepEqual(plain(parse('a=%F0%9F%98%80&b=%E9')), { a: '😀', b: '\ufffd' });
  assert.deepEqual(plain(parse('&&a=1&&')), { a: '1' });
  assert.deepEqual(plain(parse('a[]=1&a[]=2')), { 'a[]': ['1', '2'] });
  assert.deepEqual(plain(parse('')), {});
  assert.deepEqual(plain(parse('__proto__=1&toString=2')), { ['__proto__']: '1', toString: '2' });
});

test('parse: separators, maxKeys and a custom decoder', () => {
  assert.deepEqual(plain(parse('a:1;b:2', ';', ':')), { a: '1', b: '2' });
  assert.deepEqual(plain(parse('a=1&b=2&c=3', '&', '=', { maxKeys: 2 })), { a: '1', b: '2' });
  assert.deepEqual(plain(parse('&&&a=1', '&', '=', { maxKeys: 3 })), {});
  assert.deepEqual(plain(parse('a=%41', null, null, { decodeURIComponent: (s) => '<' + s + '>' })), { '<a>': '<%41>' });
  assert.deepEqual(plain(parse('a=b+c', null, null, { decodeURIComponent: (s) => '<' + s + '>' })), { '<a>': '<b%20c>' });
  assert.equal(qs.decode, qs.parse);
});

test('stringify, escape and unescape', () => {
  assert.equal(stringify({ a: [1, 2], b: 'x y', c: true, d: null, e: undefined, f: {}, g: NaN, h: 'é~*()!\'' }), "a=1&a=2&b=x%20y&c=true&d=&e=&f=&g=&h=%C3%A9~*()!'");
  assert.equal(stringify({ a: 1 }, ';', ':'), 'a:1');
  assert.equal(stringify({ a: 1e21, b: [], c: ['x'] }), 'a=1e%2B21&c=x');
  assert.equal(stringify({ a: 'b c' }, null, null, { encodeURIComponent: (s) => '<' + s + '>' }), '<a>=<b c>');
  assert.equal(stringify('x'), '');
  assert.equal(stringify({ 'a b': 1n }), 'a%20b=1');
  assert.equal(qs.escape('a b&é'), 'a%20b%26%C3%A9');
  assert.equal(qs.escape({ toString() { return 'a b'; } }), 'a%20b');
  assert.throws(() => qs.escape('\ud800'), { name: 'URIError', code: 'ERR_INVALID_URI', message: 'URI malformed' });
  assert.equal(qs.unescape('%41%zz+'), 'A%zz+');
  assert.equal(qs.unescapeBuffer('%41+').toString(), 'A+');
  assert.equal(qs.encode, qs.stringify);
});

test('a deliberately failing querystring test', () => {
  assert.equal(stringify({ a: 'b c' }), 'a=b+c');
});
